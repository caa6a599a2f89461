/// What the command line asks for.
enum Invocation: Equatable {
    case run
    case help
    case version
}

/// A command line that cannot be run; App prints it and exits with status 64 (EX_USAGE).
struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
}

enum CommandLineOptions {
    static let usage = """
        usage: App [--help] [--version]

        Runs a Waypoint session on standard input and output; type help on any screen to list
        its commands. Piped input works too: each line is echoed after "> " and the output is
        the same on every run, so a session can be scripted and diffed.

        options:
          -h, --help   show this help and exit
          --version    print the version and exit

        """

    /// Reads the arguments after the program's name.
    /// - Throws: `UsageError` for anything App does not take.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .run }
        guard arguments.count == 1 else {
            throw UsageError(description: "App takes at most one option, not \(arguments.count); see App --help")
        }
        switch first {
        case "-h", "--help": return .help
        case "--version": return .version
        default: throw UsageError(description: "unknown argument \"\(first.debugDescription.dropFirst().dropLast())\"; see App --help")
        }
    }
}
