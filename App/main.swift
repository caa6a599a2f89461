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
// at once, so App can put the terminal back first; it then ends by SIGPIPE all the same (`endProcess`).
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
// Ctrl-C, `kill` or a closed terminal ended the session as `quit` does: now the signal ends App.
TerminalRestore.endBySignal()
output.endProcess(status)
