import Console
import Domain
import FullScreen
import MultiWindow
import Navigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `App --replay <events file> [--to <n>]`: a session recorded with `--events`, rebuilt as it was
/// after event `n` (the last, by default): every window, every tab's stack and the modals, the
/// window in front, the link that waited for sign-in. Each event carries its window's whole state
/// (`EventLog`), so a state is rebuilt from the places alone, with screens that stand in for them:
/// no service is called, nothing is sent. The line console prints `where` then; on `--screen`,
/// ← and → step through the events.
@MainActor
final class Replay {
    /// What one event of the file says.
    struct Event: Equatable {
        var window: Int
        var front: Int
        var cause: String
        /// The window's state; `nil` for a window that closed.
        var state: State?
        var pending: String?
    }

    /// A window's state as an event writes it: each screen as its place's link writes it, with
    /// query items, and its title.
    struct State: Equatable {
        var tabs: [String]
        var selected: Int
        var stacks: [[Entry]]
        var modals: [[Entry]]
    }

    /// A screen as an event writes it.
    struct Entry: Equatable {
        var path: String
        var title: String
    }

    /// What cannot be replayed: one line naming the problem.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let events: [Event]
    let app: Waypoint
    /// How many events are applied.
    private(set) var position = 0

    /// Reads the events of `text`, one JSON object a line.
    /// - Throws: `Failure` naming the first line that is not an event.
    init(reading text: String, into app: Waypoint) throws(Failure) {
        var events: [Event] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let event = Self.event(of: line) else {
                throw Failure(
                    description:
                        "line \(index + 1) is not an event App --events wrote (or one without its state: record it again)"
                )
            }
            events.append(event)
        }
        guard !events.isEmpty else { throw Failure(description: "it holds no event; record a session with --events") }
        self.events = events
        self.app = app
    }

    /// Rebuilds the session as it was after event `n` (from 1), as far as each place still reads.
    /// - Throws: `Failure` for an `n` the file does not hold.
    func show(upTo n: Int) async throws(Failure) {
        guard (1...events.count).contains(n) else {
            throw Failure(description: "there is no event \(n): the file holds \(events.count), numbered from 1")
        }
        var last: [Int: Event] = [:]
        var order: [Int] = []
        for event in events[..<n] {
            if last[event.window] == nil { order.append(event.window) }
            last[event.window] = event
        }
        // The windows open at event n, in the order the session opened them, each in the app's
        // window at its place in that order (a window opened when there are fewer): their numbers
        // are the session's. The windows left over close.
        var spare = app.windows.all
        var windows: [Int: Window] = [:]
        for id in order {
            guard let event = last[id], let state = event.state else { continue }
            let window = spare.isEmpty ? app.windows.open() : spare.removeFirst()
            windows[id] = window
            rebuild(window, as: state)
            if let links = app.windowLinks.navigator(of: window) {
                // Nobody is signed in: resolving reads the link alone, and asks no service.
                links.pending = nil
                if let text = event.pending { links.pending = try? await links.resolve(text) }
            }
        }
        for window in spare { try? app.windows.close(window) }
        if let front = windows[events[n - 1].front] { app.windows.bringForward(front) }
        position = n
    }

    /// Shows `state` in `window`: the tabs (or one stack), each stack, then the modals, each place
    /// read from its path after the place before it, with a screen that stands in for it.
    private func rebuild(_ window: Window, as state: State) {
        guard let links = app.windowLinks.navigator(of: window) else { return }
        var previous: AnyPlace?
        func stand(_ entry: Entry) -> (StandIn, AnyPlace)? {
            let parts = entry.path.split(separator: "?", maxSplits: 1)
            guard let path = parts.first,
                case .success(let places) = links.placesOrProblem(
                    atPath: String(path), after: previous), let place = places.last, let kind = links.kind(of: place)
            else { return nil }
            let query = parts.count > 1 ? (try? LinkQuery.parse(parts[1], for: kind)) ?? QueryItems() : QueryItems()
            previous = place
            return (StandIn(title: entry.title, query: query), place)
        }
        var firsts: [(name: String, screen: any Screen, place: AnyPlace)] = []
        var tops: [any Screen] = []
        for (index, stack) in state.stacks.enumerated() {
            previous = nil
            guard let first = stack.first, let (screen, place) = stand(first) else { continue }
            firsts.append((state.tabs.indices.contains(index) ? state.tabs[index] : "", screen, place))
            tops.append(screen)
        }
        guard let root = firsts.first else { return }
        if state.tabs.isEmpty {
            try? window.replaceRoot(with: root.screen, as: root.place)
        } else {
            try? window.replaceRoot(
                withTabs: firsts,
                selecting: state.tabs.indices.contains(state.selected) ? state.tabs[state.selected] : "")
        }
        for (index, stack) in state.stacks.enumerated() where index < firsts.count {
            previous = window.state.place(of: firsts[index].screen)
            var top = firsts[index].screen
            for written in stack.dropFirst() {
                guard let (screen, place) = stand(written), (try? window.push(screen, as: place, from: top)) != nil
                else { break }
                top = screen
            }
            tops[index] = top
        }
        previous = tops.indices.contains(state.selected) ? window.state.place(of: tops[state.selected]) : nil
        for modal in state.modals {
            guard let first = modal.first, let source = window.state.topScreen, let (screen, place) = stand(first),
                (try? window.present(screen, as: place, from: source)) != nil
            else { break }
            var top: any Screen = screen
            for written in modal.dropFirst() {
                guard let (next, place) = stand(written), (try? window.push(next, as: place, from: top)) != nil
                else { break }
                top = next
            }
        }
    }

    /// A screen that stands in for a recorded place: its title, and the query items it showed.
    final class StandIn: Screen, QueryReceiving {
        let title: String
        let query: QueryItems

        init(title: String, query: QueryItems) {
            self.title = title
            self.query = query
        }

        var content: ScreenContent {
            ScreenContent(lines: [.text("As it was at this event.")])
        }

        func receive(_ query: QueryItems) -> Bool { false }
    }

    // MARK: - Reading an event

    /// The event a line of `--events` writes; `nil` for a line that is none.
    static func event(of line: Substring) -> Event? {
        var reader = JSONReader(line)
        guard case .object(let fields)? = reader.value(), reader.isAtEnd,
            case .number(let window)? = fields["window"], case .number(let front)? = fields["front"],
            case .string(let cause)? = fields["cause"], let stateField = fields["state"]
        else { return nil }
        let pending: String? = if case .string(let text)? = fields["pending"] { text } else { nil }
        guard case .object(let state) = stateField else {
            return stateField == .null
                ? Event(window: window, front: front, cause: cause, state: nil, pending: pending) : nil
        }
        func strings(_ value: JSONValue?) -> [String]? {
            guard case .array(let items)? = value else { return nil }
            let texts = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
            return texts.count == items.count ? texts : nil
        }
        func stacks(_ value: JSONValue?) -> [[Entry]]? {
            guard case .array(let items)? = value else { return nil }
            let stacks = items.compactMap { item -> [Entry]? in
                guard case .array(let screens) = item else { return nil }
                let entries = screens.compactMap { screen -> Entry? in
                    guard let pair = strings(screen), pair.count == 2 else { return nil }
                    return Entry(path: pair[0], title: pair[1])
                }
                return entries.count == screens.count ? entries : nil
            }
            return stacks.count == items.count ? stacks : nil
        }
        guard let tabs = strings(state["tabs"]), case .number(let selected)? = state["selected"],
            let all = stacks(state["stacks"]), let modals = stacks(state["modals"])
        else { return nil }
        return Event(
            window: window, front: front, cause: cause,
            state: State(tabs: tabs, selected: selected, stacks: all, modals: modals), pending: pending)
    }
}

