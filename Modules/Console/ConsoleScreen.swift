import Routing

/// A screen the console front can draw and talk to: the console's view controller.
///
/// A screen only turns lines into events for its presenter and shows what the presenter gives
/// it. It never navigates: `back` and every command go to the presenter, which asks its router.
@MainActor
public protocol ConsoleScreen: Screen {
    /// The lines drawn under the breadcrumb.
    var body: [String] { get }

    /// The commands this screen takes, listed under the body and by `help`.
    var commands: [CommandSpec] { get }

    /// What the screen has to say since the console last looked. The console takes it after
    /// every command.
    var feedback: ScreenFeedback { get set }

    /// Handles one of `commands`; the console calls it only with a command named there.
    func handle(_ command: Command, in context: any CommandContext) async

    /// The user typed `back`: the screen asks its presenter to close the module.
    func backRequested() async

    /// The screen is about to be drawn after another was on top (UIKit's `viewWillAppear`): a
    /// screen whose content may have changed meanwhile (a list in a tab) reloads here.
    func willAppear() async
}

extension ConsoleScreen {
    /// Most screens have nothing to do.
    public func willAppear() async {}
}

/// What a screen may ask of the console while it handles a command.
@MainActor
public protocol CommandContext: AnyObject {
    /// Reads the next line as a secret, such as a password: a terminal does not echo it, and the
    /// console never prints it.
    /// - Returns: the line, or `nil` when there is none (end of input) or it is unusable (the
    ///   console has already said why).
    func readSecret(prompt: String) -> String?
}

/// A command a screen takes, as `help` shows it: `open <n>   show a friend's profile`.
public struct CommandSpec: Hashable, Sendable {
    /// The word that starts the command, lowercase.
    public var name: String
    /// How its arguments are written, such as `<n>`; empty when it takes none.
    public var arguments: String
    /// What it does, in a few words.
    public var summary: String

    public init(_ name: String, _ arguments: String = "", summary: String) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
    }

    /// The command as typed: `open <n>`.
    public var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }
}
