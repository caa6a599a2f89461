import Console
import Domain
import Foundation
import Profile
import Routing

// ProfileDemo: Waypoint's Profile feature alone, in a console program of its own. It signs in
// as Alice and starts on a directory of its own; `profile <handle>` opens Profile through
// `ProfileRoute`'s default implementation, exactly as Waypoint's app does.
//
//   swift run ProfileDemo           the classic profile screen
//   swift run ProfileDemo --card    the card screen (Profile's `profile.v2` flag)

/// Says what went wrong on standard error, and ends the program with `status`.
@MainActor
func fail(_ message: String, status: Int32) -> Never {
    let errors = StandardOutput(descriptor: 2)
    errors.write("error: \(message)\n")
    errors.flush()
    exit(status)
}

let flags = FeatureFlags([.profileV2])
switch Array(CommandLine.arguments.dropFirst()) {
case []: break
case ["--card"]:
    do { try flags.set(FeatureFlag.profileV2.name, to: true) } catch { fail("\(error)", status: 70) }
case let arguments:
    fail("unknown argument \"\(arguments.joined(separator: " "))\"; use --card, or nothing", status: 64)
}

/// The editor's question, asked on this program's console.
@MainActor
final class ConsolePrompt: UserPrompt {
    weak var console: ConsoleFront?

    func confirm(_ question: String) async -> Bool {
        console?.confirm(question) ?? false
    }
}

/// What Profile uses, and only that: no sign-in, no messages (Profile's `ProfileDependencies`).
@MainActor
struct ProfileServices: ProfileDependencies {
    var users: any UserService
    var session: Session
    var flags: FeatureFlags
    var prompt: any UserPrompt
}

let prompt = ConsolePrompt()
let dependencies = ProfileServices(users: InMemoryBackend(), session: Session(), flags: flags, prompt: prompt)
dependencies.session.begin(as: DemoData.alice)

let output = StandardOutput()
let window = Window(observers: [ConsoleAnimator(output: output)])
let directory = DirectoryRouter(dependencies: dependencies)
let presenter = DirectoryPresenter(router: directory, people: DemoData.standard.accounts.map(\.user))
let screen = DirectoryView(presenter: presenter)
presenter.view = screen
output.write("ProfileDemo: Waypoint's Profile feature on its own. Type help to list the commands.\n")
do {
    try RootOpener(window: window).open(screen, of: directory, transition: RootTransition())
} catch {
    fail("could not open the directory: \(error)", status: 70)
}
let console = ConsoleFront(window: window, input: StandardInput(tiedTo: output), output: output)
prompt.console = console
await console.run()
