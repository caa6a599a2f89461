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
    private var everywhere: [CommandSpec] {
        let global = Self.globalCommands
        return global.dropLast() + (app?.commands ?? []) + global.suffix(1)
    }

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
        guard let line = readCommandLine(), await handle(line), !inputEnded else {
            say((app?.sessionEnding() ?? []) + ["Bye."])
            return false
        }
        // Nobody reads the output any more (`App | head -1`): stop instead of answering the
        // rest of the input into the void.
        return !output.isClosed
    }

    // MARK: - Handling a line

    /// - Returns: `false` when the session should end.
    private func handle(_ line: RawLine) async -> Bool {
        let text: String
        switch line.text(limit: Self.lineLimit) {
        case .success(let valid): text = valid
        case .failure(let problem):
            sayError("\(problem)")
            return true
        }
        guard let command = Command(text) else {
            sayError("the line is empty; type a command, or help to list them")
            return true
        }
        guard let screen = window.topScreen as? any ConsoleScreen else {
            sayError("there is no screen to talk to; the session ends here")
            return false
        }
        guard let spec = (everywhere + screen.commands).first(where: { $0.name == command.name }) else {
            sayError("unknown command \"\(command.name)\" on \(screen.title); type help to list the commands here")
            return true
        }
        guard !spec.arguments.isEmpty || command.argument.isEmpty else {
            sayError("\(spec.name) takes nothing after it; type just \(spec.name)")
            return true
        }
        switch spec.name {
        case "help":
            showHelp(for: screen)
        case "where":
            showWhere()
        case "trace":
            setTrace(command)
        case "quit":
            return false
        case "back":
            await screen.backRequested()
        case _ where screen.commands.contains(spec):
            await screen.handle(command, in: self)
        default:
            await app?.handle(command, in: self)
        }
        await settle(after: screen)
        return true
    }

    /// Says what the screen that handled a command has to say, if it is no longer on top, then
    /// what the top-most screen has to say, drawing it first if it is new or changed.
    private func settle(after handler: any ConsoleScreen) async {
        if handler !== window.topScreen { sayFeedback(handler.feedback.take().lines) }
        await prepareTop()
        refresh()
    }

    /// Lets the screen on top know it is about to be drawn, if another one was drawn before
    /// (a tab switched, a screen above it closed).
    private func prepareTop() async {
        guard let top = window.topScreen as? any ConsoleScreen, top !== drawn else { return }
        await top.willAppear()
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
        let own = screen.commands.map(\.usage).joined(separator: ", ")
        let global = everywhere.map(\.name).joined(separator: ", ")
        let tabs = window.tabs.map { $0 == window.selectedTab ? "[\($0)]" : $0 }
        say(
            ["== \(window.titles) =="] + (tabs.isEmpty ? [] : ["Tabs: " + tabs.joined(separator: " ")]) + screen.body
                + [
                    own.isEmpty ? "Commands: \(global)" : "Commands: \(own); also \(global)"
                ])
        drawn = screen
    }

    private func showHelp(for screen: any ConsoleScreen) {
        let width = (screen.commands + everywhere).map(\.usage.count).max() ?? 0
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
        let width = rows.map(\.0.count).max() ?? 0
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
        var text = ""
        for line in lines { text += line.displaySafe + "\n" }
        output.write(text)
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
