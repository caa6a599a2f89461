import Chat
import Domain
import Foundation
import Navigation
import Profile
import Store
import Testing

@testable import Console

/// README states the numbers a user meets (the load policies the demo network shows, the
/// sign-in lockout); the code declares them once. This test reads README and holds the two
/// together, so a number changed in code and not in README fails here.
@Suite("README's numbers are the code's")
struct ReadmeFactsTests {
    let readme: String = {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)) ?? ""
    }()

    /// `duration` as README writes it: "300 ms", "3 s", "5 minutes".
    static func words(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000) minutes" }
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
        return "\(milliseconds) ms"
    }

    @Test("README is at most 400 lines: a new user reads it in ten minutes; guides are the articles")
    func short() {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 400, "README.md is \(lines) lines; move reference material into an article")
    }

    @Test("the demo network's rows state the load policies Profile and Chat declare")
    @MainActor
    func policies() throws {
        let profile = ProfileLoading.policy
        let chat = ChatLoading.policy
        #expect(profile.placeholderAfter == chat.placeholderAfter && profile.timeout == chat.timeout)
        let placeholder = Self.words(try #require(profile.placeholderAfter))
        let backoff = Self.words(try #require(profile.retry?.backoff))
        let timeout = Self.words(try #require(profile.timeout))
        #expect(
            readme.contains("a placeholder after \(placeholder)"), "README says no placeholder after \(placeholder)")
        #expect(readme.contains("tried again after \(backoff)"), "README says no retry after \(backoff)")
        #expect(readme.contains("the **timeout**: after \(timeout)"), "README says no timeout after \(timeout)")
        #expect(readme.contains("did not load within \(Int(timeout.dropLast(2)) ?? 0) seconds"))
    }

    @Test("the lockout README describes is the backend's standard one")
    func lockout() {
        let lockout = InMemoryBackend.LockoutPolicy.standard
        #expect(
            readme.contains(
                "After \(lockout.maxFailures) failed sign-ins for a username within \(Self.words(lockout.lockDuration))"
            ))
        #expect(readme.contains("refused for \(Self.words(lockout.lockDuration))"))
        #expect(
            readme.contains(
                "At most \(lockout.capacity.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))))"
            ))
    }

    @Test("README's console commands are the ones every screen takes, each named once in the code")
    func commands() throws {
        let start = try #require(readme.range(of: "Everywhere: "))
        let end = try #require(readme.range(of: "Each screen lists its own", range: start.upperBound..<readme.endIndex))
        let named = readme[start.upperBound..<end.lowerBound].matches(of: /`([a-z]+)[^`]*`/).map { String($0.1) }
        #expect(named.sorted() == ConsoleCommand.allCases.map(\.rawValue).sorted())
    }

    /// With `WAYPOINT_RECORD=1` (`Scripts/record-transcripts`) it writes the transcript's lines
    /// into README instead.
    @Test("README's first session is the walkthrough transcript's beginning, as a terminal shows it")
    func firstSession() throws {
        let start = try #require(readme.range(of: "```text\n$ swift run App\n"))
        let end = try #require(readme.range(of: "\n...\n```", range: start.upperBound..<readme.endIndex))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let root = URL(filePath: #filePath).deletingLastPathComponent()
        let transcript = try String(contentsOf: root.appending(path: "Sessions/walkthrough.out"), encoding: .utf8)
        // Piped, the password prompt says the typed line is hidden; a terminal shows the prompt alone.
        let recorded = transcript.split(separator: "\n", omittingEmptySubsequences: false).prefix(shown.count).map {
            $0 == "Password: (hidden)" ? "Password:" : String($0)
        }
        if ProcessInfo.processInfo.environment["WAYPOINT_RECORD"] == "1" {
            let file = root.appending(path: "../../README.md")
            try readme.replacingCharacters(
                in: start.upperBound..<end.lowerBound, with: recorded.joined(separator: "\n")
            )
            .write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            shown.map(String.init) == recorded,
            "README's first session is not walkthrough.out's beginning: run Scripts/record-transcripts")
    }

    @Test("How navigation works states the load policies Profile and Chat declare, row by row")
    @MainActor
    func policyTable() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appending(path: "Modules/Navigation/Navigation.docc/HowNavigationWorks.md"),
            encoding: .utf8)
        let (profile, chat) = (ProfileLoading.policy, ChatLoading.policy)
        func row(_ name: String) throws -> [String] {
            let line = try #require(article.split(separator: "\n").first { $0.hasPrefix("| `\(name)` |") })
            return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.suffix(2)
        }
        func retry(_ policy: LoadPolicy) -> String {
            policy.retry.map { "\($0.attempts) × from \(Self.words($0.backoff))" } ?? "none"
        }
        func competition(_ policy: LoadPolicy) -> String {
            policy.competition == .newestWins ? "newest wins" : "first wins"
        }
        #expect(try row("timeout") == [profile, chat].map { $0.timeout.map(Self.words) ?? "none" })
        #expect(try row("placeholderAfter") == [profile, chat].map { $0.placeholderAfter.map(Self.words) ?? "none" })
        #expect(try row("retry").map { String($0.prefix { $0 != "," }) } == [profile, chat].map(retry))
        #expect(try row("competition") == [profile, chat].map(competition))
    }
}
