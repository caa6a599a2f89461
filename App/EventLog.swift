import Console
import Links
import Routing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--events`: one JSON object per line for each change a user sees (`ShownChange`), for
/// analytics and accessibility tools to read:
///
/// ```json
/// {"time":1.204,"window":1,"cause":"link","screens":["Friends","Chat @bob"],"tab":"friends",
///  "link":"waypoint://friends/chat/bob","delivery":false}
/// ```
///
/// (one line each). `screens` are the places' titles, bottom first; `link` is the link of what
/// the window shows (`null` when a screen on display has none). `time` is in seconds since the log began, on the app's clock (the one `trace` measures with).
@MainActor
final class EventLog: ShownChangeObserver {
    private let output: any TextOutput
    private let now: () -> ContinuousClock.Instant
    private let start: ContinuousClock.Instant
    /// The session's windows, to number the window of each change, and their links.
    weak var windows: Windows?
    weak var links: WindowLinks?

    init(output: any TextOutput, now: @escaping () -> ContinuousClock.Instant) {
        self.output = output
        self.now = now
        start = now()
    }

    func window(_ window: Window, showed change: ShownChange) {
        let (seconds, attoseconds) = (now() - start).components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        let time = "\(milliseconds / 1_000).\(String(1_000 + milliseconds % 1_000).dropFirst())"
        let screens = change.path.map { Self.quoted($0.title) }.joined(separator: ",")
        let number = windows?.number(of: window) ?? 0
        let link = links?.navigator(of: window)?.currentLink.map(Self.quoted) ?? "null"
        output.write(
            "{\"time\":\(time),\"window\":\(number),\"cause\":\"\(change.cause.rawValue)\",\"screens\":[\(screens)],"
                + "\"tab\":\(change.tab.map(Self.quoted) ?? "null"),\"link\":\(link),\"delivery\":\(change.isDelivery)}\n"
        )
        output.flush()
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
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
