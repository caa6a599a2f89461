import Routing

/// The line-based front: draws the window's top-most screen as text, reads a line, and hands it
/// to that screen or to a command that works everywhere (`help`, `back`, `where`, `quit`, and
/// the app's own `AppCommands`).
///
/// Input and output are injected, so a test scripts a whole session. Bad input gets one
/// `error: …` line and changes nothing.
@MainActor
public final class ConsoleFront {
    /// The longest line, in bytes, the console reads as a command.
    public static let lineLimit = 4_096

    /// The commands every screen takes.
    public static let globalCommands = [
        CommandSpec("help", summary: "list the commands you can use here"),
        CommandSpec("back", summary: "close this screen and go back"),
        CommandSpec("where", summary: "show every open screen, stack by stack"),
        CommandSpec("trace", "on|off", summary: "print every change to the window, with its duration"),
        CommandSpec("quit", summary: "end the session"),
    ]

    private let window: Window
    private let input: any LineSource
    private let output: any TextOutput
    private let app: (any AppCommands)?
    /// The screen drawn last; held weakly, so a released screen never counts as drawn.
    private weak var drawn: (any Screen)?
    private var inputEnded = false
    private let traceClock: () -> ContinuousClock.Instant
    /// The trace observer, while `trace on`.
    private var trace: ConsoleTrace?

    /// The commands still running, by number. Each runs as a task of its own, so a command
    /// that waits for the user (a chat waiting for the friend picked in the picker it opened)
    /// does not stop the console reading the line that answers it.
    private var running: Set<Int> = []
    /// The tasks of the running commands that did not finish at once, to cancel at the end.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var commandsStarted = 0
    /// The screens whose commands finished since the console last drew.
    private var handlers: [any ConsoleScreen] = []
    /// A command ended the session (`quit`).
    private var endRequested = false
    /// Resumed once every running command is done or only waits for the user.
    private var settled: CheckedContinuation<Void, Never>?
    /// Hears when a command starts waiting for a child flow's answer.
    private var replies: ReplyWatch?

    /// - Parameters:
    ///   - window: the window to show and talk to.
    ///   - input: where lines come from.
    ///   - output: where everything is written.
    ///   - app: the commands the app adds to every screen.
    ///   - traceClock: the clock `trace on` measures with; tests pass one they move.
    public init(
        window: Window, input: any LineSource, output: any TextOutput, app: (any AppCommands)? = nil,
        traceClock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.window = window
        self.input = input
        self.output = output
        self.app = app
        self.traceClock = traceClock
        let replies = ReplyWatch(front: self)
        window.addObserver(replies)
        self.replies = replies
    }

    /// Whether every change to the window is printed as it happens (`trace on`).
    public var isTracing: Bool {
        get { trace != nil }
        set {
            guard newValue != isTracing else { return }
            if let trace {
                window.removeObserver(trace)
                self.trace = nil
            } else {
                let trace = ConsoleTrace(output: output, now: traceClock)
                window.addObserver(trace)
                self.trace = trace
            }
        }
    }

    /// The commands every screen takes, in the order `help` lists them: the console's, with the
    /// app's before `quit`.
    private var everywhere: [CommandSpec] { listedEverywhere().all }

    /// The names of `everywhere`, as the line under each screen lists them.
    private var everywhereNames: String { listedEverywhere().names }

    /// `everywhere` and its names, joined, kept until the app's commands change: the console
    /// asks on every line and every draw.
    private func listedEverywhere() -> (all: [CommandSpec], names: String) {
        let appCommands = app?.commands ?? []
        if let listed = everywhereListed, listed.app == appCommands { return (listed.all, listed.names) }
        let global = Self.globalCommands
        let all = global.dropLast() + appCommands + global.suffix(1)
        let names = all.map { $0.name }.joined(separator: ", ")
        everywhereListed = (appCommands, all, names)
        return (all, names)
    }

    /// What `listedEverywhere()` made last, with the app's commands it was made from.
    private var everywhereListed: (app: [CommandSpec], all: [CommandSpec], names: String)?

