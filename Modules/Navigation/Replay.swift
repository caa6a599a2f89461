/// A session `EventRecorder` recorded, rebuilt as it was after any event: every window, every
/// tab's stack and the modals, the window in front, the link that waited for sign-in. Each event
/// carries its window's whole state in the one encoding, read here by the same reader that reads
/// kept state, with screens that stand in for its places: no service is called, nothing is sent.
///
/// The file is read whole before anything is shown, and refused with one line naming the event
/// and the field when it says what no session could show (a state the reader cannot read whole,
/// a window with no state that did not close, more windows than a session opens, numbers that do
/// not agree). It is read within limits: lines of at most `lineLimit` bytes, nested at most
/// `depthLimit` deep (its caller reads at most `fileLimit` bytes).
@MainActor
public final class Replay<Places: AppPlaces> {
    /// What one event of the file says.
    public struct Event {
        /// The window's number as the user saw it, its lasting id, the number of the one in front.
        public let number: Int
        public let id: Int
        public let front: Int
        public let cause: String
        /// The window's state; `nil` for a window that closed.
        public let state: NavigationState<Recorded<Places>>?
        /// The titles the user saw, bottom first: what the places shown stand in as (a title may
        /// name who was signed in, `Profile @alice`, which the place does not).
        public let screens: [String]
        public let pending: String?
    }

    /// What cannot be replayed: one line naming the problem.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The most bytes a file may have: a session of a day writes far fewer.
    public nonisolated static var fileLimit: Int { 64 << 20 }
    /// The most bytes a line may have.
    public nonisolated static var lineLimit: Int { 1 << 20 }
    /// The deepest a line's JSON may nest: an event nests three deep.
    public nonisolated static var depthLimit: Int { 16 }

    public let events: [Event]
    let windows: Windows<Places>
    /// How many events are applied.
    public private(set) var position = 0

