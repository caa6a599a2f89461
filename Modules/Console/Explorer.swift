import Navigation

/// Proves the navigation graph on the running app (`App --explore`): breadth-first from a fresh
/// start (the lines `starts` gives typed first: signed out, or signed in as a demo account), over
/// every command the screens offer, handed to the console typed (`FrontCommand`): each action,
/// with each item it can take; `back`; each tab; a second window and the switch between them; to
/// a depth. For each state reached it checks that the window prints a link, that a fresh app
/// opening that link shows the same state, that `explain` of the link, from the state before,
/// names the state `open` then shows and the screens it opens, and that no word on the screen
/// names two commands.
///
/// Each state is reached again from a fresh app by its commands, so a failure comes with the
/// shortest command sequence that reproduces it. An action that takes text is tried only where
/// an offer of its screen opens a place with parameters, typed as their examples; others (`send`,
/// `bio`, a user name) are not tried: they change data, not where the user is.
@MainActor
public struct Explorer<Places: AppPlaces> {
    /// What a walk found.
    public struct Report {
        public var states = 0
        public var edges = 0
        public var reached: Set<String> = []
        public var declared: [String] = []
        public var failures: [(commands: [String], problem: String)] = []
        /// The links a fresh app opened only on a second try: a service failed the first.
        public var secondTries = 0
    }

    /// Where each walk starts: the lines typed first (none: signed out, at the gate).
    let starts: [[String]]
    /// How many commands after the start.
    let depth: Int
    /// A fresh app reading `input`, started: its console; `nil` when it could not start.
    let launch: @MainActor (ScriptedInput) async -> ConsoleFront<Places>?

    public init(
        starts: [[String]], depth: Int, launch: @escaping @MainActor (ScriptedInput) async -> ConsoleFront<Places>?
    ) {
        self.starts = starts
        self.depth = depth
        self.launch = launch
    }

    public func run() async -> Report {
        var report = Report()
        for start in starts { await walk(from: start, into: &report) }
        return report
    }

    /// Breadth-first from the state `start` reaches.
    private func walk(from start: [String], into report: inout Report) async {
        var seen: Set<String> = []
        var frontier: [[FrontCommand]] = [[]]
        for level in 0...depth {
            var next: [[FrontCommand]] = []
            for commands in frontier {
                let words = start + commands.map(\.words)
                guard let session = await Session.replaying(start, commands, launch) else {
                    report.failures.append((words, "the app did not start"))
                    continue
                }
                if report.declared.isEmpty { report.declared = session.declarations.kinds.map { $0.facts.pattern } }
                guard seen.insert(session.key).inserted else { continue }
                report.states += 1
                report.reached.formUnion(session.patterns)
                await check(session, commands: commands, start: start, into: &report)
                guard level < depth else { continue }
                for command in session.commands() {
                    report.edges += 1
                    next.append(commands + [command])
                }
            }
            frontier = next
        }
    }

    /// The state `session` shows prints a link; a fresh app opening it shows the same; `explain`
    /// of it from the state before names what `open` does.
    private func check(_ session: Session, commands: [FrontCommand], start: [String], into report: inout Report) async {
        let words = start + commands.map(\.words)
        if let twice = session.wordNamedTwice {
            report.failures.append(
                (words, "\(twice) names two commands on \(session.shown.path.last ?? "the screen"): one can never run"))
        }
        let link = session.window.currentLink
        let shown = session.shown
        if let fresh = await Session.replaying(start, [], launch) {
            var outcome = await fresh.open(link)
            if fresh.shown != shown || fresh.window.currentLink != link {
                // A flaky service fails its first call (Hal's): a user tries again, and so does this.
                outcome = await fresh.open(link)
                if fresh.shown == shown, fresh.window.currentLink == link { report.secondTries += 1 }
            }
            if fresh.shown != shown || fresh.window.currentLink != link {
                report.failures.append(
                    (words, "open \(link) in a fresh app shows \(fresh.shown) (\(outcome)), not \(shown)"))
            }
        }
        guard !commands.isEmpty, let before = await Session.replaying(start, commands.dropLast(), launch) else {
            return
        }
        let explanation = await before.console.windows.explain(link).explanation
        guard case .runs(_, _, let steps, let target, .none) = explanation.result else {
            report.failures.append((words, "explain \(link) says it does not open"))
            return
        }
        let arrivals = ArrivalCounter<Places>()
        for window in before.console.windows.all { window.addObserver(arrivals) }
        let outcome = await before.open(link)
        let opened = steps.filter { if case .open = $0.step { true } else { false } }.count
        let titles = target.map { $0.title }
        if before.shown.path != titles || arrivals.count != opened {
            report.failures.append(
                (
                    words,
                    "explain \(link) names \(titles.joined(separator: " > ")) and \(opened) screens opened; open "
                        + "(\(outcome)) shows \(before.shown.path.joined(separator: " > ")) and opened \(arrivals.count)"
                ))
        }
    }

