import Domain
import Navigation
import TestSupport
import Testing
import VirtualTime

/// Tests one feature alone, as its user uses it: it hosts the feature's screen in a test window,
/// with the feature's own router class and fake dependencies, lets a test act as the user would
/// (the screen's actions with their arguments, back, a gesture, a link's query items, an answer
/// to a question), and records everything navigation did as values (`NavigationRecord`): each
/// change, each load and how it ended, each reply, each question, each line a screen said.
///
/// ```swift
/// let tester = try await NavigationTester<ChatTestPlace>(showing: .chat("bob")) { prompt in
///     .demo(signedInAs: DemoData.alice, prompt: prompt)
/// }
/// await tester.perform(ChatPresenter.Action.profile)
/// tester.expect(.push("Profile @bob"))
/// tester.finish()
/// ```
///
/// **Exhaustive by default**: what the test did not assert fails it at `finish()`, with what
/// happened and what was asserted side by side; `exhaustive: false` asserts only what is named,
/// in order. `finish()` also fails while a load or a question is still open. Time runs on a
/// virtual clock: a load's retries and backoffs pass at once (`advancesTime`), and a test moves
/// the clock itself to reach a timeout (`advance(by:)`).
///
/// The test's places (`TesterPlaces`) are the feature's and stubs: a place of another feature (a
/// chat's profile) is opened as a stub, a screen titled as the place, recorded like any other;
/// the test's router class names it (`"Profile @bob"`). The tester is the window's host too: a
/// link a screen follows and a gate passed are records (`.followed`, `.gatePassed`).
@MainActor
public final class NavigationTester<Places: TesterPlaces> {
    /// The test window; its root is the tester's own screen, `Tester`.
    public let window: Window<Places>
    /// The clock the window's loads wait on.
    public let clock: VirtualClock
    /// What the feature asks the user: hand it to the feature's dependencies.
    public let prompt: Prompt
    /// Everything navigation did since the screen was shown, in order.
    public private(set) var records: [NavigationRecord<Places>] = []
    /// Whether anything not asserted fails the test at `finish()`.
    public let isExhaustive: Bool
    /// Whether waiting for an action moves the clock past a load's backoff or slow wait (not its
    /// timeout alone: a test moves the clock to reach that).
    public var advancesTime = true
    private var windowHost: Host<Places>?
    private var recorder: Recorder<Places>?
    /// How many records the test asserted (or skipped, not exhaustive).
    private var asserted = 0
    /// How many records showing the first screen made: the setting, not the test.
    private var shown = 0
    /// The action under way, while it waits for an answer or for time.
    private var running: Task<Void, Never>?
    private var isRunning = false
    /// The screen on top when the action began, and the screens that arrived since.
    private var shownBefore: ObjectIdentifier?
    fileprivate var arrived: Set<ObjectIdentifier> = []

    /// Hosts the test's places, built with the environment `environment` makes, and shows `place`
    /// from the tester's screen.
    /// - Parameters:
    ///   - place: the place to show first, pushed (or as `transition` says).
    ///   - transition: how it opens.
    ///   - exhaustive: whether anything not asserted fails the test.
    ///   - clock: what the window's loads wait on; give the same to a fake network that waits.
    ///   - environment: the features' environment, made with the dependencies whose questions go
    ///     to `prompt`.
    /// - Throws: what opening the place throws (its load's error).
    public init(
        showing place: Places, transition: any Transition = PushTransition(), exhaustive: Bool = true,
        clock: VirtualClock = VirtualClock(), _ environment: (_ prompt: Prompt) -> Places.Environment
    ) async throws {
        prompt = Prompt()
        window = Window(Declarations(environment: environment(prompt), scheme: "test"))
        self.clock = clock
        window.loader.clock = clock
        isExhaustive = exhaustive
        try await window.openGate()
        watch()
        let route = Route(place, transition: transition)
        var failure: (any Error)?
        await act { [window] in
            guard let top = window.state.screens.topScreen else { return }
            do { try await window.open(route, from: top) } catch { failure = error }
        }
        if let failure { throw failure }
        // What showing it did is the setting, not the test.
        asserted = records.count
        shown = records.count
    }

