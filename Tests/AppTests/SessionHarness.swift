import Chat
import Console
import Domain
import Foundation
import Friends
import Login
import Profile
import Store
import TestSupport
import Testing
import VirtualTime

@testable import App
@testable import Navigation

/// The folder of scripted sessions: `<name>.in` is what the user types, `<name>.out` the
/// transcript the app must print for it.
let sessionsFolder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Sessions")

/// The lines of `<name>.in`.
func script(_ name: String) throws -> [RawLine] {
    let text = try String(contentsOf: sessionsFolder.appending(path: "\(name).in"), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { RawLine(String($0)) }
}

/// A whole app on demo data, talking to a script instead of a terminal.
@MainActor
struct ScriptedApp {
    let input: ScriptedInput
    let output = RecordedOutput()
    let errors = RecordedOutput()
    let app: Waypoint

    /// - Parameters:
    ///   - lines: what the user types.
    ///   - cardScreen: the value of the `profile.v2` flag.
    ///   - maximumDepth: the most screens the window shows.
    ///   - backend: the data; two sessions on one backend are two runs of App on one database.
    ///   - users: the user service the app asks, in place of `backend` (a spy that counts).
    ///   - atTerminal: the lines are typed at a terminal, which echoes them: the console prompts,
    ///     shows placeholders, and reads a line typed while a load waits.
    ///   - events: where one JSON line per change a user sees goes (`--events`).
    ///   - data: another backend in place of `backend` (a database file: two of them on one
    ///     file are two Apps on it).
    ///   - windowLimit: the most windows the session has at once.
    /// - Throws: `FlagError` or `CompositionError` if the app cannot be made.
    init(
        _ lines: [RawLine] = [], cardScreen: Bool = false, maximumDepth: Int = standardDepthLimit,
        backend: InMemoryBackend = InMemoryBackend(), users: (any UserService)? = nil, atTerminal: Bool = false,
        events: (any TextOutput)? = nil,
        data: (any AuthService & UserService & MessageService & AppStateStore)? = nil,
        windowLimit: Int = Navigation.windowLimit
    ) throws {
        input = ScriptedInput(lines, isInteractive: atTerminal, echo: atTerminal ? output : nil)
        let flags = FeatureFlags(Waypoint.flagRegistry)
        try flags.set("profile.v2", to: cardScreen)
        // A clock that moves 0.25 ms each time it is read, and as the loads' virtual clock moves:
        // `trace` prints the same on every run, and a load that waited 2 seconds took 2 seconds.
        let clock = self.clock
        let start = ContinuousClock.now
        var ticks = Duration.zero
        var live =
            data.map { Backend($0, flags: flags, clock: clock) } ?? .inMemory(backend, flags: flags, clock: clock)
        if let users { live.dependencies.users = users }
        app = try Waypoint(
            services: live.dependencies, kept: live.kept, input: input, output: output, maximumDepth: maximumDepth,
            traceClock: {
                ticks += .microseconds(250)
                return start + ticks + clock.now.offset
            }, clock: clock, events: events, windowLimit: windowLimit)
    }

    /// The clock loads wait on: it moves to each deadline once the app has nothing else to do.
    let clock = VirtualClock(advancesWhenIdle: true)

    /// Runs the script to its end, as `App < script` would, or `App --link <link> < script`.
    /// - Returns: the exit status.
    func run(link: String? = nil) async throws -> Int32 {
        var resolved: ResolvedLink<AppPlace>?
        if let link { resolved = try app.window.resolve(link) }
        return await app.run(link: resolved, errors: errors)
    }

    /// Opens Login and draws it, ready for `type(_:)`.
    func start() async throws {
        try await app.start()
        app.console.refresh()
    }

    /// Starts and signs in as Alice, on her friends list.
    func signedIn() async throws {
        try await start()
        await type("login alice", "wonderland")
    }

    /// The places on display, root first.
    var places: [AppPlace] { app.window.state.places.path }

    /// Types lines one at a time, as a user would.
    func type(_ lines: String...) async {
        await type(lines)
    }

    func type(_ lines: [String]) async {
        input.append(lines.map(RawLine.init))
        while !input.isExhausted { _ = await app.console.step() }
    }

    /// What the user sees, by title: the shown root stack (the selected tab's) and the modals.
    var state: NavigationState<String> {
        let titles = app.window.state.screens.titles
        return NavigationState(root: titles.root, modals: titles.modals)
    }

    /// The whole window, by title: every tab, shown or not.
    var titles: NavigationState<String> { app.window.state.screens.titles }
}

/// Compares `actual` with the golden file `Sessions/<name>.out`, showing the first line that
/// differs. With `WAYPOINT_RECORD=1` in the environment it writes the file instead: review the
/// diff before committing it.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = sessionsFolder.appending(path: "\(name).out")
    if ProcessInfo.processInfo.environment["WAYPOINT_RECORD"] == "1" {
        try actual.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    guard actual != expected else { return }
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let index =
        zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(actualLines.count, expectedLines.count)
    let got = index < actualLines.count ? String(actualLines[index]) : "(end of output)"
    let wanted = index < expectedLines.count ? String(expectedLines[index]) : "(end of transcript)"
    Issue.record(
        """
        \(name).out differs at line \(index + 1):
          expected: \(wanted)
          actual:   \(got)
        If the app is meant to print this now (a new command, a changed message), run
        Scripts/record-transcripts, then read the diff of Tests/AppTests/Sessions before committing it.
        """,
        sourceLocation: sourceLocation)
}

/// Places as tests write them.
extension AppPlace {
    static var loginScreen: AppPlace { .login(.login) }
    static var signup: AppPlace { .login(.signup) }
    static var forgotPassword: AppPlace { .login(.forgotPassword) }
    static var friendsList: AppPlace { .friends(.friends) }
    static func pickFriend(excluding user: UserID) -> AppPlace { .friends(.pickFriend(excluding: user)) }
    static var chats: AppPlace { .chat(.chats) }
    static var me: AppPlace { .profile(.me) }
    static var editBio: AppPlace { .profile(.editBio) }
    static func chat(_ user: UserID) -> AppPlace { .chat(.chat(user)) }
    static func profile(_ user: UserID) -> AppPlace { .profile(.profile(user)) }
}

/// The app's links as tests read them: what the declarations say of each kind of place, and
/// what may follow what.
@MainActor
struct Links {
    let window: Window<AppPlace>

    var declarations: Declarations<AppPlace> { window.declarations }
    /// Every kind of place, grouped by feature.
    var kinds: [Declarations<AppPlace>.Kind] { declarations.kinds }
    var tabs: [(name: String, root: AppPlace)] {
        zip(declarations.tabNames, declarations.tabRoots).map { (name: $0, root: $1) }
    }

    func path(of place: AppPlace) -> String { place.link.description }

    func canFollow(_ next: AppPlace, after previous: AppPlace) -> Bool { declarations.canFollow(next, after: previous) }

    func kind(of place: AppPlace) -> Declarations<AppPlace>.Kind? { declarations.kind(of: place) }

    /// The place of `kind` whose parameters read `texts`, as an offer of the app reads them.
    func place(of kind: Declarations<AppPlace>.Kind, parameters texts: [String]) -> AppPlace? {
        texts.isEmpty ? declarations.sample(of: kind) : declarations.place(kind.facts.link.path, texts)
    }

    /// An error as the user reads it, with "{patterns}", "{tabs}" and "{offers of <link>}" (what
    /// the screen of the place `waypoint://<link>` names offers, as `explain` and refusals list
    /// it) filled in from the declarations: a feature composed later, which may add a command to
    /// a screen, needs no edit here.
    func expected(_ error: String) -> String {
        error.replacing("{patterns}", with: kinds.map(\.facts.pattern).joined(separator: ", "))
            .replacing("{tabs}", with: tabs.map(\.name).joined(separator: ", "))
            .replacing(/\{offers of ([^}]+)\}/) { match in
                guard let place = try? window.resolve("waypoint://\(match.1)").matches.last?.place else {
                    return "(no place \(match.1))"
                }
                return declarations.offered(at: place).joined(separator: ", ")
            }
    }
}
