import Domain
import Navigation

/// The longest line, in bytes, the console reads as a command.
public let lineLimit = 4_096

/// The line-based front: draws the window's top-most screen as text, from the content its
/// presenter gives it, reads a line, and hands it to that screen as one of its actions, or to a
/// command that works everywhere (`help`, `back`, `where`, `trace`, `tab`, `open`, `explain`,
/// `window`, `windows`, `cancel`, `signout`, `quit`; with flags, `flags` and `flag`).
///
/// It is a plain loop: each line is handled to its end before the next is read. Input and output
/// are injected, so a test scripts a whole session. Bad input gets one `error: …` line and
/// changes nothing.
@MainActor
public final class ConsoleFront<Places: AppPlaces> {

    /// The session's windows: every command acts on the one in front.
    public let windows: Windows<Places>
    /// The window in front.
    var window: Window<Places> { windows.front }
    let input: any LineSource
    let output: any TextOutput
    /// Where each user was: kept as the session ends.
    public var restoration: Restoration<Places>?
    /// Runs each time what the user sees is on display (after each command, after a load that
    /// ended): a record of the session (`--events`) writes what changed then.
    public var onDisplayed: (@MainActor () -> Void)?
    /// With no `restoration`, what the session's last words say of where a signed-in user was
    /// (`--in-memory`: nothing is kept); `nil` says nothing.
    public var notKept: String?
    /// The feature flags, and how a flag set here is kept for the next run: with them come
    /// `flags` and `flag`.
    public var flags: (flags: FeatureFlags, keep: @MainActor (_ name: String, _ isOn: Bool) throws -> Void)?
    /// The version of the data rules read (`AppStateStore.dataVersion()`): when it changes, the
    /// rules of what each window shows are checked again (`checkRules()`). `nil`: never.
    public var dataVersion: (@MainActor () -> Int)?
    /// The data version the rules were last checked at.
    var seenDataVersion: Int?

    /// The screen drawn last, held weakly, so a released screen never counts as drawn, and what
    /// it showed then.
    weak var drawn: (any Screen)?
    var drawnContent: ScreenContent?
    /// The screens that arrived in the window since the console last drew, held weakly.
    var arrivals: [WeakScreen] = []
    /// The console's own lines to say after the screen on top: what links and sign-in did.
    var said: [ScreenFeedback.Line] = []
    /// The session ends after the line being handled (`quit`, also at a question, or the end of
    /// input while a question waited).
    var endRequested = false
    private let traceClock: () -> ContinuousClock.Instant
    /// The trace observer, while `trace on`.
    fileprivate var trace: ConsoleTrace<Places>?
    /// Whether the console draws the screen on top after each line. A front that draws the
    /// screens itself (the full-screen terminal) turns it off and hands the console lines to
    /// handle (`enter(_:)`), keeping its words: errors, notices, `where`, `help`, `explain`.
    public var drawsScreens = true
    /// What a console command is typed after, as the console's hints write it: nothing at the
    /// line console; `:` under the full-screen front, where a letter alone is a key, so "type
    /// help" there would run the actions of h, e, l and p (`type :help`).
    public var commandMark = ""

    /// Whether the session ends after what is being handled (`quit` at a question).
    public var isEnding: Bool { endRequested }
    private var watch: ArrivalWatch<Places>?
    /// What every window's features reach beyond the core through (`WindowHost`).
    var host: ConsoleHost<Places>?
    /// Says how each screen arrived or left, in every window (`~ pushed Chat @bob`), while set.
    fileprivate var animator: ConsoleAnimator<Places>?

    /// Whether the console says how each screen arrives or leaves (`ConsoleAnimator`): a front
    /// that animates the screens itself leaves it off.
    public var animates: Bool {
        get { animator != nil }
        set {
            guard newValue != animates else { return }
            if newValue {
                let animator = ConsoleAnimator<Places>(output: output)
                animator.windows = windows
                self.animator = animator
            } else {
                animator = nil
            }
        }
    }
    /// While a load waits at a terminal, what wakes the console to look again.
    fileprivate var listener: Wakeup?
    /// Whether a prompt was printed while a load waited and nothing was typed after it yet.
    var isPromptOpen = false
    /// What was half typed when a rule drew the screen again before the prompt, or when what a
    /// load said ended a prompt printed while it waited: shown after the next prompt.
    private var heldAfterPrompt: RawLine?
    /// The commands that work everywhere, the last two made (`everywhereCommands()`).
    var madeEverywhere: [EverywhereCommands] = []
    /// The screen a line already typed was for, by title, with its actions, when a rule took it
    /// away before the line arrived: such a line is not run on the screen shown now.
    var typedFor: (title: String, actions: Set<String>)?