    /// Draws the top-most screen, then handles lines until `quit` or the end of input.
    public func run() async {
        defer { output.flush() }
        await prepareTop()
        guard refresh(), !output.isClosed else { return }
        while await step() {}
    }

    /// Draws the top-most screen if it is new or changed, and says what it and the app have to
    /// say.
    /// - Returns: `false` when there is no screen the console can show.
    @discardableResult
    public func refresh() -> Bool {
        guard let top = window.topScreen as? any ConsoleScreen else {
            sayError("there is no screen to show; the session ends here")
            return false
        }
        let feedback = top.feedback.take()
        if top !== drawn || feedback.needsRender { draw(top) }
        sayFeedback(feedback.lines)
        if let lines = app?.feedback.take().lines { sayFeedback(lines) }
        return true
    }

    /// Reads one line and handles it.
    /// - Returns: `false` once the session is over (`quit`, or the end of input).
    public func step() async -> Bool {
        guard let line = readCommandLine() else { return await end() }
        start(line)
        await untilSettled()
        if endRequested || inputEnded { return await end() }
        await settle()
        // Nobody reads the output any more (`App | head -1`): stop instead of answering the
        // rest of the input into the void.
        return !output.isClosed
    }

    /// Ends the session: a command still waiting for the user stops waiting (the flow it
    /// opened ends with no answer), then the app and the console say goodbye.
    private func end() async -> Bool {
        let waiting = tasks.values
        tasks = [:]
        for task in waiting { task.cancel() }
        for task in waiting { await task.value }
        say((app?.sessionEnding() ?? []) + ["Bye."])
        return false
    }

    // MARK: - Running commands

    /// Starts handling `line` as a task of its own, run at once up to its first wait.
    private func start(_ line: RawLine) {
        commandsStarted += 1
        let number = commandsStarted
        running.insert(number)
        let task = Self.runAtOnce { @MainActor [self] in
            let result = await handle(line)
            running.remove(number)
            tasks[number] = nil
            switch result {
            case .ended: endRequested = true
            case .handled(let screen): handlers.append(screen)
            case .rejected: break
            }
            wakeIfSettled()
        }
        if running.contains(number) { tasks[number] = task }
    }

