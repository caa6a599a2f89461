import Console
import Domain
import Links
import Routing

/// The commands the app adds to every screen: tabs (`tab`), links (`open`, `explain`, `cancel`)
/// and flags (`flags`, `flag`). `where` also shows the link that recreates the current state.
@MainActor
final class AppConsoleCommands: AppCommands {
    private let links: AppLinks
    private let flags: FeatureFlags
    private let kept: any AppStateStore

    init(links: AppLinks, flags: FeatureFlags, kept: any AppStateStore) {
        self.links = links
        self.flags = flags
        self.kept = kept
    }

    var feedback: ScreenFeedback {
        get { links.feedback }
        set { links.feedback = newValue }
    }

    /// What the commands depend on: the tabs, whether a link waits, whether someone is signed in.
    private struct Situation: Equatable {
        var tabs: [String]
        var pending: Bool
        var signedIn: Bool
    }

    /// The commands for the situation they were last listed in: the console asks on every line.
    private var listed: (situation: Situation, commands: [CommandSpec])?

    var commands: [CommandSpec] {
        let situation = Situation(tabs: links.tabs, pending: links.pending != nil, signedIn: links.isSignedIn)
        if let listed, listed.situation == situation { return listed.commands }
        let commands = Self.commands(for: situation)
        listed = (situation, commands)
        return commands
    }

    private static func commands(for situation: Situation) -> [CommandSpec] {
        var commands: [CommandSpec] = []
        if !situation.tabs.isEmpty {
            commands.append(
                CommandSpec("tab", "<name>", summary: "show another tab: " + situation.tabs.joined(separator: ", ")))
        }
        commands += [
            CommandSpec("open", "<link>", summary: "go to the screen a link names, as waypoint://chat/bob"),
            CommandSpec("explain", "<link>", summary: "say what open <link> would do, without doing it"),
            CommandSpec("flags", summary: "list the feature flags"),
            CommandSpec("flag", "<name> on|off", summary: "turn a feature flag on or off"),
        ]
        if situation.pending {
            commands.append(CommandSpec("cancel", summary: "drop the link waiting for you to sign in"))
        }
        if situation.signedIn {
            commands.append(CommandSpec("signout", summary: "sign out, from any screen, and go back to Login"))
        }
        return commands
    }

    func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "tab":
            guard command.words.count == 1 else {
                return feedback.error("tab needs one tab's name: tab " + links.tabs.joined(separator: ", tab "))
            }
            await links.switchTab(to: command.argument.lowercased())
        case "open":
            guard let link = link(in: command) else { return }
            await links.open(link)
        case "explain":
            guard let link = link(in: command) else { return }
            let rows = await links.explain(link)
            let width = rows.map(\.label.count).max() ?? 0
            for row in rows {
                feedback.notice(
                    row.label + ":" + String(repeating: " ", count: width - row.label.count + 1) + row.value)
            }
        case "flags":
            let width = flags.registry.map(\.name.count).max() ?? 0
            for flag in flags.registry {
                let padding = String(repeating: " ", count: width - flag.name.count + 2)
                let value = flags.isOn(flag) ? "on " : "off"
                feedback.notice(
                    "\(flag.name)\(padding)\(value)  (default \(flag.defaultValue ? "on" : "off"))  \(flag.summary)")
            }
            if flags.registry.isEmpty { feedback.notice("There are no feature flags.") }
        case "flag":
            setFlag(command)
        case "cancel":
            if let link = links.dropPendingLink() {
                feedback.notice("Dropped \(link); it will not open when you sign in.")
            }
        case "signout":
            await links.signOut()
        default:
            feedback.error("there is no command \"\(command.name)\"; type help to list the commands")
        }
    }

    private func setFlag(_ command: Command) {
        let usage = "type flag <name> on|off; flags lists the names"
        guard command.words.count == 2 else {
            return feedback.error("flag needs a name and on or off; \(usage)")
        }
        let name = String(command.words[0])
        do throws(FlagError) {
            let value = try FeatureFlags.value(String(command.words[1]), for: name)
            let before = flags.registry.first { $0.name == name }.map(flags.isOn)
            try flags.set(name, to: value)
            do { try kept.saveFlag(name, isOn: value) } catch {
                if let before { try? flags.set(name, to: before) }
                return feedback.error("\(name) could not be kept, so it stays as it was: \(error)")
            }
            feedback.notice(
                "\(name) is \(value ? "on" : "off"). Screens already open stay as they are; the next one opened follows it."
            )
        } catch {
            feedback.error("\(error)")
        }
    }

    /// The link after the command, or `nil` after saying it is missing.
    private func link(in command: Command) -> String? {
        guard !command.argument.isEmpty else {
            feedback.error("\(command.name) needs a link: \(command.name) waypoint://friends, for example")
            return nil
        }
        return command.argument
    }

    var whereRows: [(label: String, value: String)] {
        var rows = [("link", links.currentLink ?? "(none: a screen on display has no link)")]
        if let pending = links.pending { rows.append(("pending", "\(pending.text), after sign-in")) }
        return rows
    }

    func sessionEnding() -> [String] {
        if let link = links.dropPendingLink() { return ["Dropped \(link): you left before signing in."] }
        return links.keepPlaces().map { [$0] } ?? []
    }
}
