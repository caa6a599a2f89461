import Console

/// A screen with nothing behind it: a stand-in for a module's screen in tests. It records what
/// the console asks of it.
public final class StubScreen: ConsoleScreen {
    public let title: String
    public var body: [String]
    public var commands: [CommandSpec]
    public var feedback = ScreenFeedback()
    /// What reached the screen, in order: each command as typed (`"open 1"`), and `"back"`.
    public private(set) var received: [String] = []

    public init(_ title: String, body: [String] = [], commands: [CommandSpec] = []) {
        self.title = title
        self.body = body
        self.commands = commands
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        received.append(command.argument.isEmpty ? command.name : "\(command.name) \(command.argument)")
    }

    public func backRequested() async {
        received.append("back")
    }
}