    /// Runs `operation` as a task that starts at once, on the caller's actor, where the system
    /// can (so a command that never waits is done when this returns).
    private static func runAtOnce(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        if #available(macOS 26, iOS 26, *) {
            Task.immediate(operation: operation)
        } else {
            Task(operation: operation)
        }
    }

    /// Whether every running command is done, or only waits for the user: a child flow's
    /// screen is shown and its opener waits for the answer.
    private var isSettled: Bool { running.count <= window.awaitingReplies }

    /// Waits until `isSettled`.
    private func untilSettled() async {
        while !isSettled {
            await withCheckedContinuation { continuation in settled = continuation }
        }
    }

    fileprivate func wakeIfSettled() {
        guard isSettled, let waiting = settled else { return }
        settled = nil
        waiting.resume()
    }

    // MARK: - Handling a line

    /// How a line was handled.
    private enum Handled {
        /// A screen or the app handled it: the console settles after it.
        case handled(any ConsoleScreen)
        /// It was refused, with an error line; nothing changed.
        case rejected
        /// The session ends.
        case ended
    }

    private func handle(_ line: RawLine) async -> Handled {
        let text: String
        switch line.text(limit: Self.lineLimit) {
        case .success(let valid): text = valid
        case .failure(let problem):
            sayError("\(problem)")
            return .rejected
        }
        guard let command = Command(text) else {
            sayError("the line is empty; type a command, or help to list them")
            return .rejected
        }
        guard let screen = window.topScreen as? any ConsoleScreen else {
            sayError("there is no screen to talk to; the session ends here")
            return .ended
        }
        guard let spec = (everywhere + screen.commands).first(where: { $0.name == command.name }) else {
            sayError("unknown command \"\(command.name)\" on \(screen.title); type help to list the commands here")
            return .rejected
        }
        guard !spec.arguments.isEmpty || command.argument.isEmpty else {
            sayError("\(spec.name) takes nothing after it; type just \(spec.name)")
            return .rejected
        }
        switch spec.name {
        case "help":
            showHelp(for: screen)
        case "where":
            showWhere()
        case "trace":
            setTrace(command)
        case "quit":
            return .ended
        case "back":
            await screen.backRequested()
        case _ where screen.commands.contains(spec):
            await screen.handle(command, in: self)
        default:
            await app?.handle(command, in: self)
        }
        return .handled(screen)
    }

    /// Says what each screen that handled a command has to say, if it is no longer on top but
    /// still in the window (a screen that left has nobody to speak to), then what the top-most
    /// screen has to say, drawing it first if it is new or changed.
    private func settle() async {
        let finished = handlers
        handlers = []
        for handler in finished where handler !== window.topScreen && window.contains(handler) {
            sayFeedback(handler.feedback.take().lines)
        }
        await prepareTop()
        refresh()
    }

    /// Lets the screen on top know it is about to be drawn again, if another one was drawn
    /// before it (a tab switched, a screen above it closed). A screen that arrived since the
    /// last draw is not told: its provider has just loaded it, and it draws what it loaded.
    private func prepareTop() async {
        let arrived = arrivals
        arrivals = []
        guard let top = window.topScreen as? any ConsoleScreen, top !== drawn else { return }
        guard !arrived.contains(where: { $0.screen === top }) else { return }
        await top.willAppear()
    }

    /// The screens that arrived in the window since the console last drew, held weakly.
    private var arrivals: [WeakScreen] = []

    /// A screen held weakly.
    private struct WeakScreen {
        weak var screen: (any Screen)?
    }

    fileprivate func arrived(_ screen: any Screen) {
        arrivals.append(WeakScreen(screen: screen))
    }

    // MARK: - Reading

    /// Reads a command line. At a terminal, a prompt comes first; from a pipe, the line is echoed
    /// after the prompt once read, so the output reads like a transcript.
    private func readCommandLine() -> RawLine? {
        guard input.isInteractive else {
            let line = input.readLine()
            if let line { output.write("> " + line.echo + "\n") }
            return line
        }
        output.write("> ")
        output.flush()
        let line = input.readLine()
        if line == nil { output.write("\n") }
        return line
    }

    // MARK: - Writing

    private func draw(_ screen: any ConsoleScreen) {
        let own = screen.commands.map { $0.usage }.joined(separator: ", ")
        let global = everywhereNames
        let tabs = window.tabs.map { $0 == window.selectedTab ? "[\($0)]" : $0 }
        say(
            ["== \(window.breadcrumb) =="] + (tabs.isEmpty ? [] : ["Tabs: " + tabs.joined(separator: " ")])
                + screen.body
                + [
                    own.isEmpty ? "Commands: \(global)" : "Commands: \(own); also \(global)"
                ])
        drawn = screen
    }

    private func showHelp(for screen: any ConsoleScreen) {
        let width = (screen.commands + everywhere).map { $0.usage.count }.max() ?? 0
        func row(_ spec: CommandSpec) -> String {
            "  " + spec.usage + String(repeating: " ", count: width - spec.usage.count + 3) + spec.summary
        }
        var lines = screen.commands.isEmpty ? [] : ["Commands on \(screen.title):"] + screen.commands.map(row)
        lines += ["Everywhere:"] + everywhere.map(row)
        say(lines)
    }

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

    private func showWhere() {
        let state = window.titles
        var rows: [(String, String)] = []
        if let tab = window.selectedTab { rows.append(("tab", "\(tab) (of \(window.tabs.joined(separator: ", ")))")) }
        rows.append(("root", state.root.joined(separator: " > ")))
        for (number, modal) in state.modals.enumerated() {
            rows.append(("modal \(number + 1)", modal.joined(separator: " > ")))
        }
        rows.append(("top", state.top ?? "(none)"))
        rows += app?.whereRows ?? []
        let width = rows.map { $0.0.count }.max() ?? 0
        say(rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 1) + $0.1 })
    }

    private func sayFeedback(_ lines: [ScreenFeedback.Line]) {
        for line in lines {
            switch line {
            case .error(let text): sayError(text)
            case .notice(let text): say(text)
            }
        }
    }

    private func sayError(_ text: String) {
        say("error: " + text)
    }

    private func say(_ line: String) {
        say([line])
    }

    /// Writes lines of text that may come from anywhere (user data included), each made safe to
    /// print: nothing written can drive a terminal.
    private func say(_ lines: [String]) {
        // One string for the whole block, sized once; a plain line is appended as it is.
        var size = 0
        for line in lines { size += line.utf8.count + 1 }
        var text = ""
        text.reserveCapacity(size)
        for line in lines {
            if isPlainASCII(line.utf8, lineBreaks: false) { text += line } else { text += line.displaySafe }
            text += "\n"
        }
        output.write(text)
    }
}