    /// A fresh app, driven through its console.
    @MainActor
    final class Session {
        let input = ScriptedInput([])
        let console: ConsoleFront<Places>

        private init(console: ConsoleFront<Places>) {
            self.console = console
        }

        var window: Window<Places> { console.windows.front }
        var declarations: Declarations<Places> { window.declarations }

        /// A fresh app that has typed `lines` (typed together, as a script is: a command that
        /// asks, a password, reads the next line), then run `commands`; `nil` when it could not
        /// start.
        static func replaying(
            _ lines: [String], _ commands: some Collection<FrontCommand>,
            _ launch: @MainActor (ScriptedInput) async -> ConsoleFront<Places>?
        ) async -> Session? {
            let input = ScriptedInput(lines.map(RawLine.init))
            guard let console = await launch(input) else { return nil }
            while !input.isExhausted { _ = await console.step() }
            for command in commands { _ = await console.enter(command) }
            return Session(console: console)
        }

        /// Opens `link` in the window the rule picks, as `open` does.
        func open(_ link: String) async -> String {
            do throws(LinkFailure<Places>) {
                return "\(try await console.windows.open(try window.resolve(link)).outcome)"
            } catch {
                return console.describe(error)
            }
        }

        /// The state, every window's link and the one in front: what tells two states apart.
        var key: String {
            let windows = console.windows
            return windows.all.map { $0.currentLink }.joined(separator: " | ")
                + " @\(windows.number(of: windows.front) ?? 0)"
        }

        /// The window in front, by title: its tab and what the user sees.
        var shown: (tab: String?, path: [String]) {
            let places = window.state.places
            return (places.selectedTab, places.path.map { $0.title })
        }

        /// A word the screen on top lists for two commands (its own actions, those other features
        /// add, those of every screen): the console runs one of them. No declaration lists what a
        /// presenter does on its own screen, so only a screen shown can tell.
        var wordNamedTwice: String? {
            guard let top = window.state.screens.topScreen else { return nil }
            var seen: Set<String> = []
            for action in console.actions(of: top) + console.everywhere where !seen.insert(action.name).inserted {
                return action.name
            }
            return nil
        }

        /// The patterns of the places every window shows.
        var patterns: Set<String> {
            var found: Set<String> = []
            for window in console.windows.all {
                let state = window.state.places
                for place in state.tabs.flatMap({ $0.stack }) + state.path {
                    if let kind = declarations.kind(of: place) { found.insert(kind.facts.pattern) }
                }
            }
            return found
        }

        /// Every command worth trying here: the actions of the screen on top, its own and those
        /// other features add to it (each item they take, the first two numbers of a number, the
        /// examples of the parameters of the place an offer opens for text), `back`, each tab,
        /// and windows.
        func commands() -> [FrontCommand] {
            guard let top = window.state.screens.topScreen else { return [] }
            let content = top.content
            let offers = window.state.place(of: top).map { window.offers(at: $0) } ?? []
            var commands: [FrontCommand] = []
            for action in console.actions(of: top) {
                switch action.argument {
                case .none: commands.append(.action(action.name))
                case .item: commands += content.items.indices.map { .action(action.name, argument: String($0 + 1)) }
                case .number: commands += ["1", "2"].map { .action(action.name, argument: $0) }
                case .text:
                    guard let offer = offers.first(where: { $0.action == action.name }), !offer.argument.isEmpty else {
                        continue
                    }
                    commands.append(
                        .action(action.name, argument: offer.argument.map(\.example).joined(separator: " ")))
                }
            }
            commands.append(.everywhere(.back))
            commands += window.state.screens.tabNames.map { .everywhere(.tab, argument: $0) }
            let count = console.windows.all.count
            commands.append(.everywhere(.window, argument: count == 1 ? "new" : String(count - 1)))
            return commands
        }
    }
}

extension Explorer.Report {
    /// What `App --explore` prints.
    public func text(depth: Int) -> String {
        var lines = [
            "explored to depth \(depth): \(states) states, \(edges) commands followed",
            "place kinds reached: \(reached.count) of \(declared.count)",
        ]
        let missing = declared.filter { !reached.contains($0) }
        if !missing.isEmpty { lines.append("not reached: " + missing.joined(separator: ", ")) }
        if secondTries > 0 {
            lines.append("links a fresh app opened on a second try (a flaky service): \(secondTries)")
        }
        lines.append("failures: \(failures.count)")
        for failure in failures {
            lines.append("  \(failure.problem)")
            lines.append("    reproduce: " + failure.commands.joined(separator: " / "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Counts the screens that arrive.
@MainActor
final class ArrivalCounter<Places: AppPlaces>: NavigationObserver {
    private(set) var count = 0

    func window(_ window: Window<Places>, did event: NavigationEvent) {
        if case .arrived = event { count += 1 }
    }
}
