import Console
import Domain
import FullScreen
import Store

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A reader that goes away (`App | head -1`) makes writes fail instead of killing the process
// at once, so App can put the terminal back first; it then ends by SIGPIPE all the same (below).
signal(SIGPIPE, SIG_IGN)

/// The variables App reads.
let environment = ([CommandLineOptions.flagsVariable, "TERM"] + Storage.variables).reduce(into: [String: String]()) {
    found, name in
    if let value = getenv(name) { found[name] = String(cString: value) }
}

let output = StandardOutput()
let status = await Waypoint.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: environment,
    input: StandardInput(tiedTo: output),
    output: output,
    errors: StandardOutput(descriptor: 2),
    open: { choice throws(StoreError) in try Storage.open(choice, environment: environment) },
    terminal: { TerminalDevice() },
    endsProcess: true
)
if output.isClosed, output.failure == EPIPE {
    // Nobody reads standard output any more: end the way Unix filters do when their reader
    // goes away, killed by SIGPIPE (a shell shows status 141).
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
}
if output.isClosed {
    // Any other failure (a full disk) is said on standard error, once, and the status says it.
    let errors = StandardOutput(descriptor: 2)
    errors.write(
        "error: standard output could not be written (\(String(cString: strerror(output.failure)))); "
            + "what App printed is incomplete\n")
    errors.flush()
    exit(74)
}
exit(status)
