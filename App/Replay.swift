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
///
/// The file is read whole before anything is shown, and refused with one line naming the event
/// and the field when it says what no session could show: a place no link reads, one that cannot
/// follow the place before it, a tab selected that is not there, an empty stack, a window with no
/// state that did not close, more windows than a session opens. It is read within limits: at most
/// `fileLimit` bytes, lines of at most `lineLimit`, nested at most `depthLimit` deep.
@MainActor
final class Replay {
    /// What one event of the file says, its places read.
    struct Event {
        /// The window's number as the user saw it.
        var number: Int
        /// The window's stable id.
        var id: Int
        /// The number of the window in front.
        var front: Int
        var cause: String
        /// The window's state; `nil` for a window that closed.
        var state: State?
        var pending: String?
    }

    /// A window's state as an event writes it, each screen read as a place of the app.
    struct State {
        var tabs: [String]
        var selected: Int
        var stacks: [[Entry]]
        var modals: [[Entry]]
    }

    /// A screen as an event writes it: its place, the query items it showed, its title.
    struct Entry {
        var place: AnyPlace
        var query: QueryItems
        var title: String
    }

    /// What cannot be replayed: one line naming the problem.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The most bytes a file may have: a session of a day writes far fewer.
    nonisolated static let fileLimit = 64 << 20
    /// The most bytes a line may have: an event of 1,000 windows' worth of places is smaller.
    nonisolated static let lineLimit = 1 << 20
    /// The deepest a line's JSON may nest: an event nests five deep.
    static let depthLimit = 16

    let events: [Event]
    let app: Waypoint
    /// How many events are applied.
    private(set) var position = 0