    /// Watches a window whose root is shown already, for a route a host opens itself (a flow
    /// that answers, as Friends' picker is opened from Chat), which a test runs with `run(_:)`.
    /// - Parameters:
    ///   - window: the window; its clock is the loads' clock.
    ///   - clock: that clock.
    ///   - exhaustive: whether anything not asserted fails the test.
    public init(window: Window<Places>, clock: VirtualClock, exhaustive: Bool = true) {
        self.window = window
        self.clock = clock
        isExhaustive = exhaustive
        prompt = Prompt()
        watch()
    }

    /// Lets the main actor run what is ready until the clock's sleepers stay the same for many
    /// turns in a row, or the action ends.
    private func quiesce() async {
        var unchanged = 0
        var sleepers = clock.sleepers
        while unchanged < 32, isRunning, prompt.open == nil {
            await Task.yield()
            let now = clock.sleepers
            unchanged = now == sleepers ? unchanged + 1 : 0
            sleepers = now
        }
    }

    /// Records what the window does from now on, and is its host.
    private func watch() {
        prompt.tester = self
        let windowHost = Host<Places>(tester: self)
        window.host = windowHost
        self.windowHost = windowHost
        let recorder = Recorder<Places>(tester: self)
        window.addObserver(recorder)
        self.recorder = recorder
    }

    // MARK: - Acting as the user

    /// Runs `work` as the user's action (a route of the host: `host.pickFriend(…)`), and waits as
    /// for any action; an error it throws is said (`said "error: …"`).
    public func run(_ work: @escaping @MainActor () async throws -> Void) async {
        await act {
            do { try await work() } catch { self.records.append(.said("error: \(error)")) }
        }
    }

    /// The screen on top.
    public var top: (any Screen)? { window.state.screens.topScreen }

    /// Chooses `action` on the screen on top, with `argument` as typed after it.
    public func perform(
        _ action: some ScreenAction, _ argument: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await perform(action.rawValue, argument, sourceLocation: sourceLocation)
    }

    /// Chooses the action named `action` on the screen on top; one it does not offer fails the
    /// test, naming those it offers.
    public func perform(_ action: String, _ argument: String = "", sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        guard let screen = top else { return fail("there is no screen to act on", sourceLocation: sourceLocation) }
        let offered = screen.availableActions.map(\.name)
        guard offered.contains(action) else {
            return fail(
                "\(screen.title) does not offer \(action); it offers \(offered.joined(separator: ", "))",
                sourceLocation: sourceLocation)
        }
        await act { await screen.perform(action, argument: argument) }
    }

    /// Goes back from the screen on top, as a front's back does: the screen's own way, or its
    /// router closes it, asking first if it has work to lose.
    public func back() async {
        guard let screen = top else { return }
        await act { [window] in
            guard await !screen.backRequested() else { return }
            guard let router = window.state.screens.router(of: screen) else { return }
            do { _ = try await router.closeAsking() } catch {
                self.records.append(.said("error: \(error)"))
            }
        }
    }

    /// A back gesture on the screen on top, cancelled or carried to its end.
    public func gesture(finishing: Bool) async {
        guard let screen = top, let gesture = try? window.backGestureBegan(on: screen) else { return }
        guard finishing else {
            try? window.backGestureCancelled(gesture)
            return
        }
        await act { [window] in _ = try? await window.backGestureFinished(gesture) }
    }

    /// Opens `place` from the tester's own screen, as a route of the host does (a link's first
    /// step): its load runs as its policy says, and an error is said (`said "error: …"`).
    public func open(_ place: Places, transition: any Transition = PushTransition()) async {
        let route = Route(place, transition: transition)
        await act { [window] in
            guard let top = window.state.screens.topScreen else { return }
            do { try await window.open(route, from: top) } catch { self.records.append(.said("error: \(error)")) }
        }
    }

    /// The screen on top is on top again (a screen above it closed, its tab shown again): it
    /// reloads, as a front tells it.
    public func reappear() async {
        guard let screen = top else { return }
        await act { await screen.reappearing() }
    }