    /// - Parameters:
    ///   - window: the window to show and talk to.
    ///   - input: where lines come from.
    ///   - output: where everything is written.
    ///   - traceClock: the clock `trace on` measures with; tests pass one they move.
    public convenience init(
        window: Window<Places>, input: any LineSource, output: any TextOutput,
        traceClock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.init(windows: Windows(first: window), input: input, output: output, traceClock: traceClock)
    }

    /// - Parameters:
    ///   - windows: the session's windows, to show and talk to the one in front.
    ///   - input: where lines come from.
    ///   - output: where everything is written.
    ///   - traceClock: the clock `trace on` measures with; tests pass one they move.
    public init(
        windows: Windows<Places>, input: any LineSource, output: any TextOutput,
        traceClock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.windows = windows
        self.input = input
        self.output = output
        self.traceClock = traceClock
        let watch = ArrivalWatch(front: self)
        for window in windows.all { window.addObserver(watch) }
        self.watch = watch
        windows.addObserver(watch)
        host = ConsoleHost(console: self)
    }

    var words: ConsoleWords<Places> { ConsoleWords(window: window, mark: commandMark) }

    /// Whether every change to every window is printed as it happens (`trace on`).
    public var isTracing: Bool {
        get { trace != nil }
        set {
            guard newValue != isTracing else { return }
            if trace != nil {
                trace = nil
            } else {
                let trace = ConsoleTrace<Places>(output: output, now: traceClock)
                trace.number = { [weak windows] window in
                    guard let windows, windows.all.count > 1 else { return nil }
                    return windows.number(of: window)
                }
                self.trace = trace
            }
        }
    }

    /// A window opened: the console hears it, and traces it while `trace on`.
    fileprivate func opened(_ window: Window<Places>) {
        if let watch { window.addObserver(watch) }
    }

    /// Draws the top-most screen, then handles lines until `quit` or the end of input.
    public func run() async {
        defer { output.flush() }
        input.endsAtSignal()
        if let top = topBackOnTop() { await top.reappearing() }
        guard refresh(), !output.isClosed else { return }
        while await step() {}
    }

    /// Draws the top-most screen if it is new or changed, then says what it and the console have
    /// to say.
    /// - Returns: `false` when there is no screen to show.
    @discardableResult
    public func refresh() -> Bool {
        guard let top = window.state.screens.topScreen else {
            sayError("there is no screen to show; the session ends here")
            return false
        }
        if drawsScreens {
            let content = top.content
            if top !== drawn || content != drawnContent { draw(top, content) }
        } else {
            // The front draws it: it is on display all the same.
            drawn = top
        }
        if !window.feedback.waiting.isEmpty { say(top.feedback.take()) }
        // Nearly always there is nothing to say: `say` is not called then, as a call looks up the
        // types its failures are read by.
        if !said.isEmpty { say(said) }
        said = []
        onDisplayed?()
        return true
    }

    /// Reads one line and handles it to its end.
    ///
    /// From a pipe, each line waits for the one before to end, loads and all, so a transcript
    /// reads the same on every machine. At a terminal, while a load waits behind a placeholder,
    /// the console listens: `back` stops the load, and any other command runs at once, as the
    /// load's policy says (a newer navigation wins, or is refused while the first one loads).
    /// - Returns: `false` once the session is over (`quit`, or the end of input).
    public func step() async -> Bool {
        // What another App changed since the last command shows before the next is read; a line
        // typed already was typed for what was shown before.
        if rulesMayBreak {
            let shown = shownForTyping()
            if await checkRules() {
                let partial = input.isInteractive ? input.holdPartialLine() : nil
                noteTypedFor(shown, typed: !input.isInteractive || partial != nil || input.hasLineReady())
                refresh()
                heldAfterPrompt = partial
            }
        }
        guard let line = input.isInteractive ? await readTypedLine() : readPipedLine() else { return end() }
        guard input.isInteractive, window.loader.showsPlaceholders else { return await enter(line) }
        return await enterListening(line)
    }