/// The JSON `--events` writes: objects, arrays, strings, whole numbers (a time's fraction is read
/// and dropped), `true`, `false`, `null`. A reader of that, and no more.
enum JSONValue: Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
}

struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: Substring) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool {
        var copy = self
        copy.skipSpaces()
        return copy.index == bytes.count
    }

    private mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            return false
        }
        index += expected.count
        return true
    }

    /// The next value; `nil` when there is none that reads.
    mutating func value() -> JSONValue? {
        skipSpaces()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var fields: [String: JSONValue] = [:]
            skipSpaces()
            if take("}") { return .object(fields) }
            while true {
                skipSpaces()
                guard let key = string(),
                    {
                        skipSpaces()
                        return take(":")
                    }(), let value = value()
                else { return nil }
                fields[key] = value
                skipSpaces()
                if take("}") { return .object(fields) }
                guard take(",") else { return nil }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipSpaces()
            if take("]") { return .array(items) }
            while true {
                guard let item = value() else { return nil }
                items.append(item)
                skipSpaces()
                if take("]") { return .array(items) }
                guard take(",") else { return nil }
            }
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return take("null") ? .null : nil
        default: return number()
        }
    }

    private mutating func number() -> JSONValue? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        let whole = Int(String(decoding: bytes[start..<index], as: UTF8.self))
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        return whole.map(JSONValue.number)
    }

    private mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "u"):
                    guard bytes.count - index >= 4,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { return nil }
                    index += 4
                    scalars.append(scalar)
                default: scalars.append(Unicode.Scalar(escape))
                }
            default:
                run.append(byte)
            }
        }
        return nil
    }
}