    /// Hands the screen on top query items, as a link to its place does (`message=2`).
    public func deliver(_ query: QueryItems) async {
        guard let screen = top else { return }
        await act { [window] in window.deliver(query, to: screen) }
    }

    /// Answers for the place on top, a stub that answers the screen that opened it (another
    /// feature's picker), with `text`, as its user picking would; then waits for what follows.
    public func pick(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard let screen = top, let router = window.state.screens.router(of: screen) as? Router<StubScreen, Places>
        else {
            return fail("the screen on top is no stub that answers", sourceLocation: sourceLocation)
        }
        await act { do { try await router.answer(text) } catch { self.records.append(.said("error: \(error)")) } }
    }

    /// Answers the question the screen asked with yes or no, then waits for what follows.
    public func answer(_ yes: Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard prompt.resume(with: yes) else {
            return fail("no question is open to answer", sourceLocation: sourceLocation)
        }
        await settle()
    }

    /// Moves the clock on by `duration`, one deadline at a time, waiting after each for what it
    /// woke: what wakes at 300 ms has happened before what wakes at 2 s, as on a real clock.
    public func advance(by duration: Duration) async {
        let end = clock.now.advanced(by: duration)
        while let next = clock.nextDeadline, next < end {
            clock.advance(by: max(.zero, clock.now.duration(to: next)))
            await settle()
        }
        clock.advance(by: max(.zero, clock.now.duration(to: end)))
        await settle()
    }

    // MARK: - Asserting

    /// Asserts that navigation did `expected` next, in order (exhaustive), or did them in order
    /// among other things (not exhaustive). A difference fails the test with both lists.
    public func expect(_ expected: NavigationRecord<Places>..., sourceLocation: SourceLocation = #_sourceLocation) {
        let start = asserted
        if isExhaustive {
            let end = min(records.count, start + expected.count)
            let actual = Array(records[start..<end])
            asserted = end
            guard actual != expected else { return }
            Issue.record(
                Comment(rawValue: Self.difference(expected: expected, happened: Array(records[start...]))),
                sourceLocation: sourceLocation)
        } else {
            var index = start
            for record in expected {
                guard let found = records[index...].firstIndex(of: record) else {
                    asserted = records.count
                    return fail(
                        "navigation did not \(record) after what was asserted; it did:\n"
                            + Self.lines(Array(records[start...])), sourceLocation: sourceLocation)
                }
                index = found + 1
            }
            asserted = index
        }
    }

    /// Asserts that nothing happened since the last assertion (exhaustive).
    public func expectNothing(sourceLocation: SourceLocation = #_sourceLocation) {
        guard records.count > asserted else { return }
        let unasserted = Array(records[asserted...])
        asserted = records.count
        Issue.record(
            Comment(rawValue: "navigation did what the test did not expect:\n" + Self.lines(unasserted)),
            sourceLocation: sourceLocation)
    }