    /// Handles `line` in a task of its own, and, while a placeholder stands in for a screen it
    /// loads, reads and handles the lines typed meanwhile.
    private func enterListening(_ line: RawLine) async -> Bool {
        let listener = Wakeup()
        // A line typed while a load waits may start a load of its own (a newer link): it is
        // listened to the same way, inside this listener, which alone ends the session.
        let outer = self.listener
        self.listener = listener
        defer { self.listener = outer }
        var going: Bool?
        // The window the command loads in: the one in front, as the command itself may bring
        // another forward, until a line typed meanwhile brings another window forward; its load
        // is then still the one waited for, and what the command says as it ends names it.
        var loading = window
        var movedAway = false
        let command = Task { @MainActor in
            let answer = await self.enter(line, leftBehind: { movedAway ? loading : nil })
            going = answer
            listener.wake()
            return answer
        }
        var prompted = false
        weak var reminded: PlaceholderScreen?
        // Nested, the placeholder that stood in when this command was typed is the outer one's:
        // this listener waits for one of its own command's.
        weak let earlier = outer == nil ? nil : loading.loader.placeholderShown
        while going == nil {
            if !movedAway { loading = window }
            if !prompted, movedAway, loading !== window {
                // Another window is in front: its commands run at once, while this one loads.
                writePrompt()
                isPromptOpen = true
                prompted = true
            } else if !prompted, let placeholder = loading.loader.placeholderShown, placeholder !== earlier {
                // The load takes long: the placeholder is drawn, and the prompt comes back.
                refresh()
                if placeholder !== reminded {
                    say("Still loading; type \(commandMark)back to stop waiting, or another command.")
                    reminded = placeholder
                }
                writePrompt()
                isPromptOpen = true
                prompted = true
            }
            if prompted, input.hasLineReady() {
                guard let next = input.readLine() else {
                    // The input ended: the load is waited for, and the session ends. By a signal
                    // (`StandardInput.endsAtSignal()`), it ends at once, as at `quit`.
                    guard TerminalRestore.signalled != nil else { break }
                    loading.loader.stop()
                    _ = await command.value
                    return outer == nil ? end() : false
                }
                isPromptOpen = false
                let front = window
                defer { if window !== front { movedAway = window !== loading } }
                if await !handleWhileLoading(next) {
                    // The session ends: the load stops first, so what is kept (and said) is the
                    // state without its placeholder, and it is said once, by the outermost.
                    loading.loader.stop()
                    _ = await command.value
                    return outer == nil ? end() : false
                }
                prompted = false
                continue
            }
            await listener.wait(atMost: Self.listenInterval, on: loading.loader.clock)
        }
        // The command itself may end the session: it leaves the farewell to this listener.
        return await command.value ? true : outer == nil ? end() : false
    }

    /// How often the console looks for a line typed while a load waits.
    static var listenInterval: Duration { .milliseconds(20) }

    /// Handles a line typed while a load waited: `back` stops it; anything else runs at once.
    /// - Returns: `false` when the session ends.
    private func handleWhileLoading(_ line: RawLine) async -> Bool {
        if case .success(let text) = line.text(limit: lineLimit),
            Command(text)?.name == ConsoleCommand.back.rawValue,
            let placeholder = window.loader.placeholderShown
        {
            window.loader.stop()
            say("Stopped loading \(placeholder.title.displaySafe); nothing opened.")
            return true
        }
        // Nested: a newer load is listened to, and a line that ends the session (quit) leaves the
        // farewell to the outermost listener, once the load has stopped.
        return await enterListening(line)
    }

    /// Handles `line` to its end, as if it had been typed (without echoing it): what a front
    /// that reads its own keys does with a command it made.
    /// - Parameters:
    ///   - line: the command, as typed.
    ///   - leftBehind: the window the command was loading in when the user brought another one
    ///     forward, if that happened: what the command says as it ends then names that window,
    ///     under the front's screen. A command that brings a window forward itself speaks plainly.
    /// - Returns: `false` once the session is over.
    public func enter(_ line: RawLine, leftBehind: @escaping @MainActor () -> Window<Places>? = { nil }) async -> Bool {
        await enter(leftBehind: leftBehind) { await handle(line) }
    }

