import Console
import Domain
import Foundation
import LinkMatching
import Navigation
import Store
import TestSupport
import Testing

@testable import App

/// What a hostile try found in links and kept state, each held by a test (issue "Hardening 4").
@MainActor
@Suite("Hardening: links and kept state")
struct HardeningTests {
    @Test(
        "your own profile's editor, opened outside the me tab, prints a link that opens again from a cold start: whose profile is yours waits for sign-in"
    )
    func ownProfileLinkRestores() async throws {
        let first = try ScriptedApp(
            ["login alice", "wonderland", "profile 1", "quit"].map(RawLine.init))
        _ = try await first.run()
        for link in [
            "waypoint://friends/profile/alice/edit-bio", "waypoint://chats/chat/carol/profile/alice/edit-bio",
        ] {
            let cold = try ScriptedApp(
                ["explain \(link)", "login alice", "wonderland", "where", "quit"].map(RawLine.init))
            _ = try await cold.run(link: link)
            let text = cold.output.text
            #expect(text.contains("link:    \(link)"), "\(text)")
            #expect(text.contains("Opened \(link), the link you followed before signing in."))
            #expect(!text.contains("error:"), "\(text)")
        }
        // Signed in, someone else's profile still offers no editor.
        let other = try ScriptedApp(
            ["login alice", "wonderland", "open waypoint://friends/profile/bob/edit-bio", "quit"].map(RawLine.init))
        _ = try await other.run()
        let offers = Links(window: other.app.window).expected("{offers of profile/bob}")
        #expect(
            other.output.text.contains(
                "error: edit-bio cannot follow profile/bob: Profile @bob offers \(offers), and none of them opens Edit bio"
            ))
    }

    @Test(
        "a link that opens a chat with a message it does not have opens the chat unmarked with a note, never an error line after a change"
    )
    func errorLineMeansNothingChanged() async throws {
        let session = try ScriptedApp(
            ["login alice", "wonderland", "open waypoint://chat/bob?message=9", "where", "quit"].map(RawLine.init))
        _ = try await session.run()

        let text = session.output.text
        #expect(text.contains("~ pushed Chat @bob"))
        #expect(text.contains("Not marked: there is no message 9; this chat shows 3."))
        #expect(!text.contains("error:"), "\(text)")
        #expect(text.contains("link: waypoint://friends/chat/bob\n"))
    }

    @Test(
        "the link's byte limit holds for its query too; a text value is counted with its combining marks; a raw space, tab or non-ASCII byte in a query is refused, as in a path"
    )
    func queryLimits() async throws {
        let app = try ScriptedApp()
        let links = app.app.window
        let marks = String(repeating: "%CC%81", count: 20_000)
        let long = #expect(throws: LinkFailure<AppPlace>.self) {
            try links.resolve("waypoint://friends?search=a" + marks)
        }
        guard case .link(.tooLong(_, 2_048))? = long else {
            Issue.record("not too long: \(String(describing: long))")
            return
        }
        let fortyOne = "waypoint://friends?search=a" + String(repeating: "%CC%81", count: 40)
        let tooMany = #expect(throws: LinkFailure<AppPlace>.self) { try links.resolve(fortyOne) }
        guard case .link(.queryValueTooLong("search", 41, 40))? = tooMany else {
            Issue.record("not too long a value: \(String(describing: tooMany))")
            return
        }
        for bad in [
            "waypoint://friends?search=a b", "waypoint://friends?search=\u{E9}", "waypoint://friends?search=a\tb",
        ] {
            #expect(throws: LinkFailure<AppPlace>.self) { try links.resolve(bad) }
        }
        #expect(throws: LinkFailure<AppPlace>.self) { try links.resolve("waypoint://friends?search=a%09b") }
        _ = try links.resolve("waypoint://friends?search=car%20park")
    }

    @Test("an https link with no host, or an address in brackets, is named for what it is")
    func httpsHosts() async throws {
        let session = try ScriptedApp(
            ["explain https:///friends", "explain https://[::1]/friends", "quit"].map(RawLine.init))
        _ = try await session.run()
        let text = session.output.text
        #expect(text.contains("nothing would happen: the https link names no host; use https://waypoint.example/"))
        #expect(text.contains("nothing would happen: [::1] is not Waypoint's host"))
        #expect(!text.contains("user name or a port"))
    }

    @Test(
        "a kept draft with a control or bidi character, or longer than a line, is left out with a reason; the editor comes back without it, and save cannot store it"
    )
    func keptDraftChecked() async throws {
        for draft in ["%1B%5B31mred", "right%E2%80%AEleft", String(repeating: "x", count: 4_097)] {
            let backend = InMemoryBackend()
            backend.savePlaces(
                "waypoint-state 2\nselected 2\ntab friends friends\ntab chats chats\ntab me me\nmodal edit-bio#\(draft)",
                of: "alice")
            let session = try ScriptedApp(
                ["login alice", "wonderland", "save", "quit"].map(RawLine.init), backend: backend)
            _ = try await session.run()

            let text = session.output.text
            #expect(text.contains("Left out the unsaved work kept with edit-bio"), "\(text)")
            #expect(try backend.user("alice").bio == "Follows white rabbits; reads routing tables for fun.")
            #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
        }
    }

    @Test(
        "query items below the top belong to the link: where writes each level's, a cold --link of it restores them, and back shows the filtered list"
    )
    func itemsAtEveryLevel() async throws {
        let first = try ScriptedApp(
            ["login alice", "wonderland", "open waypoint://friends?search=b", "message 1", "where", "quit"].map(
                RawLine.init))
        _ = try await first.run()
        #expect(first.output.text.contains("link: waypoint://friends/chat/bob?search=b\n"), "\(first.output.text)")

        let cold = try ScriptedApp(["login alice", "wonderland", "back", "quit"].map(RawLine.init))
        _ = try await cold.run(link: "waypoint://friends/chat/bob?search=b")
        let text = cold.output.text
        // The last list drawn, after back, is the filtered one (its commands are Friends' own to
        // change, so they are not pinned here).
        let lastList = text.range(of: "Your friends", options: .backwards).map { String(text[$0.lowerBound...]) }
        #expect(
            lastList?.hasPrefix("Your friends matching \"b\":\n  1. Bob Builder (@bob)\nCommands: ") == true, "\(text)")
        #expect(
            text.hasSuffix("\n> quit\nKept where you were, @alice: Friends. Sign in again to come back to it.\nBye.\n"),
            "\(text)")
    }

    @Test("quit and sign in again: the query items of every level come back, the top screen's too")
    func itemsKept() async throws {
        let backend = InMemoryBackend()
        let first = try ScriptedApp(
            [
                "login alice", "wonderland", "open waypoint://friends?search=b", "tab chats",
                "open waypoint://chats/chat/bob?message=2", "quit",
            ].map(RawLine.init), backend: backend)
        _ = try await first.run()
        #expect(
            backend.savedPlaces(of: "alice")
                == "waypoint-state 2\nselected 1\ntab friends friends?search=b\ntab chats chats chat/bob?message=2\ntab me me"
        )

        let second = try ScriptedApp(
            ["login alice", "wonderland", "where", "tab friends", "where", "quit"].map(RawLine.init), backend: backend)
        _ = try await second.run()
        let text = second.output.text
        #expect(text.contains("link: waypoint://chats/chat/bob?message=2\n"), "\(text)")
        #expect(text.contains("link: waypoint://friends?search=b\n"), "\(text)")
        #expect(text.contains("Your friends matching \"b\":"))
    }

    /// Alice's next sign-in with `kept` as her kept state: what the console says.
    private func restoring(_ kept: String) async throws -> String {
        let backend = InMemoryBackend()
        backend.savePlaces(kept, of: "alice")
        let session = try ScriptedApp(
            ["login alice", "wonderland", "where", "quit"].map(RawLine.init), backend: backend)
        _ = try await session.run()
        return session.output.text
    }

    @Test("a kept state in CRLF lines, or with spaces at the ends of lines, reads as the same state")
    func keptStateLineEnds() async throws {
        let lines = ["waypoint-state 2", "selected 0", "tab friends friends chat/bob", "tab chats chats", "tab me me"]
        for kept in [
            lines.joined(separator: "\r\n") + "\r\n", lines.map { $0 + " " }.joined(separator: "\n") + "\n  \n",
        ] {
            let text = try await restoring(kept)
            #expect(text.contains("Restored where you were when you quit: Friends > Chat @bob.\n> where"), "\(text)")
            #expect(!text.contains("Left out") && !text.contains("error:"), "\(text)")
        }
    }

    @Test(
        "reading a kept state holds the window's depth, and its report is a few lines and a count, however large the text"
    )
    func keptStateBounded() async throws {
        let deep = Array(repeating: "chat/bob profile/bob", count: 100_000).joined(separator: " ")
        let junk = (0..<20_000).map { "junk \($0)" }.joined(separator: "\n")
        let text = try await restoring(
            "waypoint-state 2\nselected 0\ntab friends friends \(deep)\ntab chats chats\ntab me me\n\(junk)")
        let report = text.split(separator: "\n").filter { $0.hasPrefix("Left out") || $0.hasPrefix("Dropped") }
        #expect(report.count == 5, "\(report)")
        #expect(
            report.first
                == "Left out profile/bob and what followed it in the friends tab: the window shows at most 12 screens.")
        #expect(text.contains("And 19997 more left out or dropped."), "\(text.suffix(500))")
    }

    @Test("every place kept and not brought back is reported: a modal that names a place again")
    func keptStateDropsReported() async throws {
        let text = try await restoring(
            "waypoint-state 2\nselected 0\ntab friends friends\ntab chats chats\ntab me me\nmodal profile/bob chat/bob\nmodal profile/bob"
        )
        #expect(text.contains("Restored where you were when you quit: Friends > [Profile @bob]."), "\(text)")
        #expect(
            text.contains(
                "Dropped Chat @bob > Profile @bob: the kept state named a place again, and, as a link does, it came back once, without what followed it."
            ), "\(text)")
    }

    @Test(
        "at a terminal, a newer link typed while gina's profile loads gets its own placeholder, and back typed then stops it at once"
    )
    func newerLinkWhileLoading() async throws {
        let session = try ScriptedApp(
            ["login quinn", "patience", "profile 1", "open waypoint://friends/profile/ivy", "back", "where", "quit"]
                .map(
                    RawLine.init), atTerminal: true)
        let status = try await session.run()

        let text = session.output.text
        #expect(status == 0)
        #expect(text.contains("Loading Profile @gina"), "\(text)")
        #expect(text.contains("Loading Profile @ivy"), "\(text)")
        #expect(text.contains("Stopped loading Profile @ivy; nothing opened."), "\(text)")
        #expect(!text.contains("is a root screen"), "\(text)")
        #expect(!text.contains("did not load within"), "\(text)")
        #expect(text.components(separatedBy: "Bye.").count == 2)
        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(!session.app.window.loader.isLoading)
    }
}
