import Navigation

/// A front of this program's own, a few lines long: it prints the screen on top (where it is,
/// its lines and commands, what it has to say), reads a line, and hands the screen the action it
/// names; `back` closes the screen through its router; a screen on top again after another one
/// hears so (`reappearing()`: the conversations reload). Navigation knows no front: this is all one
/// needs to drive a feature.
@MainActor
struct TinyFront<Places: AppPlaces> {
    let window: Window<Places>

    func run(reading read: () -> String? = { readLine() }) async {
        var seen: [ObjectIdentifier] = []
        while let screen = window.state.screens.topScreen {
            if let index = seen.firstIndex(of: ObjectIdentifier(screen)), index < seen.count - 1 {
                await screen.reappearing()
            }
            seen = window.state.screens.stacks.path.map(ObjectIdentifier.init)
            let content = screen.content
            print("== \(window.state.screens.titles.path.joined(separator: " > ")) ==")
            var item = 0
            for line in content.lines {
                switch line {
                case .text(let text): print(text)
                case .item(let text):
                    item += 1
                    print("  \(item). \(text)")
                }
            }
            print("Commands: " + (content.actions.map(\.usage) + ["back", "quit"]).joined(separator: ", "))
            guard let line = read(), line != "quit" else { return }
            print("> " + line)
            let word = String(line.prefix { $0 != " " })
            let argument = String(line.dropFirst(word.count).drop { $0 == " " })
            if word == "back" {
                guard let router = window.state.screens.router(of: screen), (try? router.close()) != nil else {
                    print("error: this is the first screen; quit ends the program")
                    continue
                }
            } else if content.actions.contains(where: { $0.name == word }) {
                await screen.perform(word, argument: argument)
            } else {
                print("error: there is no command \"\(word)\" here; use one of the commands listed")
            }
            for said in screen.feedback.take() {
                switch said {
                case .error(let error): print("error: \(error)")
                case .notice(let text): print(text)
                }
            }
        }
    }
}
