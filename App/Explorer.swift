import Console
import Domain
import MultiWindow
import Navigation
import NavigationGraph
import VirtualTime

/// Proves the navigation graph on the running app (`App --explore`): breadth-first from a fresh
/// start, signed in as each demo account given, over every command the screens offer (each
/// action, with each item it can take; `back`; each tab; a second window and the switch between
/// them), to a depth. For each state reached it checks that `where` prints a link, that a fresh
/// app opening that link shows the same state, and that `explain` of the link, from the state
/// before, names the state `open` then shows and the screens it opens.
///
/// Each state is reached again from a fresh app by its commands, so a failure comes with the
/// shortest command sequence that reproduces it. An action that types text is tried only where
/// the graph says it opens a place with parameters of its own, typed as their examples in link
/// order (`bookmarks 1 1`); others (`send`, `bio`, a user name) and `quit` are not tried: they
/// change data or end the session, not where the user is.
@MainActor
struct Explorer {
    /// What a walk found.
    struct Report {
        var states = 0
        var edges = 0
        var reached: Set<String> = []
        var declared: [String] = []
        var failures: [(commands: [String], problem: String)] = []
        /// The links a fresh app opened only on a second try: a service failed the first.
        var secondTries = 0
    }

    /// Signed out; as Alice, whose friends all answer at once (Frank's profile fails); as Quinn,
    /// whose friends' screens are slow, flaky or silent (the load policies' demo).
    static let demoStarts = [[], ["login alice", "wonderland"], ["login quinn", "patience"]]

    /// Where each walk starts: the commands typed first (none: signed out, on Login).
    let starts: [[String]]
    /// How many commands after signing in.
    let depth: Int

    func run() async -> Report {
        var report = Report()
        let kinds = features(Backend.inMemory().dependencies)
        report.declared = kinds.map(\.pattern)
        let typed = Self.typedArguments(kinds)
        for start in starts { await walk(from: start, typed: typed, into: &report) }
        return report
    }

    /// What to type after an action that takes text and opens a place with parameters of its
    /// own, by the pattern of the screen it is on and its name: the parameters' examples.
    static func typedArguments(_ kinds: [PlaceKind]) -> [String: String] {
        let graph = NavigationGraph(scheme: Waypoint.scheme, kinds: kinds)
        var typed: [String: String] = [:]
        for edge in graph.edges where edge.argument != nil {
            guard let kind = kinds.first(where: { $0.pattern == edge.to }), !kind.parameters.isEmpty else { continue }
            let examples = kind.parameters.compactMap(\.example)
            guard examples.count == kind.parameters.count else { continue }
            typed[edge.from + " " + edge.action] = examples.joined(separator: " ")
        }
        return typed
    }

    /// Breadth-first from the state `start` reaches.
    private func walk(from start: [String], typed: [String: String], into report: inout Report) async {
        var seen: Set<String> = []
        var frontier: [[String]] = [start]
        for level in 0...depth {
            var next: [[String]] = []
            for commands in frontier {
                guard let session = await Session.replaying(commands) else {
                    report.failures.append((commands, "the app did not start"))
                    continue
                }
                let key = session.key
                guard seen.insert(key).inserted else { continue }
                report.states += 1
                report.reached.formUnion(session.patterns)
                await check(session, commands: commands, start: start, into: &report)
                guard level < depth else { continue }
                for command in session.commands(typed: typed) {
                    report.edges += 1
                    next.append(commands + [command])
                }
            }
            frontier = next
        }
    }

    /// The state `session` shows prints a link; a fresh app opening it shows the same; `explain`
    /// of it from the state before names what `open` does.
    private func check(_ session: Session, commands: [String], start: [String], into report: inout Report) async {
        guard let link = session.app.links.currentLink else {
            report.failures.append((commands, "where prints no link for \(session.key)"))
            return
        }
        let shown = session.shown
        if let fresh = await Session.replaying(start) {
            var outcome = await fresh.open(link)
            if fresh.shown != shown || fresh.app.links.currentLink != link {
                // A flaky service fails its first call (Hal's): a user tries again, and so does this.
                outcome = await fresh.open(link)
                if fresh.shown == shown, fresh.app.links.currentLink == link { report.secondTries += 1 }
            }
            if fresh.shown != shown || fresh.app.links.currentLink != link {
                report.failures.append(
                    (
                        commands,
                        "open \(link) in a fresh app shows \(fresh.shown) (\(outcome)), not \(shown)"
                    ))
            }
        }
        guard commands.count > start.count, let before = await Session.replaying(Array(commands.dropLast())) else {
            return
        }
        let explanation = await before.app.windowLinks.explain(link)
        guard case .runs(_, _, let steps, let target, .none) = explanation.explanation.result else {
            report.failures.append(
                (commands, "explain \(link) says it does not open (\(explanation.explanation.result))"))
            return
        }
        let arrivals = before.countArrivals()
        let outcome = await before.open(link)
        let opened = steps.filter { if case .open = $0.step { true } else { false } }.count
        let titles = target.map(\.title)
        if before.shown.path != titles || arrivals.count != opened {
            report.failures.append(
                (
                    commands,
                    "explain \(link) names \(titles.joined(separator: " > ")) and \(opened) screens opened; "
                        + "open (\(outcome)) shows \(before.shown.path.joined(separator: " > ")) and opened "
                        + "\(arrivals.count)"
                ))
        }
    }
}

