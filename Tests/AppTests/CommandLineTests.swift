import Console
import Domain
import FullScreen
import Store
import Testing

@testable import App

@MainActor
@Suite("Command line")
struct CommandLineTests {
    func main(
        _ arguments: [String],
        environment: [String: String] = [:],
        typing lines: [String] = [],
        terminal: () -> (any FrontDevice)? = { nil }
    ) async -> (status: Int32, output: String, errors: String) {
        let output = RecordedOutput()
        let errors = RecordedOutput()
        let status = await Waypoint.main(
            arguments: arguments,
            environment: environment,
            input: ScriptedInput(lines.map(RawLine.init)),
            output: output,
            errors: errors,
            open: { _ in .inMemory() },
            terminal: terminal
        )
        return (status, output.text, errors.text)
    }

    @Test("--help and -h print the usage", arguments: ["--help", "-h"])
    func help(flag: String) async {
        let result = await main([flag])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                "Waypoint 0.1.0: a routing skeleton with a console front.\n\nusage: App [--data <path> | --in-memory] [--link <link> [--new-window]] [--flag <name>=on|off ...]\n"
            ))
        #expect(result.errors.isEmpty)
    }

    @Test("--version prints the version")
    func version() async {
        #expect(await main(["--version"]) == (0, "Waypoint 0.1.0\n", ""))
    }

    @Test(
        "anything else is a usage error on standard error, with status 64",
        arguments: [
            (["--frobnicate"], "error: unknown argument \"--frobnicate\"; see App --help"),
            (["run"], "error: unknown argument \"run\"; see App --help"),
            (["--to", "3"], "error: --to says where a replay stops; write App --replay <file> --to <n>"),
            (["--help", "--version"], "error: --help takes no other arguments; see App --help"),
            (
                ["--link", "waypoint://friends", "--version"],
                "error: --version takes no other arguments; see App --help"
            ),
            (["--link"], "error: --link needs a value, as in --link waypoint://friends"),
            (["--link", "--flag", "profile.v2=on"], "error: --link needs a value, as in --link waypoint://friends"),
            (
                ["--link", "waypoint://friends", "--link=waypoint://login"],
                "error: --link is given twice; give one link"
            ),
            (["--flag"], "error: --flag needs a value, as in --flag profile.v2=on"),
            (["--trace=yes"], "error: --trace takes no value; write --trace"),
            (
                ["--flag", "profile.v2"],
                "error: --flag: \"profile.v2\" is not a flag setting; write <name>=on or <name>=off"
            ),
            (["--flag=profile.v2=yes"], "error: --flag: \"yes\" is not a value for profile.v2; use on or off"),
            (["\u{1B}[2J"], "error: unknown argument \"\\u{1B}[2J\"; see App --help"),
        ]
    )
    func usageError(arguments: [String], message: String) async {
        let result = await main(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix(message + "\n\nusage: App"))
    }

    @Test("--screen without a terminal runs the line console, with a note on standard error; --screen=x is refused")
    func screenWithoutTerminal() async {
        let result = await main(["--screen"], typing: ["quit"])
        #expect(result.status == 0)
        #expect(
            result.errors
                == "note: --screen needs a terminal on standard input and output; the line console runs instead\n")
        #expect(result.output.contains("== Login ==") && result.output.hasSuffix("Bye.\n"))

        let refused = await main(["--screen=yes"])
        #expect(refused.status == 64 && refused.errors.hasPrefix("error: --screen takes no value; write --screen\n"))
    }

    @Test("--screen at a terminal that cannot move its cursor (TERM=dumb) runs the line console, with a note")
    func screenAtDumbTerminal() async {
        var asked = 0
        let result = await main(["--screen"], environment: ["TERM": "dumb"], typing: ["quit"]) {
            asked += 1
            return ScriptedDevice()
        }
        #expect(result.status == 0 && asked == 0)
        #expect(
            result.errors
                == "note: --screen needs a terminal that moves its cursor (TERM is dumb); the line console runs instead\n"
        )
        #expect(result.output.contains("== Login ==") && result.output.hasSuffix("Bye.\n"))
    }

    @Test("--screen with a start link that waits for sign-in says so on its first frame")
    func screenStartLink() async throws {
        let device = ScriptedDevice(width: 80, height: 24)
        let result = await main(["--screen", "--link", "waypoint://chat/bob"]) { device }
        #expect(result.status == 0)
        // The frames of Login (the screen before, empty, is drawn as the gate opens).
        let login = device.frames.map { $0.frame.lines.joined(separator: " ") }.filter { $0.hasPrefix(" Login") }
        #expect(login.first?.contains("Sign in to open waypoint://chat/bob; it opens once you do.") == true)
    }

    @Test("no arguments runs a session")
    func run() async {
        let result = await main([])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                "Waypoint 0.1.0. Type help on any screen to list its commands.\n~ replaced root with Login\n== Login ==\n"
            ))
        #expect(result.output.hasSuffix("Bye.\n"))
    }

    @Test(
        "a bad flag or start link is one error line on standard error, with status 64, before anything runs",
        arguments: [
            (
                ["--flag", "profile.v9=on"], [:],
                "error: --flag: there is no flag \"profile.v9\"; the flags are profile.v2; see App --help\n"
            ),
            (
                [], ["WAYPOINT_FLAGS": "profile.v2=on,nope=off"],
                "error: WAYPOINT_FLAGS: there is no flag \"nope\"; the flags are profile.v2\n"
            ),
            (
                [], ["WAYPOINT_FLAGS": "profile.v2"],
                "error: WAYPOINT_FLAGS: \"profile.v2\" is not a flag setting; write <name>=on or <name>=off\n"
            ),
            (
                ["--link", "https://example.com"], [:],
                "error: --link \"https://example.com\": example.com is not Waypoint's host; use https://waypoint.example/... or waypoint://...\n"
            ),
            (
                ["--link", "waypoint://profile/bob/friends"], [:],
                "error: --link \"waypoint://profile/bob/friends\": friends cannot follow profile/bob: no route opens it from there\n"
            ),
            (
                ["--link", "\u{1B}[2J"], [:],
                "error: --link \"\\u{1B}[2J\": the link has a space or control character (U+001B) at position 1; remove it\n"
            ),
        ] as [([String], [String: String], String)]
    )
    func badStart(arguments: [String], environment: [String: String], message: String) async {
        let result = await main(arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors == message)
    }

    @Test(
        "every line on standard error passes the display check: bidi overrides and C1 controls show as codes",
        arguments: [
            (["--link=waypoint://\u{202E}chat/bob"], "\u{202E}", "<U+202E>"),
            (["--link", "waypoint://chat/\u{85}bob"], "\u{85}", "<U+0085>"),
            (["--\u{202E}exe"], "\u{202E}", "<U+202E>"),
            (["--flag", "profile.v2=\u{85}on"], "\u{85}", "<U+0085>"),
        ] as [([String], String, String)])
    func errorsAreDisplaySafe(arguments: [String], raw: String, shown: String) async {
        let result = await main(arguments)
        #expect(result.status == 64)
        #expect(!result.errors.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(!result.errors.contains(raw))
        #expect(result.errors.contains(shown))
    }

    @Test("--trace prints every change from the start, with its duration; trace off stops it")
    func trace() async {
        let result = await main(["--trace"], typing: ["login alice", "wonderland", "trace off", "message 1"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        // Durations vary from run to run; the events and their order do not.
        let traced = lines.filter { $0.hasPrefix("trace +") }.map { $0.replacing(/[0-9]+\.[0-9]{3} ms/, with: "t") }
        #expect(
            traced == [
                "trace +t  arrived Login (replaceRoot)",
                "trace +t  load 1 started", "trace +t  load 1 finished (t)",
                "trace +t  load 2 started", "trace +t  load 2 finished (t)",
                "trace +t  load 3 started", "trace +t  load 3 finished (t)",
                "trace +t  left Login (replaceRoot)",
                "trace +t  arrived Friends (replaceRoot)",
                "trace +t  arrived Chats (replaceRoot)",
                "trace +t  arrived Profile @alice (replaceRoot)",
            ])
        let afterOff = lines.drop { $0 != "> trace off" }
        #expect(afterOff.contains("~ pushed Chat @bob"))
        #expect(!afterOff.contains { $0.hasPrefix("trace +") })
    }

    @Test("WAYPOINT_FLAGS set to the empty string means no flags")
    func emptyFlagsVariable() async {
        let result = await main([], environment: ["WAYPOINT_FLAGS": ""], typing: ["flags"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("> flags\nprofile.v2  off  (default off)"))
    }

    @Test("signed out, a start link reveals nothing of which accounts exist; after sign-in, the users are checked")
    func startLinkPrivacy() async {
        let known = await main(["--link", "waypoint://profile/bob"], typing: ["login alice", "wonderland"])
        let unknown = await main(["--link", "waypoint://profile/zzzz"], typing: ["login alice", "wonderland"])

        #expect(known.status == 0)
        #expect(unknown.status == 0)
        #expect(known.errors.isEmpty)
        #expect(unknown.errors.isEmpty)
        let waiting = "Sign in to open waypoint://profile/zzzz; it opens once you do. Type cancel to drop it.\n"
        #expect(unknown.output.contains(waiting))
        // Before sign-in, the two sessions print the same, but for the handle in the link.
        let beforeSignIn = { (output: String) in String(output.prefix { $0 != ">" }) }
        #expect(
            beforeSignIn(known.output).replacing("profile/bob", with: "profile/zzzz") == beforeSignIn(unknown.output))
        #expect(
            unknown.output.contains(
                "error: could not open waypoint://profile/zzzz after signing in: there is no user @zzzz; check the username\n"
            ))
        #expect(known.output.contains("Opened waypoint://profile/bob, the link you followed before signing in.\n"))
    }

    @Test("--link at a cold start opens Login and keeps the link until sign-in")
    func coldStart() async {
        let result = await main(["--link", "waypoint://chat/bob"], typing: ["login alice", "wonderland", "where"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(
            result.output.contains(
                "Sign in to open waypoint://chat/bob; it opens once you do. Type cancel to drop it.\n> login alice\n"))
        #expect(
            result.output.contains(
                """
                ~ replaced root with Friends
                ~ replaced root with Chats
                ~ replaced root with Profile @alice
                ~ pushed Chat @bob
                == Friends > Chat @bob ==
                Tabs: [friends] chats me

                """))
        #expect(
            result.output.contains(
                """
                tab:  friends (of friends, chats, me)
                root: Friends > Chat @bob
                top:  Chat @bob
                link: waypoint://friends/chat/bob

                """))
    }

    @Test(
        "flags come from the environment, and --flag wins over it",
        arguments: [
            ([], [:], "profile.v2  off"),
            ([], ["WAYPOINT_FLAGS": "profile.v2=on"], "profile.v2  on "),
            (["--flag", "profile.v2=off"], ["WAYPOINT_FLAGS": "profile.v2=on"], "profile.v2  off"),
            (["--flag=profile.v2=off", "--flag", "profile.v2=ON"], [:], "profile.v2  on "),
        ] as [([String], [String: String], String)])
    func flags(arguments: [String], environment: [String: String], listed: String) async {
        let result = await main(arguments, environment: environment, typing: ["flags"])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "> flags\n" + listed
                    + "  (default off)  show profiles on the new card screen instead of the classic one\n"))
    }
}
