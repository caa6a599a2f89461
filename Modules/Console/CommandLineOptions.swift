import Domain
import NavigationGraph

/// What the command line asks for.
public enum Invocation: Equatable, Sendable {
    case run(RunOptions)
    case help
    case version
    /// `--routes [text|dot|mermaid|json]`: print the navigation graph and exit.
    case routes(NavigationGraph.Format)
    /// `--explore [<depth>]`: walk the app's states breadth-first, check each, print a report.
    case explore(depth: Int)
    /// `--replay <events file> [--to <n>] [--screen]`: rebuild a recorded session's state.
    case replay(file: String, to: Int?, screen: Bool)
}

/// How to run a session: a link to open at start, and flags to set.
public struct RunOptions: Equatable, Sendable {
    /// Opened right after Login comes up (a cold start from a link).
    public var link: String?
    /// `--flag` settings in the order given; a later one wins.
    public var flags: [FlagSetting] = []
    /// `--trace`: print every change to the window from the start, as `trace on` does.
    public var trace = false
    /// Where the data lives: `--data <path>`, `--in-memory`, or the user's data folder.
    public var storage = StorageChoice.standard
    /// `--screen`: the full-screen front instead of the line console.
    public var screen = false
    /// `--new-window`: the start link opens in a new window.
    public var newWindow = false
    /// `--events <file>`: one JSON line per change a user sees, written to this file.
    public var events: String?
}

extension RunOptions {
    /// Sets `flags` as this run asks: those set in the app last time (`saved`), then the
    /// environment's (`WAYPOINT_FLAGS`), then the command line's; a later one wins, and a saved
    /// flag the app no longer has is passed over.
    /// - Returns: `nil`, or the error line to print and the exit status: 74 when the saved flags
    ///   cannot be read, 64 for a setting the app has no flag or value for.
    @MainActor
    public func setFlags(
        _ flags: FeatureFlags, saved: () throws(ServiceError) -> [String: Bool], environment: [String: String]
    ) -> (line: String, exitStatus: Int32)? {
        do {
            for (name, value) in try saved() { try? flags.set(name, to: value) }
        } catch {
            return ("error: \(error)", 74)
        }
        if let settings = environment[CommandLineOptions.flagsVariable] {
            do { try flags.apply(settings) } catch {
                return ("error: \(CommandLineOptions.flagsVariable): \(error)", 64)
            }
        }
        do {
            for setting in self.flags { try flags.set(setting.name, to: setting.value) }
        } catch {
            return ("error: --flag: \(error); see App --help", 64)
        }
        return nil
    }
}

public struct FlagSetting: Equatable, Sendable {
    public var name: String
    public var value: Bool
}

/// A command line that cannot be run; App prints it and exits with status 64 (EX_USAGE).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

public enum CommandLineOptions {
    /// The environment variable that sets flags: `WAYPOINT_FLAGS=profile.v2=on,other=off`.
    public static let flagsVariable = "WAYPOINT_FLAGS"