extension Waypoint {
    /// `App --replay <file> [--to <n>] [--screen]`: the session `file` recorded, rebuilt after
    /// event `to` (the last by default) on the demo's services in memory, which it never calls.
    /// The line console prints `where`; on `device`, the full-screen front shows it, and ← and →
    /// step through the events.
    /// - Returns: 0; 66 (EX_NOINPUT) when the file cannot be read; 65 (EX_DATAERR) when it holds no
    ///   events or no event `to`; 70 if the app cannot start.
    static func replay(
        _ file: String, to: Int?, device: (any FrontDevice)?, output: any TextOutput, errors: any TextOutput,
        compose: @MainActor (Services) -> [PlaceKind]
    ) async -> Int32 {
        let quoted = CommandLineOptions.quoted(file)
        guard let text = readText(file) else {
            errors.write(
                "error: --replay \"\(quoted)\": \(String(cString: strerror(errno))); give a file --events wrote\n")
            return 66
        }
        let backend = Backend.inMemory()
        let app: Waypoint
        do {
            // What the app's own front would say of the rebuilding (a motion a step) is not the
            // replay's to print: it prints where, below.
            app = try Waypoint(
                services: backend.dependencies, kept: backend.kept, input: ScriptedInput([]),
                output: device == nil ? RecordedOutput() : output, device: device, compose: compose)
            try await app.links.openGate()
        } catch {
            device?.finish()
            errors.write("error: the app could not start to replay: \(error)\n")
            return 70
        }
        do throws(Replay.Failure) {
            let replay = try Replay(reading: text, into: app)
            let last = to ?? replay.events.count
            try await replay.show(upTo: last)
            if let screen = app.screen {
                screen.stepper = { step in
                    let next = min(max(1, replay.position + step), replay.events.count)
                    try? await replay.show(upTo: next)
                    return replay.status
                }
                screen.show(replay.status)
                await screen.run()
                device?.finish()
                return 0
            }
            for line in [replay.status] + app.console.whereLines() { output.write(line + "\n") }
            return 0
        } catch {
            device?.finish()
            errors.write("error: --replay \"\(quoted)\": \(error)\n")
            return 65
        }
    }

    /// The whole of the file at `path`, as text; `nil` when it cannot be read (`errno` says why).
    private static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Replay {
    /// Where the replay is: `Replay: event 3 of 12 (link); window 1 in front; nothing sent to any service.`
    var status: String {
        let event = events[position - 1]
        return "Replay: event \(position) of \(events.count) (\(event.cause)); window \(event.front) in front; "
            + "nothing sent to any service."
    }
}