    /// Ends the test: fails while an action still waits (a question open, a load in flight), and,
    /// exhaustive, for anything navigation did that the test did not assert.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        if let question = prompt.open {
            Issue.record(
                "a question is still open: \"\(question)\"; answer it (tester.answer(_:)) before the test ends",
                sourceLocation: sourceLocation)
        } else if window.loader.isLoading || isRunning {
            Issue.record(
                "a load is still in flight; move the clock (tester.advance(by:)) until it ends before the test ends",
                sourceLocation: sourceLocation)
        }
        guard isExhaustive, records.count > asserted else { return }
        Issue.record(
            Comment(
                rawValue: "navigation did what the test did not assert (it asserted \(asserted - shown) of the "
                    + "\(records.count - shown) things done since the screen was shown):\n"
                    + Self.lines(Array(records[asserted...]))), sourceLocation: sourceLocation)
        asserted = records.count
    }

    // MARK: - Running an action

    /// Runs `work` as the user's action, and waits until it ends, asks a question, or waits for
    /// time the test moves itself.
    private func act(_ work: @escaping @MainActor () async -> Void) async {
        shownBefore = top.map(ObjectIdentifier.init)
        arrived = []
        await start(work)
    }

    /// Runs `work` in a task of its own, and waits for it as `settle()` does.
    private func start(_ work: @escaping @MainActor () async -> Void) async {
        isRunning = true
        running = Task { @MainActor in
            await work()
            self.isRunning = false
        }
        await settle()
    }

    /// Lets the screen on top know it is on top again, as a front does, when the action left
    /// another screen on top that did not arrive with it (a screen above it closed).
    private func reappearIfOnTopAgain() async {
        guard !isRunning, let screen = top, ObjectIdentifier(screen) != shownBefore,
            !arrived.contains(ObjectIdentifier(screen))
        else { return }
        shownBefore = ObjectIdentifier(screen)
        await start { await screen.reappearing() }
    }

    /// Waits for the action under way to end, or to wait on a question or on the clock.
    ///
    /// Time passes only once everything ready to run has run: the clock moves when its sleepers
    /// stayed the same over many turns of the main actor (a load's retry and its placeholder's
    /// watch are both filed before either is due, whatever the machine's load).
    private func settle() async {
        // Beside busy loops on a slow machine, an action that retries a load took over two minutes
        // of wall-clock time to settle: TestSupport's bound ends only a hang.
        let deadline = ContinuousClock.now + hangLimit
        while isRunning, prompt.open == nil, ContinuousClock.now < deadline {
            await quiesce()
            guard isRunning, prompt.open == nil else { break }
            // Work that waits on something other than the clock: it goes on.
            guard clock.sleepers > 0 else { continue }
            let before = clock.now
            // A backoff or a slow wait passes; a timeout's watch alone does not.
            if advancesTime { clock.advanceToNextDeadline(onlyWhileWaiting: true) }
            // Only a watch sleeps, and the work waits on it: the test moves the clock.
            if clock.now == before { break }
        }
        if isRunning, prompt.open == nil, ContinuousClock.now >= deadline {
            fail(
                "the action neither ended nor waited on the clock or a question in \(hangLimit)",
                sourceLocation: #_sourceLocation)
        }
        if !isRunning { running = nil }
        collectFeedback()
        await reappearIfOnTopAgain()
    }

    /// What every screen said, as `said` records: the one on top first, then the others.
    private func collectFeedback() {
        for screen in window.state.screens.stacks.all.reversed() {
            for line in screen.feedback.take().said { records.append(.said(line)) }
        }
    }

    private func fail(_ comment: String, sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
    }

    fileprivate func record(_ record: NavigationRecord<Places>) {
        records.append(record)
    }

    // MARK: - Words

    static func lines(_ records: [NavigationRecord<Places>]) -> String {
        records.isEmpty ? "  (nothing)" : records.map { "  \($0)" }.joined(separator: "\n")
    }

    static func difference(expected: [NavigationRecord<Places>], happened: [NavigationRecord<Places>]) -> String {
        let first =
            zip(expected, happened).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, happened.count)
        let why =
            first < happened.count && first < expected.count
            ? "record \(first + 1) differs: expected \(expected[first]), happened \(happened[first])"
                + (expected[first].description == happened[first].description
                    ? " (the same words, other values: expected \(expected[first].event), happened \(happened[first].event))"
                    : "")
            : first >= happened.count
                ? "navigation did \(happened.count) thing(s), the test expected \(expected.count)"
                : "navigation did more than the test expected"
        return "navigation did not go as expected: \(why)\nexpected:\n\(lines(expected))\nhappened:\n\(lines(happened))"
    }
}

extension NavigationTester {
    /// Answers the feature's questions: each one is recorded (`.asked`) and waits for the test's
    /// `answer(_:)`; a secret (a password) is recorded too, and given from `secrets`, in order
    /// (none once they run out, as at the end of input).
    @MainActor
    public final class Prompt: UserPrompt {
        fileprivate weak var tester: NavigationTester?
        /// The question waiting for an answer.
        public private(set) var open: String?
        /// The secrets the user types, in order.
        public var secrets: [String] = []
        private var waiting: CheckedContinuation<Bool, Never>?

