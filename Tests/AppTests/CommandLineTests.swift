import Console
import Domain
import Testing

@testable import App

@MainActor
@Suite("Command line")
struct CommandLineTests {
    func main(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
        let output = RecordedOutput()
        let errors = RecordedOutput()
        let status = await Waypoint.main(
            arguments: arguments,
            input: ScriptedInput([]),
            output: output,
            errors: errors,
            dependencies: .inMemory()
        )
        return (status, output.text, errors.text)
    }

    @Test("--help and -h print the usage", arguments: ["--help", "-h"])
    func help(flag: String) async {
        let result = await main([flag])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Waypoint 0.1.0: a routing skeleton with a console front.\n\nusage: App [--help] [--version]\n"))
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
            (["--help", "--version"], "error: App takes at most one option, not 2; see App --help"),
            (["\u{1B}[2J"], "error: unknown argument \"\\u{1B}[2J\"; see App --help"),
        ]
    )
    func usageError(arguments: [String], message: String) async {
        let result = await main(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix(message + "\n\nusage: App"))
    }

    @Test("no arguments runs a session")
    func run() async {
        let result = await main([])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Waypoint 0.1.0. Type help on any screen to list its commands.\n~ replaced root with Login\n== Login ==\n"))
        #expect(result.output.hasSuffix("Bye.\n"))
    }
}
