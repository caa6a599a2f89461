import Routing

/// Commands an app adds to every screen, next to `help`, `back`, `where` and `quit`: links,
/// flags, and whatever else belongs to the app rather than to one screen. The console lists them,
/// hands them their lines, and says what they have to say; it knows nothing of what they do.
@MainActor
public protocol AppCommands: AnyObject {
    /// The commands, as `help` lists them; they may change as the app's state does.
    var commands: [CommandSpec] { get }

    /// What the app has to say since the console last looked: the console takes it after every
    /// command, after it has drawn the screen on top.
    var feedback: ScreenFeedback { get set }

    /// Handles one of `commands`; the console calls it only with a command named there.
    func handle(_ command: Command, in context: any CommandContext) async

    /// Rows `where` prints under the stacks, such as `("link", "waypoint://chat/bob")`.
    var whereRows: [(label: String, value: String)] { get }

    /// Lines to say as the session ends, before "Bye.".
    func sessionEnding() -> [String]
}
