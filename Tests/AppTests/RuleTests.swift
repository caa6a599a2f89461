import Console
import Domain
import Foundation
import Navigation
import Testing

@testable import App

/// A rule on data, declared on a place kind (a chat's friendship), checked again when the data
/// changes: in every window of the App, and when another App changes the data file.
@MainActor
@Suite("Rules on data, checked again when it changes")
struct RuleTests {
    @Test(
        "unfriend in one window: every window showing a chat with that user goes back to the nearest place it allows, with one line each; explain names the rule"
    )
    func twoWindows() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("message 1", "profile", "window new", "open waypoint://profile/bob")
        _ = session.output.take()

        await session.type("unfriend")

        let text = session.output.text
        #expect(
            text.contains(
                "Window 1: Left Chat @bob (and Profile @bob above it): you and @bob are not friends; you can only chat "
                    + "with friends (the friendship rule).\n"), "\(text)")
        #expect(text.components(separatedBy: "Left Chat @bob").count == 2, "one line: \(text)")
        #expect(session.app.windows.all[0].state.screens.titles.root == ["Friends"])
        // Window 2's own profile of Bob stays: a profile needs no friendship.
        #expect(session.state == NavigationState(root: ["Friends"], modals: [["Profile @bob"]]))

        _ = session.output.take()
        await session.type("open waypoint://chat/bob", "explain waypoint://chat/bob")
        #expect(
            session.output.text == """
                > open waypoint://chat/bob
                error: you and @bob are not friends; you can only chat with friends
                > explain waypoint://chat/bob
                link:   waypoint://chat/bob
                result: nothing would happen: you and @bob are not friends; you can only chat with friends (the friendship rule)

                """)
    }

    @Test("a rule that stops holding takes a draft above the place away without losing it: it opens again with it")
    func draftKept() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        // Your own profile, opened from Bob's chat (a message shared it), over which the editor rises.
        _ = try await session.app.window.show(
            [.friendsList, .chat("bob"), .profile("alice"), .editBio], inTab: "friends")
        await session.type("bio Half written")
        _ = session.output.take()

        try await session.app.services.setFriendship("alice", "bob", areFriends: false)
        await session.type("where")

        let text = session.output.text
        #expect(
            text.contains(
                "Left Chat @bob (and Profile @alice, Edit bio above it): you and @bob are not friends; you can only "
                    + "chat with friends (the friendship rule); your unsaved work on Edit bio is kept for when it opens "
                    + "again."), "\(text)")
        #expect(session.state == NavigationState(root: ["Friends"]))
        await session.type("tab me", "edit", "save")
        #expect(try await session.app.services.user("alice").bio == "Half written")
    }

    @Test(
        "another App on the same data file ends the friendship: the App at a terminal showing the chat goes back within its next look, and says why"
    )
    func anotherApp() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appending(path: "w.sqlite").path
        // Make the file first, so both Apps open one that exists.
        _ = try BinaryTests().run(["--data", data], input: Data("quit\n".utf8))

        let terminal = try TerminalTests.PseudoTerminal()
        let alice = try TerminalTests.Child(on: terminal, arguments: ["--data", data])
        #expect(terminal.read(until: "Commands: login") != nil)
        terminal.type("login alice\n")
        #expect(terminal.read(until: "Password:") != nil)
        terminal.type("wonderland\n")
        #expect(terminal.read(until: "Signed in as Alice Liddell") != nil)
        terminal.type("message 1\n")
        #expect(terminal.read(until: "Chat with Bob Builder") != nil)

        // Bob, signed in elsewhere, ends the friendship; Alice types nothing meanwhile.
        let bob = try BinaryTests().run(
            ["--data", data], input: Data("login bob\nfixit123\nunfriend 1\nquit\n".utf8))
        #expect(bob.status == 0)
        #expect(!bob.output.contains("error:"), "\(bob.output)")

        let seen = terminal.read(until: "(the friendship rule).")
        #expect(seen?.contains("Left Chat @bob: you and @bob are not friends") == true, "\(seen ?? "nothing")")
        // The list it went back to is the one the data holds now: Bob is not on it.
        let list = seen.flatMap { $0.components(separatedBy: "Your friends:").last } ?? ""
        #expect(list.contains("1. Carol Singer") && !list.contains("Bob Builder"), "\(seen ?? "nothing")")
        terminal.type("where\n")
        #expect(terminal.read(until: "link: waypoint://friends\r\n") != nil)
        terminal.type("quit\n")
        #expect(alice.signalThatEndedIt() == nil)
    }

    @Test(
        "on --screen too: another App ends the friendship, and the chat on screen goes back to the friends list as it is now, with the line that says why"
    )
    func anotherAppOnScreen() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appending(path: "w.sqlite").path
        _ = try BinaryTests().run(["--data", data], input: Data("quit\n".utf8))

        let terminal = try TerminalTests.PseudoTerminal(columns: 110, rows: 24)
        let alice = try TerminalTests.Child(on: terminal, arguments: ["--data", data, "--screen"])
        let screen = Emulator(rows: 24, columns: 110)
        terminal.signInAsAlice(on: screen)
        terminal.type("m")
        terminal.expect("Bob's chat", on: screen) { $0.lines[0].hasPrefix(" Friends > Chat @bob") }

        let bob = try BinaryTests().run(
            ["--data", data], input: Data("login bob\nfixit123\nunfriend 1\nquit\n".utf8))
        #expect(bob.status == 0)

        terminal.expect("the friends list, without Bob, and why", on: screen) {
            $0.lines[0].trimmingTrailing() == " Friends" && $0.text.contains("(the friendship rule)")
                && !$0.text.contains("Bob Builder")
        }
        #expect(screen.text.contains("Left Chat @bob: you and @bob are not friends"), "\(screen.text)")
        terminal.type(":quit\r")
        #expect(alice.signalThatEndedIt() == nil)
    }
}