/// Tells the console when a screen arrives, and when a command starts waiting for a child
/// flow's answer.
@MainActor
private final class ReplyWatch: NavigationObserver {
    weak var front: ConsoleFront?

    init(front: ConsoleFront) {
        self.front = front
    }

    func window(_ window: Window, did event: NavigationEvent) {
        switch event {
        case .awaitingReply: front?.wakeIfSettled()
        case .arrived(let screen, _): front?.arrived(screen)
        default: break
        }
    }
}

extension ConsoleFront {
    /// Asks a yes-or-no question and reads the answer from the next line: at a terminal after
    /// the question; from a pipe, the line is echoed as a command is. Any other answer gets one
    /// error line and the question again.
    /// - Returns: `true` for yes; `false` for no, for `quit` and at the end of input (nothing
    ///   is given up), after which the session ends.
    public func confirm(_ question: String) -> Bool {
        while true {
            let line: RawLine?
            if input.isInteractive {
                output.write("\(question.displaySafe) (yes/no) ")
                output.flush()
                line = input.readLine()
                if line == nil { output.write("\n") }
            } else {
                say("\(question) (yes/no)")
                line = input.readLine()
                if let line { output.write("> " + line.echo + "\n") }
            }
            guard let line else {
                inputEnded = true
                say("No answer before the input ended, so the answer is no.")
                return false
            }
            switch line.text(limit: Self.lineLimit) {
            case .success(let text):
                switch text.trimmingWhitespace().lowercased() {
                case "yes", "y": return true
                case "no", "n": return false
                case "quit":
                    // Leaving is not giving up: the answer is no, and the session ends after it.
                    endRequested = true
                    say("You are quitting, so the answer is no: nothing is given up, and the session ends.")
                    return false
                default: sayError("answer yes or no, or quit to leave without giving anything up")
                }
            case .failure(let problem):
                sayError("\(problem); answer yes or no")
            }
        }
    }
}

extension ConsoleFront: CommandContext {
    public func readSecret(prompt: String) -> String? {
        let line: RawLine?
        if input.isInteractive {
            output.write("\(prompt): ")
            output.flush()
            line = input.readSecretLine()
            output.write("\n")
        } else {
            line = input.readSecretLine()
            if line != nil { output.write("\(prompt): (hidden)\n") }
        }
        guard let line else {
            inputEnded = true
            return nil
        }
        switch line.text(limit: Self.lineLimit) {
        case .success(let secret):
            return secret
        case .failure(let problem):
            sayError("\(problem)")
            return nil
        }
    }
}

extension Window {
    /// What the user sees, as one line of titles: the shown root stack, then each modal stack in
    /// brackets (`Friends > Chat @bob > [Profile @bob]`), or `(no screen)`. What the console
    /// draws above every screen.
    var breadcrumb: String {
        let state = titles
        var text = ""
        for title in state.root {
            if !text.isEmpty { text += " > " }
            text += title
        }
        for modal in state.modals {
            if !text.isEmpty { text += " > " }
            text += "[" + modal.joined(separator: " > ") + "]"
        }
        return text.isEmpty ? "(no screen)" : text
    }
}