    public static let usage = """
        usage: App [--data <path> | --in-memory] [--link <link> [--new-window]] [--flag <name>=on|off ...]
                   [--trace] [--events <file>] [--screen]
               App --routes [text|dot|mermaid|json]
               App --explore [<depth>]
               App --replay <events file> [--to <n>] [--screen]
               App --help | --version

        Runs a Waypoint session on standard input and output; type help on any screen to list
        its commands. Piped input works too: each line is echoed after "> " and the output is
        the same on every run, so a session can be scripted and diffed.

        options:
          --data <path>          keep accounts, messages and where you were in this database
                                 file instead of the standard one (created if missing)
          --in-memory            keep nothing: start from the demo data, forget it at quit
          --link <link>          open a link once Login is up, as waypoint://chat/bob; a link
                                 to a signed-in screen opens after you sign in
          --new-window           open the --link in a new window (window new in the app)
          --flag <name>=on|off   set a feature flag; repeat for more (type flags in the app
                                 to list them)
          --trace                print every change to the window, with its duration, from
                                 the start (trace on|off in the app)
          --events <file>        write one JSON line per change a user sees to the file
                                 (created or truncated): window, cause, screens, link
          --screen               full screen in the terminal, transitions animated; keys:
                                 a number or the arrows to choose, Enter to open, a letter
                                 in brackets for an action, Esc or <- to go back, Tab for
                                 the next tab, ` for the next window, : to type any
                                 command or link
          --routes [<format>]    print the navigation graph and exit, opening no data:
                                 every place (feature, link, access, role, load policy)
                                 and what each screen's actions open; text (the default),
                                 dot, mermaid or json (versioned, for tools)
          --explore [<depth>]    walk every state the demo accounts reach in that many
                                 commands (4 by default), checking that where prints a link,
                                 that the link opens the same state, that explain says what
                                 open does, and that no word names two commands; prints what
                                 it found, exit status 1 if it found a failure
          --replay <file>        rebuild a session --events recorded as it was after its
                                 last event (--to <n>: after event n), calling no service,
                                 and print where; with --screen, show it full screen, where
                                 <- and -> step through the events and q quits
          -h, --help             show this help and exit
          --version              print the version and exit

        environment:
          \(flagsVariable)         flag settings, comma-separated: profile.v2=on
                                 (--flag wins over it; both win over flags set in the app)
          XDG_DATA_HOME, HOME    where the standard database is: $XDG_DATA_HOME/waypoint,
                                 else ~/.local/share/waypoint (Application Support on macOS);
                                 a value that is empty or not an absolute path is not used

        """

