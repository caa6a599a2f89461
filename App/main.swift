import Console
import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A reader that goes away (`App | head`) makes writes fail instead of killing the process.
signal(SIGPIPE, SIG_IGN)

exit(
    await Waypoint.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        input: StandardInput(),
        output: StandardOutput(),
        errors: StandardOutput(descriptor: 2),
        dependencies: .inMemory()
    )
)
