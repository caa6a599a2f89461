import Console
import Domain
import Foundation
import Navigation
import Profile

// ProfileDemo: Waypoint's Profile feature alone, in a console program of its own. It signs in
// as Alice and starts on a directory of its own; `profile <handle>` opens Profile through
// `ProfileRoute`'s default implementation, exactly as Waypoint's app does.
//
// It depends on Waypoint by the path `../Waypoint` (SwiftPM names a path dependency after its
// folder), so it builds beside a copy of the repository named Waypoint. From the repository:
//
//   Scripts/examples --run profile          the classic profile screen, at your terminal
//   Scripts/examples --run profile --card   the card screen (Profile's `profile.v2` flag)
//
// In a checkout of your own with Waypoint/ and ProfileDemo/ side by side: `swift run ProfileDemo`.

/// Says what went wrong on standard error, and ends the program with `status`.
@MainActor
func fail(_ message: String, status: Int32) -> Never {
    let errors = StandardOutput(descriptor: 2)
    errors.write("error: \(message)\n")
    errors.flush()
    exit(status)
}

let flags = FeatureFlags(FeatureFlag.profileFlags)
switch Array(CommandLine.arguments.dropFirst()) {
case []: break
case ["--card"]:
    do { try flags.set(FeatureFlag.profileV2.name, to: true) } catch { fail("\(error)", status: 70) }
case let arguments:
    fail("unknown argument \"\(arguments.joined(separator: " "))\"; use --card, or nothing", status: 64)
}

let output = StandardOutput()
// The console is the front, and answers the editor's question too (it is a `UserPrompt`).
let prompt = ConsolePrompt<DemoPlace>()
let dependencies = ProfileServices(backend: InMemoryBackend(), session: Session(), flags: flags, prompt: prompt)
dependencies.session.begin(as: DemoData.alice)
// This program's places, with its router class for a profile: what builds each place's screen.
let window = Window(Declarations<DemoPlace>(environment: dependencies, scheme: "profiledemo"))
let console = ConsoleFront<DemoPlace>(window: window, input: StandardInput(tiedTo: output), output: output)
console.animates = true
prompt.console = console
output.write("ProfileDemo: Waypoint's Profile feature on its own. Type help to list the commands.\n")
do {
    try await window.openGate()
} catch {
    fail("could not open the directory: \(console.describe(error))", status: 70)
}
await console.run()
