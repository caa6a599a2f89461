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

let flags = FeatureFlags(ProfileFeature.flags)
switch Array(CommandLine.arguments.dropFirst()) {
case []: break
case ["--card"]:
    do { try flags.set(FeatureFlag.profileV2.name, to: true) } catch { fail("\(error)", status: 70) }
case let arguments:
    fail("unknown argument \"\(arguments.joined(separator: " "))\"; use --card, or nothing", status: 64)
}

let output = StandardOutput()
let window = Window(observers: [ConsoleAnimator(output: output)])
// The console is the front, and answers the editor's question too (it is a `UserPrompt`).
let console = ConsoleFront(window: window, input: StandardInput(tiedTo: output), output: output)
let dependencies = ProfileServices(backend: InMemoryBackend(), session: Session(), flags: flags, prompt: console)
dependencies.session.begin(as: DemoData.alice)

// Profile's places, with this program's router class for a profile: what builds the screen of
// each route's place.
let navigator = Navigator(
    window: window, catalog: PlaceCatalog(ProfileFeature.places(dependencies, profile: DemoProfileRouter.self)))
let directory = DirectoryRouter(dependencies: dependencies)
let screen = DirectoryPresenter(
    router: directory, viewer: DemoData.alice, people: DemoData.standard.accounts.map(\.user))
output.write("ProfileDemo: Waypoint's Profile feature on its own. Type help to list the commands.\n")
do {
    try RootOpener(window: window, navigator: navigator).open(screen, of: directory, transition: RootTransition())
} catch {
    fail("could not open the directory: \(console.describe(error))", status: 70)
}
await console.run()
