import Routing

/// Shows how each screen arrived or left as one line: `~ pushed Chat @bob`. The console's
/// observer of the window, the way a UIKit front would slide views; the screens of a replaced
/// root are not named one by one (`~ replaced root with Friends` says it), and loads are
/// silent (`trace on` shows them).
public final class ConsoleAnimator: NavigationObserver {
    private let output: any TextOutput

    public init(output: any TextOutput) {
        self.output = output
    }

    public func window(_ window: Window, did event: NavigationEvent) {
        switch event {
        case .arrived(let screen, .replace):
            output.write("~ \(screen.title.displaySafe) loaded, in place of its placeholder\n")
        case .arrived(let screen, let motion):
            output.write("~ \(Self.verb(motion)) \(screen.title.displaySafe)\n")
        case .left(_, .replace):
            break
        case .left(let screen, let motion) where motion != .replaceRoot:
            output.write("~ \(Self.verb(motion)) \(screen.title.displaySafe)\n")
        case .tabSelected(let name, _):
            output.write("~ switched to the \(name.displaySafe) tab\n")
        case .left, .loadStarted, .loadFinished, .loadFailed, .loadSuperseded, .awaitingReply, .replied, .settled,
            .backGesture, .backGestureRefused, .delivered, .loadRetrying, .loadStopped, .loadFellBack, .loadRefused,
            .loadShowsPlaceholder:
            break
        }
    }

    static func verb(_ motion: Motion) -> String {
        switch motion {
        case .push: "pushed"
        case .pop: "popped"
        case .present: "presented"
        case .dismiss: "dismissed"
        case .replaceRoot: "replaced root with"
        case .replace: "replaced"
        }
    }
}
