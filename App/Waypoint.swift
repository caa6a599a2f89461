import Console
import Domain
import Login
import Routing

/// The app: the window, the live dependencies, the console front, and the launcher that opens
/// the first screen.
@MainActor
final class Waypoint {
    static let version = "0.1.0"

    let window: Window
    let dependencies: Dependencies
    let console: ConsoleFront
    private let launcher: Launcher
    private let output: any TextOutput

    init(dependencies: Dependencies, input: any LineSource, output: any TextOutput) {
        window = Window(animator: ConsoleAnimator(output: output))
        self.dependencies = dependencies
        self.output = output
        console = ConsoleFront(window: window, input: input, output: output)
        launcher = Launcher(window: window, dependencies: dependencies)
    }

    /// Greets the user and opens Login as the root.
    /// - Throws: `RoutingError` if Login cannot be shown.
    func start() async throws {
        output.write("Waypoint \(Self.version). Type help on any screen to list its commands.\n")
        try await launcher.openLogin()
    }

    /// Starts, then runs the console until `quit` or the end of input.
    /// - Returns: the exit status: 0, or 70 (EX_SOFTWARE) if Login cannot be shown.
    func run(errors: any TextOutput) async -> Int32 {
        do {
            try await start()
        } catch {
            errors.write("error: could not open Login: \(error)\n")
            return 70
        }
        await console.run()
        return 0
    }

    /// Runs App with the given arguments and I/O, as `main.swift` does with the real ones.
    /// - Returns: the exit status: 0, 64 (EX_USAGE) for a bad command line, 70 if Login cannot
    ///   be shown.
    static func main(
        arguments: [String],
        input: @autoclosure () -> any LineSource,
        output: any TextOutput,
        errors: any TextOutput,
        dependencies: @autoclosure () -> Dependencies
    ) async -> Int32 {
        defer {
            output.flush()
            errors.flush()
        }
        let invocation: Invocation
        do {
            invocation = try CommandLineOptions.parse(arguments)
        } catch {
            errors.write("error: \(error)\n\n" + CommandLineOptions.usage)
            return 64
        }
        switch invocation {
        case .help:
            output.write("Waypoint \(version): a routing skeleton with a console front.\n\n" + CommandLineOptions.usage)
        case .version:
            output.write("Waypoint \(version)\n")
        case .run:
            return await Waypoint(dependencies: dependencies(), input: input(), output: output).run(errors: errors)
        }
        return 0
    }
}
