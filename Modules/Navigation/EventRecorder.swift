/// A record of a session (`--events`): one JSON object a line for each change a user sees
/// (`ShownChange`), for analytics and accessibility tools, and for `Replay`:
///
/// ```json
/// {"time":1.204,"window":1,"id":1,"front":1,"cause":"link","screens":["Friends","Chat @bob"],
///  "tab":"friends","link":"waypoint://friends/chat/bob","delivery":false,
///  "state":"waypoint-state 2\nselected 0\ntab friends friends chat/bob\ntab chats chats\ntab me me",
///  "pending":null}
/// ```
///
/// (one line each). A change is written when the front shows it (`flush()`), one line per window
/// whose screens changed since: steps in between are not seen, so not written. A window that came
/// forward with nothing else changed is written with cause `window`; one that closed with cause
/// `closed` and no state; a link that started or stopped waiting for sign-in with nothing else
/// changed, with cause `pending`: every change to what `where` prints is an event.
///
/// `window` and `front` are the numbers the user sees (`window <n>`), `id` the window's lasting
/// id (`Window.id`). `screens` are the titles the breadcrumb shows, bottom first; `link` is the
/// link of what the window shows. `state` is the whole window in the one encoding (`StateText`),
/// what restoration keeps and `Replay` reads; `pending` is the link that waits for sign-in.
/// `time` is in seconds since the record began, on the clock given.
@MainActor
public final class EventRecorder<Places: AppPlaces>: NavigationObserver, WindowsObserver {
    private let write: @MainActor (String) -> Void
    private let now: () -> ContinuousClock.Instant
    private let start: ContinuousClock.Instant
    private weak var windows: Windows<Places>?
    /// The windows whose screens changed since the front last showed them, in the order they
    /// changed, each with how its last change came about.
    private var changed: [(window: Weak, cause: ShownChangeCause, isDelivery: Bool)] = []
    /// The windows that closed since: their ids, and the numbers they had.
    private var closed: [(id: Int, number: Int)] = []
    /// The window in front when the last line was written, by id.
    private var frontWritten = 1
    /// The link each window's last line said waits for sign-in, by window id.
    private var pendingWritten: [Int: String] = [:]

    private struct Weak {
        weak var window: Window<Places>?
    }

    /// A record of `windows`' changes, each line handed to `write`, timed on `now`.
    public init(
        _ windows: Windows<Places>, write: @escaping @MainActor (String) -> Void,
        now: @escaping () -> ContinuousClock.Instant
    ) {
        self.write = write
        self.now = now
        start = now()
        self.windows = windows
        windows.addObserver(self)
        for window in windows.all { window.addObserver(self) }
    }

    public var hearsShownChanges: Bool { true }

    public func window(_ window: Window<Places>, showed change: ShownChange<Places>) {
        forget(window)
        changed.append((Weak(window: window), change.cause, change.isDelivery))
    }

    public func windows(_ windows: Windows<Places>, did change: WindowsChange<Places>) {
        switch change {
        case .opened(let window): window.addObserver(self)
        case .closed(let window, let number):
            forget(window)
            closed.append((window.id, number))
            pendingWritten[window.id] = nil
        case .broughtForward: break
        }
    }

    /// Drops what `window` (and any window released) changed since the last line was written.
    private func forget(_ window: Window<Places>) {
        changed.removeAll { $0.window.window === window || $0.window.window == nil }
    }

    /// Writes what the user sees now, for each window that changed since the last time: what a
    /// front calls once it has drawn.
    public func flush() {
        guard let windows else { return }
        let front = windows.number(of: windows.front) ?? 1
        var written: Set<Int> = []
        for (id, number) in closed { line(number: number, id: id, front: front, cause: "closed", window: nil) }
        let wroteClosed = !closed.isEmpty
        closed = []
        for each in changed {
            guard let window = each.window.window, !window.isClosed else { continue }
            line(window, front: front, cause: each.cause.rawValue, isDelivery: each.isDelivery)
            written.insert(window.id)
        }
        changed = []
        for window in windows.all
        where !written.contains(window.id) && window.pending?.text != pendingWritten[window.id] {
            line(window, front: front, cause: "pending", isDelivery: false)
            written.insert(window.id)
        }
        if written.isEmpty, !wroteClosed, windows.front.id != frontWritten {
            line(windows.front, front: front, cause: "window", isDelivery: false)
        }
        frontWritten = windows.front.id
    }

    private func line(_ window: Window<Places>, front: Int, cause: String, isDelivery: Bool) {
        pendingWritten[window.id] = window.pending?.text
        line(
            number: windows?.number(of: window) ?? 1, id: window.id, front: front, cause: cause, window: window,
            isDelivery: isDelivery)
    }

    private func line(
        number: Int, id: Int, front: Int, cause: String, window: Window<Places>?, isDelivery: Bool = false
    ) {
        let (seconds, attoseconds) = (now() - start).components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        let time = "\(milliseconds / 1_000).\(String(1_000 + milliseconds % 1_000).dropFirst())"
        let titles = window?.state.screens.titles
        let screens = titles.map { $0.root + $0.modals.joined() } ?? []
        let quoted = JSONValue.quoted
        write(
            "{\"time\":\(time),\"window\":\(number),\"id\":\(id),\"front\":\(front),\"cause\":\(quoted(cause)),"
                + "\"screens\":[" + screens.map(quoted).joined(separator: ",") + "],"
                + "\"tab\":\(titles?.selectedTab.map(quoted) ?? "null"),"
                + "\"link\":\(window.map { quoted($0.currentLink) } ?? "null"),\"delivery\":\(isDelivery),"
                + "\"state\":\(window.map { quoted(StateText.text(of: $0.recorded)) } ?? "null"),"
                + "\"pending\":\(window?.pending.map { quoted($0.text) } ?? "null")}\n")
    }
}