    /// Handles `command`, a front's own (a key that means `back`), as `enter(_:)` handles a line.
    /// - Returns: `false` once the session is over.
    public func enter(_ command: FrontCommand, leftBehind: @escaping @MainActor () -> Window<Places>? = { nil }) async
        -> Bool
    {
        await enter(leftBehind: leftBehind) {
            typedFor = nil
            return await handle(command)
        }
    }

    private func enter(leftBehind: @MainActor () -> Window<Places>?, _ handling: () async -> Bool) async -> Bool {
        // While the console listens during a load, the listener ends the session, once the load
        // has stopped.
        if await !handling() || endRequested { return listener == nil ? end() : false }
        settle()
        if rulesMayBreak { await checkRules() }
        if let top = topBackOnTop() { await top.reappearing() }
        if let behind = leftBehind(), behind !== window, !behind.isClosed { sayBehind(behind) }
        refresh()
        // Nobody reads the output any more (`App | head -1`): stop instead of answering the
        // rest of the input into the void.
        return !output.isClosed
    }

    /// A question opened or closed in a window (a picker): where the user is is kept now, so the
    /// question comes back after a kill; a keep that fails says so.
    public func questionsChanged() {
        guard let kept = restoration?.questionsChanged(), kept.failure != nil else { return }
        said.append(.error(InputRefused(words.words(for: kept))))
    }

    /// Ends the session: the app's last words (a link dropped, where the user was kept), then
    /// "Bye.". A front that reads its own keys calls it when its input ends.
    @discardableResult
    public func end() -> Bool {
        let dropped = windows.all.compactMap { $0.dropPending() }
        if !dropped.isEmpty {
            for link in dropped { say("Dropped \(link): you left before signing in.") }
        } else if let kept = restoration?.keep() {
            say(words.words(for: kept))
        } else if restoration == nil, let notKept, window.isGatePassed {
            say(notKept)
        }
        say("Bye.")
        return false
    }

    // MARK: - Handling a line

    /// Handles `line` to its end.
    /// - Returns: `false` when the session ends.
    private func handle(_ line: RawLine) async -> Bool {
        let stale = typedFor
        typedFor = nil
        let text: String
        switch line.text(limit: lineLimit) {
        case .success(let valid): text = valid
        case .failure(let problem):
            sayError("\(problem)")
            return true
        }
        guard let command = Command(text) else {
            sayError("the line is empty; type a command, or \(commandMark)help to list them")
            return true
        }
        let known = ConsoleCommand(rawValue: command.name)
        let everywhere = known.flatMap { everywhereCommand(named: $0.rawValue) }
        if let stale, stale.actions.contains(command.name), everywhere == nil {
            let quoted = text.count > 60 ? text.prefix(60) + "..." : text[...]
            sayError("\"\(quoted)\" was not done: it was typed for \(stale.title), which left before it arrived")
            return true
        }
        let typed: FrontCommand =
            if everywhere != nil, let known {
                .everywhere(known, argument: command.argument)
            } else {
                .action(command.name, argument: command.argument)
            }
        return await handle(typed)
    }

    /// Handles `typed` to its end.
    /// - Returns: `false` when the session ends.
    private func handle(_ typed: FrontCommand) async -> Bool {
        guard let screen = window.state.screens.topScreen else {
            sayError("there is no screen to talk to; the session ends here")
            return false
        }
        let command = typed.command
        // One action found, the front's own or the screen's: one optional at a time, not a pair.
        let action: ScreenContent.Action
        if typed.isEverywhere, let everywhere = everywhereCommand(named: command.name) {
            action = everywhere
        } else if !typed.isEverywhere, let own = screen.availableAction(named: command.name) {
            action = own
        } else if !typed.isEverywhere, let added = contributed(to: screen).first(where: { $0.name == command.name }) {
            // A command another feature adds to this screen (`Contribution`) opens what it offers.
            guard let argument = argument(of: command, for: added) else { return true }
            do { try await window.perform(contributed: added.name, argument: argument, on: screen) } catch {
                sayError(words.words(for: error))
            }
            return true
        } else {
            sayError(
                "unknown command \"\(command.name)\" on \(screen.title); type \(commandMark)help to list the commands here"
            )
            return true
        }
        guard let argument = argument(of: command, for: action) else { return true }
        if case .everywhere(let known, _) = typed { return await handleEverywhere(known, command, on: screen) }
        let home = window
        await screen.perform(action.name, argument: argument)
        // A screen that left its window while it acted (a picker that answered) still says what
        // it has to say: it has nobody else to say it to.
        if !home.state.screens.contains(screen) { say(screen.feedback.take()) }
        return true
    }