    /// Reads the arguments after the program's name.
    /// - Throws: `UsageError` for anything App does not take.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if let first = arguments.first, ["-h", "--help", "--version"].contains(first) {
            guard arguments.count == 1 else {
                throw UsageError(description: "\(first) takes no other arguments; see App --help")
            }
            return first == "--version" ? .version : .help
        }
        if let first = arguments.first, split(first).0 == "--routes" {
            let attached = split(first).1
            let rest = arguments.dropFirst()
            guard attached == nil || rest.isEmpty, rest.count <= 1 else {
                throw UsageError(description: "--routes takes one format and nothing else; see App --help")
            }
            let name = attached ?? rest.first ?? "text"
            guard let format = NavigationGraph.Format(rawValue: name) else {
                let formats = NavigationGraph.Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(description: "--routes: unknown format \"\(quoted(name))\"; use one of \(formats)")
            }
            return .routes(format)
        }
        if arguments.first == "--explore" {
            guard arguments.count <= 2 else {
                throw UsageError(description: "--explore takes one depth and nothing else; see App --help")
            }
            guard let text = arguments.dropFirst().first else { return .explore(depth: 4) }
            guard let depth = Int(text), (0...12).contains(depth) else {
                throw UsageError(description: "--explore: the depth is a number from 0 to 12, as in --explore 6")
            }
            return .explore(depth: depth)
        }
        if arguments.first == "--replay" { return try replay(arguments.dropFirst()) }
        var options = RunOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (option, attached) = split(argument)
            switch option {
            case "--link":
                guard options.link == nil else { throw UsageError(description: "--link is given twice; give one link") }
                options.link = try value(of: option, attached: attached, rest: &rest, example: "waypoint://friends")
            case "--flag":
                let setting = try value(of: option, attached: attached, rest: &rest, example: "profile.v2=on")
                do {
                    let (name, value) = try FeatureFlags.parse(setting)
                    options.flags.append(FlagSetting(name: name, value: value))
                } catch {
                    throw UsageError(description: "--flag: \(error)")
                }
            case "--data":
                guard options.storage == .standard else { throw twoStorages() }
                let path = try value(of: option, attached: attached, rest: &rest, example: "/tmp/waypoint.sqlite")
                guard !path.isEmpty else {
                    throw UsageError(description: "--data needs a file's path, as in --data /tmp/waypoint.sqlite")
                }
                options.storage = .file(path)
            case "--in-memory":
                guard attached == nil else {
                    throw UsageError(description: "--in-memory takes no value; write --in-memory")
                }
                guard options.storage == .standard else { throw twoStorages() }
                options.storage = .inMemory
            case "--trace":
                guard attached == nil else { throw UsageError(description: "--trace takes no value; write --trace") }
                guard !options.trace else { throw givenTwice(option) }
                options.trace = true
            case "--screen":
                guard attached == nil else { throw UsageError(description: "--screen takes no value; write --screen") }
                guard !options.screen else { throw givenTwice(option) }
                options.screen = true
            case "--new-window":
                guard attached == nil else {
                    throw UsageError(description: "--new-window takes no value; write --link <link> --new-window")
                }
                guard !options.newWindow else { throw givenTwice(option) }
                options.newWindow = true
            case "--events":
                guard options.events == nil else {
                    throw UsageError(description: "--events is given twice; give one file")
                }
                let path = try value(of: option, attached: attached, rest: &rest, example: "/tmp/events.jsonl")
                guard !path.isEmpty else {
                    throw UsageError(description: "--events needs a file's path, as in --events /tmp/events.jsonl")
                }
                options.events = path
            case "--routes":
                throw UsageError(description: "--routes prints the graph alone; write App --routes [format]")
            case "--explore":
                throw UsageError(description: "--explore runs alone; write App --explore [depth]")
            case "--replay":
                throw UsageError(description: "--replay comes first; write App --replay <file> [--to <n>] [--screen]")
            case "--to":
                throw UsageError(description: "--to says where a replay stops; write App --replay <file> --to <n>")
            case "-h", "--help", "--version":
                throw UsageError(description: "\(option) takes no other arguments; see App --help")
            default:
                throw UsageError(description: "unknown argument \"\(quoted(argument))\"; see App --help")
            }
        }
        if options.newWindow, options.link == nil {
            throw UsageError(description: "--new-window says where --link opens; give --link <link> with it")
        }
        return .run(options)
    }

    /// `--replay`'s file, then `--to <n>` and `--screen`, each once.
    private static func replay(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var rest = arguments
        guard let file = rest.popFirst(), !file.hasPrefix("--"), !file.isEmpty else {
            throw UsageError(description: "--replay needs the file --events wrote, as in --replay /tmp/events.jsonl")
        }
        var to: Int?
        var screen = false
        while let argument = rest.popFirst() {
            let (option, attached) = split(argument)
            switch option {
            case "--to":
                guard to == nil else { throw givenTwice(option) }
                let text = try value(of: option, attached: attached, rest: &rest, example: "3")
                guard let number = Int(text), number >= 1 else {
                    // A number past what an Int holds is no event's: say so, not that it counts from 1.
                    if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
                        text.contains(where: { $0 != "0" })
                    {
                        throw UsageError(
                            description: "--to: \(quoted(String(text.prefix(40)))) is too large for an event's number; "
                                + "give one the file holds, as in --to 3")
                    }
                    throw UsageError(description: "--to: an event's number counts from 1, as in --to 3")
                }
                to = number
            case "--screen":
                guard attached == nil, !screen else { throw givenTwice(option) }
                screen = true
            default:
                throw UsageError(
                    description: "--replay takes --to <n> and --screen, not \"\(quoted(argument))\"; see App --help")
            }
        }
        return .replay(file: file, to: to, screen: screen)
    }

    /// One rule for every option but `--flag`: given once.
    private static func givenTwice(_ option: String) -> UsageError {
        UsageError(description: "\(option) is given twice; give it once")
    }

    private static func twoStorages() -> UsageError {
        UsageError(description: "give one of --data <path> and --in-memory, once")
    }

    /// `--link=x` as ("--link", "x"); anything else as (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func value(
        of option: String,
        attached: String?,
        rest: inout ArraySlice<String>,
        example: String
    ) throws(UsageError) -> String {
        if let attached { return attached }
        guard let next = rest.popFirst(), !next.hasPrefix("--") else {
            throw UsageError(description: "\(option) needs a value, as in \(option) \(example)")
        }
        return next
    }

    /// `text` as Swift would write it inside quotes, so control characters show as escapes.
    public static func quoted(_ text: String) -> String {
        String(text.debugDescription.dropFirst().dropLast())
    }
}
