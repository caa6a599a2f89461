/// The commands every screen takes, one case each, in the order `help` lists them: the help
/// text, the command line under each screen and the `switch` that handles a command come from
/// this one declaration. Which of them a screen lists depends on what applies there (flags, a
/// pending link, someone signed in).
public enum ConsoleCommand: String, CaseIterable, Sendable {
    case help, back, `where`, trace, tab, open, explain, window, windows, flags, flag, cancel, signout, quit
}

/// A command as a front hands it to the console, typed: a key that goes back is `.everywhere(.back)`,
/// not the word `back` read again. A typed line becomes one too.
public enum FrontCommand: Hashable, Sendable {
    /// One of the screen on top's own actions, with what it takes (`message`, `2`).
    case action(String, argument: String = "")
    /// A command every screen takes, with what it takes (`tab`, `chats`).
    case everywhere(ConsoleCommand, argument: String = "")

    /// The command's word and argument, as a typed line splits them.
    var command: Command {
        switch self {
        case .action(let name, let argument): Command(name: name, argument: argument)
        case .everywhere(let command, let argument): Command(name: command.rawValue, argument: argument)
        }
    }

    /// The command as a user types it: `message 2`.
    public var words: String {
        let command = command
        return command.argument.isEmpty ? command.name : command.name + " " + command.argument
    }

    var isEverywhere: Bool {
        if case .everywhere = self { true } else { false }
    }
}