    /// The one error line for `command` (`windows`, `window new`) typed with something after it.
    func sayTakesNothing(_ command: String) {
        sayError("\(command) takes nothing after it; type just \(commandMark)\(command)")
    }

    /// The text after the command, once it is what `action` takes: nothing for an action that
    /// takes nothing, one number for one that takes a number. Otherwise one error line, and `nil`.
    private func argument(of command: Command, for action: ScreenContent.Action) -> String? {
        let (name, argument) = (command.name, command.argument)
        switch action.argument {
        case .none:
            guard argument.isEmpty else {
                sayTakesNothing(name)
                return nil
            }
        case .text:
            break
        case .item(let noun), .number(let noun, from: _):
            // Worded only for a command that needs it: most give their number right.
            func usage() -> String {
                let from = if case .number(_, let from) = action.argument { from } else { "the list" }
                return "\(name) <n>, with n from \(from)"
            }
            guard command.words.count == 1, let word = command.words.first else {
                sayError("\(name) needs one \(noun)'s number: \(usage())")
                return nil
            }
            guard Int(word) != nil else {
                sayError("\"\(word)\" is not a number; type \(commandMark)\(usage())")
                return nil
            }
        }
        return argument
    }

    /// Handles `known`, a command every screen takes, typed as `command`.
    /// - Returns: `false` when the session ends.
    private func handleEverywhere(_ known: ConsoleCommand, _ command: Command, on screen: any Screen) async -> Bool {
        switch known {
        case .help: showHelp(for: screen)
        case .where: showWhere()
        case .trace: setTrace(command)
        case .quit: return false
        case .back: await back(from: screen)
        case .flags: listFlags()
        case .flag: setFlag(command)
        case .tab, .open, .explain, .cancel, .signout: await handleLinkCommand(known, command)
        case .window, .windows: await handleWindowCommand(command)
        }
        return true
    }

    /// `back`: the screen goes back its own way, or its module closes through its router, asking
    /// first whatever has work to lose.
    private func back(from screen: any Screen) async {
        guard await !screen.backRequested() else { return }
        guard let router = window.state.screens.router(of: screen) else {
            return sayError(words.words(for: RoutingError.noOpeningTransition(screen: screen.title)))
        }
        do { _ = try await router.closeAsking() } catch { sayError(words.words(for: error)) }
    }

    /// Says what each screen still in the window but not on top has to say (a chat that heard a
    /// picker's answer while another tab is shown); a screen that left has nobody to speak to.
    private func settle() {
        guard !window.feedback.waiting.isEmpty else { return }
        let top = window.state.screens.topScreen
        window.state.screens.forEachScreen { screen in
            guard screen !== top else { return }
            let lines = screen.feedback.take()
            if !lines.isEmpty { say(lines) }
        }
    }

    /// The screen on top, if it is on top again and is to be told so (`reappearing()`): another
    /// one was drawn before it (a tab switched, a screen above it closed). A screen that arrived
    /// since the last draw is not: its provider has just loaded it, and it draws what it loaded.
    private func topBackOnTop() -> (any Screen)? {
        let arrived = arrivals
        arrivals = []
        guard let top = window.state.screens.topScreen, top !== drawn else { return nil }
        guard !arrived.contains(where: { $0.screen === top }) else { return nil }
        return top
    }

    /// The commands `screen` offers: its own, then those other features add to it.
    public func actions(of screen: any Screen) -> [ScreenContent.Action] {
        screen.availableActions + contributed(to: screen)
    }

    /// The commands other features add to `screen`; asked only of an app that has some.
    func contributed(to screen: any Screen) -> [ScreenContent.Action] {
        window.declarations.hasContributions ? window.contributed(to: screen) : []
    }

    func arrived(_ screen: any Screen) {
        arrivals.append(WeakScreen(screen: screen))
    }

    // MARK: - Reading

    /// Reads a command line from a pipe, and echoes it after the prompt, so the output reads like
    /// a transcript.
    private func readPipedLine() -> RawLine? {
        let line = input.readLine()
        if let line {
            var text = ConsoleText(capacity: min(line.bytes.count, 200) + 4)
            text.append("> ")
            text.add(echoOf: line)
            text.append("\n")
            text.write(to: output)
        }
        return line
    }

