import Console
import Domain
import Navigation
import Store
import Testing

@testable import App

/// Whole sessions, typed into the app and compared with their golden transcripts.
@MainActor
@Suite("Transcripts")
struct TranscriptTests {
    @Test(
        "a scripted session prints its transcript and ends in its state",
        arguments: [
            ("walkthrough", NavigationState(root: ["Login"])),
            ("accounts", NavigationState(root: ["Login"])),
            ("lockout", NavigationState(root: ["Login"])),
            ("navigation", NavigationState(root: ["Friends"])),
            ("links", NavigationState(root: ["Friends", "Chat @bob", "Profile @bob"])),
            ("flags", NavigationState(root: ["Friends", "Chat @carol", "Profile @carol"])),
            ("providers", NavigationState(root: ["Friends"], modals: [["Profile @bob"]])),
            ("trace", NavigationState(root: ["Friends", "Chat @bob"])),
            ("tabs", NavigationState(root: ["Friends", "Chat @bob"])),
            ("flows", NavigationState(root: ["Login"])),
            ("queries", NavigationState(root: ["Friends", "Chat @dave"])),
            ("policies", NavigationState(root: ["Friends"])),
        ]
    )
    func session(name: String, finalState: NavigationState<String>) async throws {
        let session = try ScriptedApp(try script(name))
        let status = try await session.run()

        try expectGolden(session.output.text, name)
        #expect(status == 0)
        #expect(session.errors.text.isEmpty)
        #expect(session.state == finalState)
    }

    @Test(
        "at a terminal, each load's policy acts on what is typed while it waits: a placeholder after 300 ms, back stops the load, a newer navigation wins over a profile and is refused while a chat loads; a late result opens nothing"
    )
    func policiesAtTerminal() async throws {
        let session = try ScriptedApp(try script("policies-terminal"), atTerminal: true)
        let status = try await session.run()

        try expectGolden(session.output.text, "policies-terminal")
        #expect(status == 0)
        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(!session.app.window.loader.isLoading)
    }

    @Test(
        "a cold start from a link while signed out: Login, then the link once signed in, kept through a failed sign-in and a trip to sign-up"
    )
    func coldStart() async throws {
        let session = try ScriptedApp(try script("pending"))
        let status = try await session.run(link: "waypoint://chat/bob/profile/bob")

        try expectGolden(session.output.text, "pending")
        #expect(status == 0)
        #expect(session.state == NavigationState(root: ["Login"]))
    }

    @Test("every kind of bad input gets one error line and changes nothing")
    func badInput() async throws {
        let lines: [RawLine] = [
            RawLine(""), RawLine("   "), RawLine("frobnicate"), RawLine("login"), RawLine("login alice"),
            RawLine("wonderland"),
            RawLine("profile 9"), RawLine("profile 0"), RawLine("profile x"), RawLine("profile"), RawLine("open 2"),
            RawLine("signout now"),
            RawLine("message 1"), RawLine("send"), RawLine("send    "),
            RawLine(bytes: Array(repeating: UInt8(ascii: "x"), count: 1_048_576)),
            RawLine(bytes: [0x73, 0x65, 0x6E, 0x64, 0x20, 0xC3, 0x28]),
            RawLine("send \u{1B}[31mred"), RawLine("\u{7}"), RawLine("send \u{202E}txt.exe"),
            RawLine("where"),
        ]
        let session = try ScriptedApp(lines)
        let status = try await session.run()

        try expectGolden(session.output.text, "bad-input")
        #expect(status == 0)
        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob"]))
        #expect(!session.output.text.contains("\u{1B}"))
        #expect(!session.output.text.contains("wonderland"))
    }

    @Test(
        "the end of input in the middle of a flow ends the session cleanly",
        arguments: [
            (["login alice"], NavigationState(root: ["Login"])),
            (["signup", "create dan Dan Brown"], NavigationState(root: ["Login", "Sign up"])),
            (["login alice", "wonderland", "message 2"], NavigationState(root: ["Friends", "Chat @carol"])),
        ])
    func endOfInput(lines: [String], finalState: NavigationState<String>) async throws {
        let session = try ScriptedApp(lines.map(RawLine.init))
        let status = try await session.run()

        #expect(status == 0)
        #expect(session.output.text.hasSuffix("Bye.\n"))
        #expect(session.state == finalState)
    }

    @Test("no password is ever printed")
    func passwordsStayHidden() async throws {
        for name in ["walkthrough", "accounts", "lockout"] {
            let session = try ScriptedApp(try script(name))
            _ = try await session.run()
            for secret in ["wonderland", "secret99", "fixit123", "nope"] {
                #expect(!session.output.text.contains(secret), "\(name) printed \(secret)")
            }
        }
    }
}

/// Several windows on one session, typed into the app as a user would.
@MainActor
@Suite("Transcripts: windows")
struct WindowTranscriptTests {
    @Test(
        "two runs with several windows: new windows, links that bring a window forward and that open a new one, a close that asks, bad window commands, quit with three; the next sign-in brings all three back, the one in front in front; sign-out asks each window, closes the others, and a link typed in a second Login window opens there after sign-in"
    )
    func windows() async throws {
        let backend = InMemoryBackend()
        let first = try ScriptedApp(try script("windows"), backend: backend)
        #expect(try await first.run() == 0)
        let kept = try #require(backend.savedPlaces(of: "alice"))
        let second = try ScriptedApp(try script("windows-next"), backend: backend)
        #expect(try await second.run() == 0)

        try expectGolden(first.output.text + "---- the next run ----\n" + second.output.text, "windows")
        #expect(
            kept
                == "waypoint-state 3\nfront 1\nwindow\nselected 0\ntab friends friends\ntab chats chats\ntab me me\n"
                + "window\nselected 0\ntab friends friends chat/carol?message=1\ntab chats chats chat/bob\ntab me me\n"
                + "window\nselected 2\ntab friends friends\ntab chats chats\ntab me me\nmodal edit-bio#A%20draft%20in%20window%203"
        )
        #expect(second.app.windows.all.count == 1)
        #expect(second.state == NavigationState(root: ["Friends"]))
        #expect(first.errors.text.isEmpty && second.errors.text.isEmpty)
    }
}