    /// Reads the events of `text`, one JSON object a line, each checked whole, into `windows`;
    /// `words` words a problem of the one encoding (the front's words).
    /// - Throws: `Failure` naming the first line that is not an event, or the event and field
    ///   that no session could show.
    public init(reading text: String, into windows: Windows<Places>, words: (StateText.Problem) -> String)
        throws(Failure)
    {
        self.windows = windows
        var events: [Event] = []
        var open: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let number = index + 1
            func fail(_ field: String, _ problem: String) -> Failure {
                Failure(description: "event \(number): \"\(field)\" \(problem)")
            }
            guard line.utf8.count <= Self.lineLimit else {
                throw Failure(
                    description: "line \(number) is longer than \(Self.lineLimit >> 20) MB, longer than any event")
            }
            var reader = JSONReader(line, depthLimit: Self.depthLimit)
            guard let value = reader.value(), reader.isAtEnd, case .object(let fields) = value else {
                throw Failure(
                    description: reader.isTooDeep
                        ? "line \(number) nests deeper than \(Self.depthLimit) levels, which no event does"
                        : "line \(number) is not an event App --events wrote")
            }
            func count(_ field: String) throws(Failure) -> Int {
                guard case .number(let value)? = fields[field] else { throw fail(field, "is missing, or not a number") }
                guard value >= 1 else { throw fail(field, "is \(value); windows are numbered from 1") }
                return value
            }
            let window = try count("window")
            let id = fields["id"] == nil ? window : try count("id")
            let front = try count("front")
            guard case .string(let cause)? = fields["cause"] else { throw fail("cause", "is not a string") }
            var pending: String?
            if case .string(let text)? = fields["pending"] {
                do throws(LinkFailure<Places>) {
                    pending = try windows.front.resolve(text).text
                } catch {
                    throw fail("pending", "is not a link this app opens")
                }
            }
            var state: NavigationState<Recorded<Places>>?
            switch fields["state"] {
            case .null? where cause == "closed":
                open.removeAll { $0 == id }
            case .string(let written)?:
                let (read, problems) = StateText.read(
                    written, by: windows.front.declarations, limit: windows.front.maximumDepth)
                if let problem = problems.first { throw fail("state", "does not read: \(words(problem))") }
                guard let read else { throw fail("state", "holds no stack") }
                state = read
                if !open.contains(id) { open.append(id) }
                guard open.count <= windows.limit else {
                    throw fail(
                        "id", "\(id) opens window \(open.count), but a session has at most \(windows.limit) windows")
                }
                let position = open.firstIndex(of: id).map { $0 + 1 } ?? 0
                guard position == window else {
                    throw fail(
                        "window",
                        "is \(window), but the window of id \(id) is number \(position) of the \(open.count) open")
                }
            default:
                throw fail("state", "is missing, or null for a window that did not close (cause \"closed\")")
            }
            guard front <= open.count else {
                throw fail(
                    "front",
                    "is \(front), but \(open.count) " + (open.count == 1 ? "window is" : "windows are") + " open")
            }
            var screens: [String] = []
            if case .array(let titles)? = fields["screens"] {
                for case .string(let title) in titles { screens.append(title.displaySafe) }
            }
            events.append(
                Event(
                    number: window, id: id, front: front, cause: cause.displaySafe, state: state, screens: screens,
                    pending: pending))
        }
        guard !events.isEmpty else { throw Failure(description: "it holds no event; record a session with --events") }
        self.events = events
    }

    /// Rebuilds the session as it was after event `n` (from 1).
    /// - Throws: `Failure` for an `n` the file does not hold.
    public func show(upTo n: Int) async throws(Failure) {
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
        // window at its place in that order (a window opened when there are fewer): their numbers
        // are the session's. The windows left over close.
        var spare = windows.all
        var shown: [Window<Places>] = []
        for id in order {
            guard let event = last[id], let state = event.state else { continue }
            let window = spare.isEmpty ? windows.open() : spare.removeFirst()
            shown.append(window)
            rebuild(window, as: state, titles: event.screens)
            // Nobody is signed in: resolving reads the link alone.
            window.pending = event.pending.flatMap { try? window.resolve($0) }
        }
        for window in spare { try? windows.close(window) }
        let front = events[n - 1].front
        if shown.indices.contains(front - 1) { windows.bringForward(shown[front - 1]) }
        position = n
    }

    /// Shows `state` in `window`: the tabs (or one stack), each stack, then the modals, each place
    /// with a screen that stands in for it.
    private func rebuild(_ window: Window<Places>, as state: NavigationState<Recorded<Places>>, titles: [String]) {
        // The places shown stand in as the titles the user saw, when the event names each.
        let shown = state.path
        var seen: [Recorded<Places>: String] = [:]
        if titles.count == shown.count { for (recorded, title) in zip(shown, titles) { seen[recorded] = title } }
        func stand(_ recorded: Recorded<Places>) -> StandIn {
            StandIn(title: seen[recorded] ?? recorded.place.title, query: recorded.query)
        }
        let firsts = state.tabs.compactMap { tab in
            tab.stack.first.map { (tab.name, stand($0) as any Screen, $0.place) }
        }
        guard let root = firsts.first else { return }
        // A step of the replay is shown at once, not faded in from the step before.
        let atOnce = StandardAnimator(.none)
        if state.isTabbed {
            try? window.replaceRoot(withTabs: firsts, selecting: state.tabs[state.selected].name, animator: atOnce)
        } else {
            try? window.replaceRoot(with: root.1, as: root.2, animator: atOnce)
        }
        for (index, tab) in state.tabs.enumerated() where index < firsts.count {
            var top = firsts[index].1
            for recorded in tab.stack.dropFirst() {
                let screen = stand(recorded)
                try? window.push(screen, as: recorded.place, from: top)
                top = screen
            }
        }
        for modal in state.modals {
            guard let first = modal.first, let source = window.state.screens.topScreen else { break }
            var top: any Screen = stand(first)
            try? window.present(top, as: first.place, from: source)
            for recorded in modal.dropFirst() {
                let next = stand(recorded)
                try? window.push(next, as: recorded.place, from: top)
                top = next
            }
        }
    }

    /// Where the replay is: `Replay: event 3 of 12 (link); window 1 in front; nothing sent to any service.`
    public var status: String {
        let event = events[position - 1]
        return "Replay: event \(position) of \(events.count) (\(event.cause)); window \(event.front) in front; "
            + "nothing sent to any service."
    }

    /// A screen that stands in for a recorded place: its title, and the query items it showed.
    final class StandIn: Screen, QueryReceiving {
        let title: String
        let query: QueryItems

        init(title: String, query: QueryItems) {
            self.title = title
            self.query = query
        }

        var content: ScreenContent { ScreenContent(lines: [.text("As it was at this event.")]) }

        func receive(_ query: QueryItems) -> Bool { false }
    }
}