    /// The screen on top and its actions, as a line typed now would be meant for.
    private func shownForTyping() -> (screen: (any Screen)?, title: String, actions: Set<String>) {
        let top = window.state.screens.topScreen
        return (top, top?.title ?? "", Set(top.map { actions(of: $0) }?.map(\.name) ?? []))
    }

    /// Notes that what is `typed` already was typed for `shown`, if a rule took it away.
    private func noteTypedFor(_ shown: (screen: (any Screen)?, title: String, actions: Set<String>), typed: Bool) {
        guard typed, let screen = shown.screen, window.state.screens.topScreen !== screen else { return }
        typedFor = (shown.title, shown.actions)
    }

    /// Reads a command line at a terminal, after a prompt, listening meanwhile for changes to the
    /// data the rules read.
    private func readTypedLine() async -> RawLine? {
        writePrompt()
        // At a terminal, the console waits for a line without holding the app: every half second
        // it looks whether the data rules read changed (another App), and says so at once.
        if dataVersion != nil {
            var waited = Duration.zero
            while !input.hasLineReady() {
                await Wakeup().wait(atMost: Self.listenInterval, on: window.loader.clock)
                waited += Self.listenInterval
                guard waited >= Self.dataInterval else { continue }
                waited = .zero
                let shown = shownForTyping()
                guard await checkRules() else { continue }
                // What is half typed was typed for the screen that was shown: it stays in the
                // line, shown after the prompt again, and the line is not run on another screen.
                let partial = input.holdPartialLine()
                noteTypedFor(shown, typed: partial != nil || input.hasLineReady())
                output.write("\n")
                refresh()
                heldAfterPrompt = partial
                writePrompt()
            }
        }
        let line = input.readLine()
        if line == nil { output.write("\n") }
        return line
    }

    /// Writes the prompt, then what was half typed when the screen was drawn again (it is not on
    /// the terminal's line any more), where the line goes on.
    private func writePrompt() {
        var text = ConsoleText(capacity: 64)
        text.append("> ")
        if let held = heldAfterPrompt { text.add(echoOf: held) }
        heldAfterPrompt = nil
        text.write(to: output)
        output.flush()
    }

    /// Ends the line of a prompt printed while a load waited, before what the console says next;
    /// what was typed after it is held, to show after the next prompt.
    /// - Returns: whether a prompt was open, so its line must end.
    func endPrompt() -> Bool {
        guard isPromptOpen else { return false }
        isPromptOpen = false
        if let partial = input.holdPartialLine() { heldAfterPrompt = partial }
        return true
    }

    /// How often the console, waiting at a terminal, looks whether the data rules read changed.
    static var dataInterval: Duration { .milliseconds(500) }

    private func setTrace(_ command: Command) {
        switch command.argument.lowercased() {
        case "on":
            isTracing = true
            say("Tracing: every change to the window is printed, with the time since the one before.")
        case "off":
            isTracing = false
            say("Tracing is off.")
        default:
            sayError("trace takes on or off: trace on, or trace off")
        }
    }
}

/// Tells the console when a screen arrives, and when a window opens.
@MainActor
private final class ArrivalWatch<Places: AppPlaces>: NavigationObserver, WindowsObserver {
    weak var front: ConsoleFront<Places>?

    init(front: ConsoleFront<Places>) {
        self.front = front
    }

    func windows(_ windows: Windows<Places>, did change: WindowsChange<Places>) {
        if case .opened(let window) = change { front?.opened(window) }
    }

    func window(_ window: Window<Places>, did event: NavigationEvent) {
        guard let front else { return }
        front.host?.heard(event)
        if case .arrived(let screen, _) = event { front.arrived(screen) }
        defer {
            // After the prompt a load left open has ended: what they say starts on a line of its own.
            front.animator?.window(window, did: event)
            front.trace?.window(window, did: event)
        }
        guard let listener = front.listener else { return }
        // A screen arriving or leaving ends the prompt printed while a load waited: what the
        // console says about it starts on a line of its own.
        switch event {
        case .arrived, .left:
            if front.endPrompt() { front.output.write("\n") }
        default:
            break
        }
        listener.wake()
    }
}

/// A screen held weakly: outside the generic front, so keeping one needs no type of its own per app.
struct WeakScreen {
    weak var screen: (any Screen)?
}
