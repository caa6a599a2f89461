import Navigation

/// Shows how each screen arrived or left as one line: `~ pushed Chat @bob`. The console's
/// observer of the window, the way a UIKit front would slide views; the screens of a replaced
/// root are not named one by one (`~ replaced root with Friends` says it), and loads are
/// silent (`trace on` shows them).
public final class ConsoleAnimator<Places: AppPlaces>: NavigationObserver {
    private let output: any TextOutput
    /// The session's windows: a change in a window that is not in front names it
    /// (`~ window 1: dismissed Profile @ivy`), as its load may end while the user is elsewhere.
    public weak var windows: Windows<Places>?

    public init(output: any TextOutput) {
        self.output = output
    }

    public func window(_ window: Window<Places>, did event: NavigationEvent) {
        switch event {
        case .arrived(let screen, .replace):
            say(window, "", screen.title, " loaded, in place of its placeholder\n")
        case .arrived(let screen, let motion):
            say(window, Self.verb(motion), screen.title, "\n")
        case .left(_, .replace):
            break
        case .left(let screen, let motion) where motion != .replaceRoot:
            say(window, Self.verb(motion), screen.title, "\n")
        case .tabSelected(let name, _):
            say(window, "switched to the ", name, " tab\n")
        case .left, .loadStarted, .loadFinished, .loadFailed, .loadSuperseded, .awaitingReply, .replied, .settled,
            .backGesture, .backGestureRefused, .delivered, .loadRetrying, .loadStopped, .loadFellBack, .loadRefused,
            .loadShowsPlaceholder:
            break
        }
    }

    /// Writes `before`, `name` made safe to print, and `after`, built as bytes: a line for
    /// nearly every command.
    private func say(_ window: Window<Places>, _ before: StaticString, _ name: String, _ after: StaticString) {
        var text = ConsoleText(capacity: 64)
        text.append("~ ")
        if let windows, window !== windows.front, let number = windows.number(of: window) {
            text.append("window ")
            text.add(String(number))
            text.append(": ")
        }
        text.append(before)
        text.add(name)
        text.append(after)
        text.write(to: output)
    }

    /// `pushed `: what the line says of `motion`, after `~ `.
    private static func verb(_ motion: Motion) -> StaticString {
        switch motion {
        case .push: "pushed "
        case .pop: "popped "
        case .present: "presented "
        case .dismiss: "dismissed "
        case .replaceRoot: "replaced root with "
        case .replace: "replaced "
        }
    }
}