extension Explorer.Report {
    /// What `App --explore` prints.
    func text(depth: Int) -> String {
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

/// A fresh app on the demo data, driven through its console.
@MainActor
private final class Session {
    let input = ScriptedInput([])
    let output = RecordedOutput()
    let app: Waypoint

    private init() throws {
        // Time moves to the next deadline once nothing else runs, as in the transcripts: a slow
        // screen, a retry's backoff, a timeout cost no real time.
        let clock = VirtualClock(advancesWhenIdle: true)
        let backend = Backend.inMemory(clock: clock)
        app = try Waypoint(
            services: backend.dependencies, kept: backend.kept, input: input, output: output, clock: clock)
    }

    /// A fresh app that has typed `commands`; `nil` when it could not start.
    static func replaying(_ commands: [String]) async -> Session? {
        guard let session = try? Session() else { return nil }
        do { try await session.app.start() } catch { return nil }
        // Typed together, as a script is: a command that asks (a password) reads the next line.
        await session.type(commands)
        return session
    }

    func type(_ lines: [String]) async {
        input.append(lines.map(RawLine.init))
        while !input.isExhausted { _ = await app.console.step() }
    }

    /// Opens `link` in the window the rule picks, as `open` does.
    func open(_ link: String) async -> String {
        do {
            let resolved = try await app.links.resolve(link)
            return "\(try await app.windowLinks.open(resolved).outcome)"
        } catch {
            return app.console.describe(error)
        }
    }

    /// The state, every window's link and the one in front: what tells two states apart.
    var key: String {
        let links = app.windows.all.map { app.windowLinks.navigator(of: $0)?.currentLink ?? "?" }
        return links.joined(separator: " | ") + " @\(app.windows.number(of: app.windows.front) ?? 0)"
    }

    /// The window in front, by title: its tab and what the user sees.
    var shown: (tab: String?, path: [String]) {
        let places = app.window.state.places
        return (places.selectedTab, places.path.map(\.title))
    }

    /// The patterns of the places every window shows.
    var patterns: Set<String> {
        var found: Set<String> = []
        for window in app.windows.all {
            guard let links = app.windowLinks.navigator(of: window), let state = links.state else { continue }
            for place in state.tabs.flatMap(\.stack) + state.path {
                if let kind = links.kind(of: place) { found.insert(kind.pattern) }
            }
        }
        return found
    }

    /// Every command worth trying here: the actions of the screen on top (each item they take,
    /// the first two numbers of a number, the examples `typed` gives for text), `back`, each
    /// tab, and windows.
    func commands(typed: [String: String]) -> [String] {
        guard let top = app.window.state.topScreen else { return [] }
        let content = top.content
        let pattern = app.window.state.place(of: top).flatMap { app.links.kind(of: $0)?.pattern } ?? ""
        let items = content.lines.filter { if case .item = $0 { true } else { false } }.count
        var commands: [String] = []
        for action in content.actions {
            switch action.argument {
            case .none: commands.append(action.name)
            case .item: commands += (0..<items).map { "\(action.name) \($0 + 1)" }
            case .number: commands += ["\(action.name) 1", "\(action.name) 2"]
            case .text: if let typed = typed[pattern + " " + action.name] { commands.append("\(action.name) \(typed)") }
            }
        }
        commands.append("back")
        commands += (app.links.state?.tabs.map(\.name) ?? []).filter { !$0.isEmpty }.map { "tab \($0)" }
        commands.append(app.windows.all.count == 1 ? "window new" : "window \(app.windows.all.count - 1)")
        return commands.filter { $0 != "quit" }
    }

    /// Counts the screens that arrive, in any window, from now on.
    func countArrivals() -> ArrivalCounter {
        let counter = ArrivalCounter()
        for window in app.windows.all { window.addObserver(counter) }
        return counter
    }
}

/// Counts arrivals.
@MainActor
final class ArrivalCounter: NavigationObserver {
    private(set) var count = 0

    func window(_ window: Window, did event: NavigationEvent) {
        if case .arrived = event { count += 1 }
    }
}
