import Console
import MultiWindow
import Navigation
import NavigationGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--events`: one JSON object per line for each change a user sees (`ShownChange`), for
/// analytics and accessibility tools to read:
///
/// ```json
/// {"time":1.204,"window":1,"id":1,"front":1,"cause":"link","screens":["Friends","Chat @bob"],"tab":"friends",
///  "link":"waypoint://friends/chat/bob","delivery":false,
///  "state":{"tabs":["friends","chats","me"],"selected":0,"stacks":[[["friends","Friends"],
///  ["chat/bob","Chat @bob"]],[["chats","Chats"]],[["me","Profile @alice"]]],"modals":[]},"pending":null}
/// ```
///
/// (one line each). A change is written when the front shows it (the console draws after each
/// command), one line per window whose screens changed since: the steps in between (the tabs a
/// sign-in opened before the link it followed, a new window whose link then failed) are not
/// seen, so not written. A window that came forward with nothing else changed is written with
/// cause `window`; one that closed with cause `closed` and no screens; a link that started or
/// stopped waiting for sign-in with nothing else changed, with cause `pending`: every change to
/// what `where` prints is an event.
///
/// `window` is the window's number as the user sees it (the breadcrumb's, `window <n>`'s: from 1,
/// the ones after a closed window numbered down), `id` the window's stable id (`Window.id`: from 1
/// in the order windows opened, never reused), `front` the number of the window in front after
/// the change. `screens` are
/// the titles the breadcrumb shows, bottom first (the modals' after the root stack's); `link` is
/// the link of what the window shows (`null` when a screen on display has none). `state` is the
/// whole window, every tab's stack, shown or not, and the modals, each screen as its place's link
/// writes it with the query items it shows (`chat/bob?message=2`), and its title; `tabs` is empty
/// for a root of one stack, and `state` is `null` for a closed window. `pending` is the link that waits for
/// sign-in. With them, `App --replay` rebuilds the state after any event, calling no service.
/// `time` is in seconds since the log began, on the app's clock (the one `trace` measures with).
@MainActor
final class EventLog: NavigationObserver, WindowsObserver {
    private let output: any TextOutput
    private let now: () -> ContinuousClock.Instant
    private let start: ContinuousClock.Instant
    /// The session's windows: the window in front, and the windows a change may come from.
    weak var windows: Windows?
    weak var links: WindowLinks?
    /// The windows whose screens changed since the front last showed them, in the order they
    /// changed, each with how its last change came about.
    private var changed: [(window: WeakWindow, cause: ShownChange.Cause, isDelivery: Bool)] = []
    /// The windows that closed since: their ids, and the numbers they had.
    private var closed: [(id: Int, number: Int)] = []
    /// The window in front when the last line was written, by id.
    private var frontWritten = 1
    /// The link each window's last line said waits for sign-in, by window id.
    private var pendingWritten: [Int: String] = [:]

    private struct WeakWindow {
        weak var window: Window?
    }

    init(output: any TextOutput, now: @escaping () -> ContinuousClock.Instant) {
        self.output = output
        self.now = now
        start = now()
    }

    var hearsShownChanges: Bool { true }

    func window(_ window: Window, showed change: ShownChange) {
        forget(window)
        changed.append((WeakWindow(window: window), change.cause, change.isDelivery))
    }

    func windows(_ windows: Windows, did change: WindowsChange) {
        switch change {
        case .closed(let window, let number):
            forget(window)
            closed.append((window.id, number))
            pendingWritten[window.id] = nil
        case .opened, .broughtForward: break
        }
    }

    /// Drops what `window` (and any window released) changed since the last line was written.
    private func forget(_ window: Window) {
        changed.removeAll { $0.window.window === window || $0.window.window == nil }
    }