    /// Reads the events of `text`, one JSON object a line, each checked whole.
    /// - Throws: `Failure` naming the first line that is not an event, or the event and field
    ///   that no session could show.
    init(reading text: String, into app: Waypoint) async throws(Failure) {
        var events: [Event] = []
        var open: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            var reader = JSONReader(line, depthLimit: Self.depthLimit)
            guard let value = reader.value(), reader.isAtEnd else {
                throw Failure(
                    description: reader.isTooDeep
                        ? "line \(index + 1) nests deeper than \(Self.depthLimit) levels, which no event does"
                        : "line \(index + 1) is not an event App --events wrote (or one without its state: record it again)"
                )
            }
            let event = try await EventReader(number: index + 1, links: app.links, console: app.console).event(
                of: value)
            // The windows open after it, in the order they opened: its number is its place there.
            if event.state == nil {
                open.removeAll { $0 == event.id }
            } else if !open.contains(event.id) {
                open.append(event.id)
                guard open.count <= Windows.standardLimit else {
                    throw Failure(
                        description: "event \(index + 1): \"id\" \(event.id) opens window \(open.count), "
                            + "but a session has at most \(Windows.standardLimit) windows")
                }
            }
            if event.state != nil, open.firstIndex(of: event.id).map({ $0 + 1 }) != event.number {
                throw Failure(
                    description: "event \(index + 1): \"window\" is \(event.number), but the window of id \(event.id) "
                        + "is number \(open.firstIndex(of: event.id).map { $0 + 1 } ?? 0) of the \(open.count) open")
            }
            guard event.front <= open.count else {
                throw Failure(
                    description: "event \(index + 1): \"front\" is \(event.front), but \(open.count) "
                        + (open.count == 1 ? "window is" : "windows are") + " open")
            }
            events.append(event)
        }
        guard !events.isEmpty else { throw Failure(description: "it holds no event; record a session with --events") }
        self.events = events
        self.app = app
    }

    /// Rebuilds the session as it was after event `n` (from 1).
    /// - Throws: `Failure` for an `n` the file does not hold.
    func show(upTo n: Int) async throws(Failure) {
        guard (1...events.count).contains(n) else {
            throw Failure(description: "there is no event \(n): the file holds \(events.count), numbered from 1")
        }
        var last: [Int: Event] = [:]
        var order: [Int] = []
        for event in events[..<n] {
            if event.state == nil {
                order.removeAll { $0 == event.id }
            } else if !order.contains(event.id) {
                order.append(event.id)
            }
            last[event.id] = event
        }
        // The windows open at event n, in the order the session opened them, each in the app's
        // window at its place in that order (a window opened when there are fewer); the windows
        // left over close. Their numbers are the session's.
        var spare = app.windows.all
        var windows: [Window] = []
        for id in order {
            guard let event = last[id], let state = event.state else { continue }
            let window = spare.isEmpty ? app.windows.open() : spare.removeFirst()
            windows.append(window)
            rebuild(window, as: state)
            if let links = app.windowLinks.navigator(of: window) {
                // Nobody is signed in: resolving reads the link alone, and asks no service.
                links.pending = nil
                if let text = event.pending { links.pending = try? await links.resolve(text) }
            }
        }
        for window in spare { try? app.windows.close(window) }
        let front = events[n - 1].front
        if windows.indices.contains(front - 1) { app.windows.bringForward(windows[front - 1]) }
        position = n
    }

    /// Shows `state` in `window`: the tabs (or one stack), each stack, then the modals, each with
    /// a screen that stands in for its place. The state was checked whole as it was read.
    private func rebuild(_ window: Window, as state: State) {
        func stand(_ entry: Entry) -> StandIn { StandIn(title: entry.title, query: entry.query) }
        let firsts = state.stacks.enumerated().compactMap { index, stack in
            stack.first.map {
                (name: state.tabs.indices.contains(index) ? state.tabs[index] : "", screen: stand($0), place: $0.place)
            }
        }
        guard let root = firsts.first else { return }
        if state.tabs.isEmpty {
            try? window.replaceRoot(with: root.screen, as: root.place)
        } else {
            try? window.replaceRoot(
                withTabs: firsts.map { ($0.name, $0.screen as any Screen, $0.place) },
                selecting: state.tabs[state.selected])
        }
        for (index, stack) in state.stacks.enumerated() where index < firsts.count {
            var top: any Screen = firsts[index].screen
            for entry in stack.dropFirst() {
                let screen = stand(entry)
                try? window.push(screen, as: entry.place, from: top)
                top = screen
            }
        }
        for modal in state.modals {
            guard let first = modal.first, let source = window.state.topScreen else { break }
            let screen = stand(first)
            try? window.present(screen, as: first.place, from: source)
            var top: any Screen = screen
            for entry in modal.dropFirst() {
                let next = stand(entry)
                try? window.push(next, as: entry.place, from: top)
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
}

/// Reads one event's JSON value, checking each field against what a session can show, and
/// reading each screen's place as the app's links read it.
@MainActor
private struct EventReader {
    /// The event's number in the file, from 1.
    let number: Int
    let links: LinkNavigator
    /// What words a link's failure.
    let console: ConsoleFront

    func fail(_ field: String, _ problem: String) -> Replay.Failure {
        Replay.Failure(description: "event \(number): \"\(field)\" \(problem)")
    }

    func event(of value: JSONValue) async throws(Replay.Failure) -> Replay.Event {
        guard case .object(let fields) = value else {
            throw Replay.Failure(description: "line \(number) is not an event App --events wrote")
        }
        let window = try count(fields["window"], "window")
        let id = fields["id"] == nil ? window : try count(fields["id"], "id")
        let front = try count(fields["front"], "front")
        guard case .string(let written)? = fields["cause"] else { throw fail("cause", "is not a string") }
        // Printed as it is read: a cause, like a title, can never drive the terminal.
        let cause = written.displaySafe
        let pending: String?
        switch fields["pending"] {
        case nil, .null?: pending = nil
        case .string(let text)?:
            // Nobody is signed in: resolving reads the link alone, and asks no service.
            do throws(LinkFailure) {
                pending = try await links.resolve(text).text
            } catch {
                throw fail("pending", "is not a link this app opens: \(console.describe(error).displaySafe)")
            }
        default: throw fail("pending", "is neither a link nor null")
        }
        switch fields["state"] {
        case .null?:
            guard cause == "closed" else {
                throw fail("state", "is null, but only a window that closed (cause \"closed\") has no state")
            }
            return Replay.Event(number: window, id: id, front: front, cause: cause, state: nil, pending: pending)
        case .object(let state)?:
            return Replay.Event(
                number: window, id: id, front: front, cause: cause, state: try self.state(of: state),
                pending: pending)
        default:
            throw fail("state", "is missing, or not a window's state")
        }
    }

    /// A whole number of at least 1.
    private func count(_ value: JSONValue?, _ field: String) throws(Replay.Failure) -> Int {
        guard case .number(let number)? = value else { throw fail(field, "is missing, or not a number") }
        guard number >= 1 else { throw fail(field, "is \(number); windows are numbered from 1") }
        return number
    }

    private func state(of fields: [String: JSONValue]) throws(Replay.Failure) -> Replay.State {
        guard case .array(let names)? = fields["tabs"] else { throw fail("state.tabs", "is not a list of tabs") }
        var tabs: [String] = []
        for name in names {
            guard case .string(let text) = name, !text.isEmpty, !tabs.contains(text),
                links.tabs.contains(where: { $0.name == text })
            else {
                throw fail("state.tabs", "names a tab that is empty, named twice, or not one of this app's")
            }
            tabs.append(text)
        }
        guard case .number(let selected)? = fields["selected"] else { throw fail("state.selected", "is not a number") }
        let count = max(1, tabs.count)
        guard (0..<count).contains(selected) else {
            throw fail(
                "state.selected",
                "is \(selected), but "
                    + (tabs.isEmpty ? "a root of one stack selects 0" : "the tabs are 0 to \(count - 1)"))
        }
        guard case .array(let stackValues)? = fields["stacks"], stackValues.count == count else {
            throw fail("state.stacks", "is not one stack for each tab (\(count))")
        }
        guard case .array(let modalValues)? = fields["modals"] else {
            throw fail("state.modals", "is not a list of stacks")
        }
        var stacks: [[Replay.Entry]] = []
        for (index, value) in stackValues.enumerated() {
            let name = tabs.indices.contains(index) ? tabs[index] : nil
            stacks.append(try stack(value, "state.stacks[\(index)]", tab: name, after: nil))
        }
        var modals: [[Replay.Entry]] = []
        var under = stacks[selected].last?.place
        for (index, value) in modalValues.enumerated() {
            let modal = try stack(value, "state.modals[\(index)]", tab: nil, after: under)
            modals.append(modal)
            under = modal.last?.place
        }
        let limit = links.window?.maximumDepth ?? Window.standardDepthLimit
        let shown = stacks[selected].count + modals.reduce(0) { $0 + $1.count }
        guard shown <= limit, stacks.allSatisfy({ $0.count <= limit }) else {
            throw fail("state", "shows more than \(limit) screens, the most a window shows")
        }
        return Replay.State(tabs: tabs, selected: selected, stacks: stacks, modals: modals)
    }

    /// A stack's screens, each read as the place its path names after the one before it (the
    /// first, after `after`); a tab's first is that tab's first screen.
    private func stack(_ value: JSONValue, _ field: String, tab: String?, after: AnyPlace?) throws(Replay.Failure)
        -> [Replay.Entry]
    {
        guard case .array(let screens) = value, !screens.isEmpty else { throw fail(field, "is not a stack of screens") }
        var entries: [Replay.Entry] = []
        var previous = after
        for (index, screen) in screens.enumerated() {
            let at = "\(field)[\(index)]"
            guard case .array(let pair) = screen, pair.count == 2, case .string(let written) = pair[0],
                case .string(let title) = pair[1]
            else { throw fail(at, "is not a screen's path and title") }
            let parts = written.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            guard case .success(let places) = links.placesOrProblem(atPath: path, after: previous), places.count == 1,
                let place = places.first, let kind = links.kind(of: place)
            else { throw fail(at, "names \"\(written.prefix(80).displaySafe)\", which no place of this app reads") }
            if let previous, !links.canFollow(place, after: previous) {
                throw fail(at, "names \(path), which cannot follow \(links.path(of: previous) ?? previous.title)")
            }
            if index == 0, let tab, kind.tab != tab {
                throw fail(at, "names \(path), which is not the \(tab) tab's first screen")
            }
            var query = QueryItems()
            if parts.count == 2 {
                do { query = try LinkQuery.parse(parts[1], for: kind) } catch {
                    throw fail(at, "gives \(path) query items it does not take")
                }
            }
            entries.append(Replay.Entry(place: place, query: query, title: title.displaySafe))
            previous = place
        }
        return entries
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
    /// How deep objects and arrays may nest; a deeper value reads as none, and `isTooDeep` says why.
    private let depthLimit: Int
    private var depth = 0
    /// Whether the value read nests deeper than the limit.
    private(set) var isTooDeep = false

    init(_ text: Substring, depthLimit: Int = 16) {
        bytes = Array(text.utf8)
        self.depthLimit = depthLimit
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
        let opens = bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
        if opens {
            guard depth < depthLimit else {
                isTooDeep = true
                return nil
            }
            depth += 1
        }
        defer { if opens { depth -= 1 } }
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
        _ file: String, to: Int?, device: (any FrontDevice)?, output rawOutput: any TextOutput, errors: any TextOutput,
        compose: @MainActor (Services) -> [PlaceKind]
    ) async -> Int32 {
        // Everything printed from the file is display-checked: a title or cause it holds can
        // never drive the terminal.
        let output = DisplaySafeOutput(rawOutput)
        let quoted = CommandLineOptions.quoted(file)
        let text: String
        switch readText(file) {
        case .success(let read): text = read
        case .failure(.unreadable(let reason)):
            errors.write("error: --replay \"\(quoted)\": \(reason); give a file --events wrote\n")
            return 66
        case .failure(let problem):
            errors.write("error: --replay \"\(quoted)\": \(problem)\n")
            return 65
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
            let replay = try await Replay(reading: text, into: app)
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

    /// Why a file could not be read as text for `--replay`.
    enum ReadProblem: Error, CustomStringConvertible {
        /// The system's reason.
        case unreadable(String)
        /// Larger than `Replay.fileLimit`.
        case tooLarge
        /// A line longer than `Replay.lineLimit`.
        case lineTooLong(Int)

        var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge:
                "it is larger than \(Replay.fileLimit >> 20) MB, more than --events writes for any session; give a file --events wrote"
            case .lineTooLong(let line):
                "line \(line) is longer than \(Replay.lineLimit >> 20) MB, longer than any event; give a file --events wrote"
            }
        }
    }

    /// The whole of the file at `path`, as text, read within `Replay.fileLimit` and
    /// `Replay.lineLimit`: a device that never ends (`/dev/zero`) is refused once past them.
    private static func readText(_ path: String) -> Result<String, ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var lineStart = 0
        var lines = 1
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if count == 0 { break }
            guard bytes.count + count <= Replay.fileLimit else { return .failure(.tooLarge) }
            for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                lineStart = bytes.count + index + 1
                lines += 1
            }
            bytes += chunk[..<count]
            guard bytes.count - lineStart <= Replay.lineLimit else { return .failure(.lineTooLong(lines)) }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
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
