import Chat
import Console
import Foundation
import Friends
import Login
import Navigation
import Profile
import Store
import Testing

@testable import App

/// README's and the console reference's tables of each screen's commands, held to the code: a
/// row names exactly the commands its screens offer, their own (each presenter's `Action`) and
/// those other features add to them (`AppPlace.contributions`). With `WAYPOINT_RECORD=1`
/// (`Scripts/record-transcripts`) a command the code offers and a row lacks is added to it.
@MainActor
@Suite("The command tables are the code's")
struct CommandTableTests {
    /// A row of the tables, by the start of its first cell; the commands its screens offer, and
    /// the patterns of their places (what a contribution names).
    struct Row {
        let key: String
        let usages: [String]
        let patterns: [String]
    }

    static func usages<A: ScreenAction>(_ action: A.Type) -> [String] {
        A.allCases.map { ScreenContent.Action($0.rawValue, $0.argument, summary: $0.summary).usage }
    }

    static let rows = [
        Row(key: "Login", usages: usages(LoginPresenter.Action.self), patterns: ["login"]),
        Row(
            key: "Sign up, Forgot password",
            usages: usages(SignUpPresenter.Action.self) + usages(ForgotPasswordPresenter.Action.self),
            patterns: ["signup", "forgot-password"]),
        Row(key: "Sign up", usages: usages(SignUpPresenter.Action.self), patterns: ["signup"]),
        Row(key: "Forgot password", usages: usages(ForgotPasswordPresenter.Action.self), patterns: ["forgot-password"]),
        Row(key: "Friends", usages: usages(FriendsPresenter.Action.self), patterns: ["friends"]),
        Row(key: "Chats", usages: usages(ChatsPresenter.Action.self), patterns: ["chats"]),
        Row(key: "Profile", usages: usages(ProfilePresenter.Action.self), patterns: ["me", "profile/<user>"]),
        Row(key: "Edit bio", usages: usages(BioEditorPresenter.Action.self), patterns: ["edit-bio"]),
        Row(key: "Chat", usages: usages(ChatPresenter.Action.self), patterns: ["chat/<user>"]),
        Row(key: "Pick a friend", usages: usages(FriendPickerPresenter.Action.self), patterns: ["pick-friend"]),
    ]

    /// The commands other features add to the screens of `patterns`, as the screens list them.
    static func contributed(to patterns: [String]) -> [String] {
        let declarations = Declarations<AppPlace>(
            environment: Backend.inMemory().dependencies, scheme: Waypoint.scheme, hosts: Waypoint.hosts)
        return patterns.flatMap { pattern -> [String] in
            guard let index = declarations.kinds.firstIndex(where: { $0.facts.pattern == pattern }) else { return [] }
            let sample = declarations.samples[index]
            return AppPlace.contributions.filter { $0.host == pattern }.compactMap {
                $0.offer(sample.link)?.listed.usage
            }
        }
    }

    /// The command words a row's cells name: each backticked command (`login <username>`), not
    /// the commands every screen takes (`back`).
    static func named(in row: Substring) -> Set<String> {
        let everywhere = Set(ConsoleCommand.allCases.map(\.rawValue))
        let words = row.matches(of: /`([a-z][a-z0-9-]*)[^`]*`/).map { String($0.1) }
        return Set(words).subtracting(everywhere)
    }

    @Test(
        "every row of README's and the console reference's command tables names the commands its screens offer",
        arguments: ["README.md", "Modules/Console/Console.docc/ConsoleReference.md"])
    func table(file: String) throws {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../\(file)")
        var text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "| screen | commands |"))
        var checked = 0
        for line in text[start.upperBound...].split(separator: "\n").dropFirst().prefix(while: { $0.hasPrefix("|") }) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { continue }
            let first = cells[1].trimmingCharacters(in: .whitespaces)
            guard let row = Self.rows.filter({ first.hasPrefix($0.key) }).max(by: { $0.key.count < $1.key.count })
            else {
                Issue.record("\(file): the command table's row \"\(first)\" names no screen this test knows")
                continue
            }
            checked += 1
            let offered = row.usages + Self.contributed(to: row.patterns)
            let expected = Set(offered.map { String($0.prefix { $0 != " " }) })
                .subtracting(ConsoleCommand.allCases.map(\.rawValue))
            let named = Self.named(in: cells[2])
            // A word the console also takes (Edit bio's `cancel`) is not counted as named, nor missing.
            let missing = offered.filter { expected.subtracting(named).contains(String($0.prefix { $0 != " " })) }
            if ProcessInfo.processInfo.environment["WAYPOINT_RECORD"] == "1", !missing.isEmpty {
                let added =
                    line.dropLast().trimmingCharacters(in: .whitespaces)
                    + missing.map { ", `\($0)`" }.joined() + " |"
                text = text.replacingOccurrences(of: String(line), with: added)
                continue
            }
            #expect(
                named == expected,
                """
                \(file): the command table's row \(first) names \(named.sorted()), but its screens offer \
                \(expected.sorted()): run Scripts/record-transcripts (it adds a command the row lacks), or edit \
                the row by hand for one the code no longer offers
                """)
        }
        #expect(checked >= 8, "\(file): the command table has \(checked) rows this test knows")
        if ProcessInfo.processInfo.environment["WAYPOINT_RECORD"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