        public func confirm(_ question: String) async -> Bool {
            tester?.record(.asked(question))
            open = question
            return await withCheckedContinuation { waiting = $0 }
        }

        public func secret(_ label: String) async -> String? {
            tester?.record(.asked(label))
            return secrets.isEmpty ? nil : secrets.removeFirst()
        }

        fileprivate func resume(with answer: Bool) -> Bool {
            guard let waiting else { return false }
            self.waiting = nil
            open = nil
            waiting.resume(returning: answer)
            return true
        }
    }
}

/// The window's host: what a feature asks of the app, recorded.
@MainActor
private final class Host<Places: TesterPlaces>: WindowHost {
    weak var tester: NavigationTester<Places>?

    init(tester: NavigationTester<Places>) {
        self.tester = tester
    }

    func follow(_ link: String, from screen: any Screen) async {
        tester?.record(.followed(link))
    }

    func gatePassed() async throws {
        tester?.record(.gatePassed)
    }
}

/// Turns the window's events into records.
@MainActor
private final class Recorder<Places: TesterPlaces>: NavigationObserver {
    weak var tester: NavigationTester<Places>?
    /// The place of each screen in the window, kept from its arrival: a screen that left is no
    /// longer there to ask.
    private var places: [ObjectIdentifier: Places] = [:]

    init(tester: NavigationTester<Places>) {
        self.tester = tester
    }

    func window(_ window: Window<Places>, did event: NavigationEvent) {
        guard let record = record(of: event, in: window) else { return }
        tester?.record(NavigationRecord(record))
    }

    private func place(of screen: any Screen) -> Places {
        places[ObjectIdentifier(screen)] ?? .stub(StubPlace(screen.title))
    }

    private func record(of event: NavigationEvent, in window: Window<Places>) -> NavigationRecord<Places>.Event? {
        switch event {
        case .arrived(let screen, let motion):
            let place = window.state.place(of: screen) ?? .stub(StubPlace(screen.title))
            places[ObjectIdentifier(screen)] = place
            tester?.arrived.insert(ObjectIdentifier(screen))
            switch motion {
            case .push: return .push(place)
            case .present: return .present(place)
            case .replaceRoot: return .root(place)
            case .replace, .pop, .dismiss: return nil
            }
        case .left(let screen, let motion):
            // Its place is kept: a flow's reply comes after its screen left.
            let place = place(of: screen)
            switch motion {
            case .pop: return .pop(place)
            case .dismiss: return .dismiss(place)
            case .push, .present, .replaceRoot, .replace: return nil
            }
        case .tabSelected(let name, _): return .tab(name)
        case .delivered(let screen, let query, _): return .delivered(place(of: screen), query)
        case .loadFinished: return .load(.opened)
        case .loadFailed(_, let error):
            if case .timedOut(let after)? = error as? RoutingError { return .load(.timedOut(after: after)) }
            return .load(.failed("\(error)"))
        case .loadSuperseded: return .load(.superseded)
        case .loadStopped: return .load(.stopped)
        case .loadRetrying(_, let attempt, let after, _): return .load(.retrying(attempt: attempt, after: after))
        case .loadFellBack: return .load(.fellBack)
        case .loadRefused: return .load(.refused)
        case .loadShowsPlaceholder(_, let after): return .load(.placeholder(after: after))
        case .awaitingReply(let screen): return .awaitingReply(place(of: screen))
        case .replied(let screen, let answered): return .replied(place(of: screen), answered: answered)
        case .backGesture(let screen, let phase) where phase != .began: return .gesture(place(of: screen), phase)
        case .loadStarted, .settled, .backGesture, .backGestureRefused: return nil
        }
    }
}

/// A feature's test places: its places and stubs for what it opens of other features, shown from
/// the tester's own screen (the gate, a stub titled `Tester`), with no tabs and nobody signed in.
public protocol TesterPlaces: StubPlaces {}

extension TesterPlaces {
    public static var gate: Self { .stub("Tester") }
    public static var tabs: [Self] { [] }
    @MainActor public static func passer(in environment: Environment) -> GatePasser? { nil }
    @MainActor public static func closeGate(in environment: Environment) {}
}
