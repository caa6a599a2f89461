import Console
import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A reader that goes away (`App | head`) makes writes fail instead of killing the process.
signal(SIGPIPE, SIG_IGN)

/// The variables App reads.
let environment = [CommandLineOptions.flagsVariable].reduce(into: [String: String]()) { found, name in
    if let value = getenv(name) { found[name] = String(cString: value) }
}

let output = StandardOutput()
exit(
    await Waypoint.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: environment,
        input: StandardInput(tiedTo: output),
        output: output,
        errors: StandardOutput(descriptor: 2),
        dependencies: .inMemory()
    )
)