    /// Writes what the user sees now, for each window that changed since the last time: what a
    /// front calls once it has drawn.
    func flush() {
        guard let windows else { return }
        let front = windows.number(of: windows.front) ?? 1
        var wrote = false
        for (id, number) in closed {
            write(
                number: number, id: id, front: front, cause: "closed", screens: [], tab: nil, link: nil,
                isDelivery: false)
            wrote = true
        }
        closed = []
        var written: Set<Int> = []
        for each in changed {
            guard let window = each.window.window, !window.isClosed else { continue }
            write(window, front: front, cause: each.cause.rawValue, isDelivery: each.isDelivery)
            written.insert(window.id)
            wrote = true
        }
        changed = []
        // A link that started or stopped waiting for sign-in changes what `where` prints.
        for window in windows.all where !written.contains(window.id) {
            guard links?.navigator(of: window)?.pending?.text != pendingWritten[window.id] else { continue }
            write(window, front: front, cause: "pending", isDelivery: false)
            written.insert(window.id)
            wrote = true
        }
        if !wrote, windows.front.id != frontWritten {
            write(windows.front, front: front, cause: "window", isDelivery: false)
        }
        frontWritten = windows.front.id
    }

    private func write(_ window: Window, front: Int, cause: String, isDelivery: Bool) {
        let titles = window.state.titles
        let navigator = links?.navigator(of: window)
        let pending = navigator?.pending?.text
        pendingWritten[window.id] = pending
        write(
            number: windows?.number(of: window) ?? 1, id: window.id, front: front, cause: cause,
            screens: titles.root + titles.modals.joined(), tab: titles.selectedTab, link: navigator?.currentLink,
            isDelivery: isDelivery, state: navigator.map { Self.state(of: window, by: $0) } ?? "null",
            pending: pending)
    }

    /// The whole window as JSON: the tabs, the one shown, every stack and the modals, each screen
    /// as its place's link writes it, with the query items it shows, and its title.
    static func state(of window: Window, by navigator: LinkNavigator) -> String {
        let screens = window.state.stacks
        func stack(_ stack: [any Screen]) -> String {
            "["
                + stack.map { screen in
                    let place = window.state.place(of: screen)
                    let path = place.flatMap(navigator.path(of:)) ?? place?.title ?? screen.title
                    let query = screen.queryItems
                    return "[" + quoted(query.isEmpty ? path : path + "?" + LinkQuery.text(of: query)) + ","
                        + quoted(screen.title) + "]"
                }.joined(separator: ",") + "]"
        }
        let tabs = screens.tabNames.map(quoted).joined(separator: ",")
        return "{\"tabs\":[\(tabs)],\"selected\":\(screens.selected),\"stacks\":["
            + screens.tabs.map { stack($0.stack) }.joined(separator: ",") + "],\"modals\":["
            + screens.modals.map(stack).joined(separator: ",") + "]}"
    }

    private func write(
        number: Int, id: Int, front: Int, cause: String, screens: [String], tab: String?, link: String?,
        isDelivery: Bool, state: String = "null", pending: String? = nil
    ) {
        let (seconds, attoseconds) = (now() - start).components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        let time = "\(milliseconds / 1_000).\(String(1_000 + milliseconds % 1_000).dropFirst())"
        output.write(
            "{\"time\":\(time),\"window\":\(number),\"id\":\(id),\"front\":\(front),\"cause\":\"\(cause)\",\"screens\":["
                + screens.map(Self.quoted).joined(separator: ",") + "],\"tab\":\(tab.map(Self.quoted) ?? "null"),"
                + "\"link\":\(link.map(Self.quoted) ?? "null"),\"delivery\":\(isDelivery),\"state\":\(state),"
                + "\"pending\":\(pending.map(Self.quoted) ?? "null")}\n")
        output.flush()
    }

    /// `text` as a JSON string, escaped as the navigation graph's JSON writes its strings.
    static func quoted(_ text: String) -> String { NavigationGraph.jsonString(text) }
}

/// Adds an observer to every window the session opens.
@MainActor
final class AddsObserver: WindowsObserver {
    private let observer: any NavigationObserver

    init(_ observer: any NavigationObserver) {
        self.observer = observer
    }

    func windows(_ windows: Windows, did change: WindowsChange) {
        if case .opened(let window) = change { window.addObserver(observer) }
    }
}
