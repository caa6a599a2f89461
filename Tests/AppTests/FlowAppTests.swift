import Console
import Domain
import Navigation
import TestSupport
import Testing

@testable import App
@testable import Friends
@testable import Profile

/// The flows end to end in the app: the friend picker a chat opens, the bio editor that asks
/// before it is taken away, sign-out from anywhere.
@MainActor
@Suite("App flows", .timeLimit(.minutes(10)))
struct FlowAppTests {
    /// Signed in as Alice, in a chat with Bob, with the friend picker open over it.
    func pickerOpen() async throws -> (ScriptedApp, WeakProbe) {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("message 1", "share")
        let picker = try #require(session.app.window.state.screens.topScreen as? FriendPickerPresenter)
        let probe = probe(picker, in: session.app.window)
        #expect(probe.aliveCount == 2)
        return (session, probe)
    }

    /// The lines of the chat with Bob that share a profile.
    func shared(_ session: ScriptedApp) async throws -> [String] {
        let messages = try await session.app.services.messages.conversation(between: "alice", and: "bob")
        return messages.filter { $0.link != nil }.map { "\($0.text) -> \($0.link ?? "")" }
    }

    @Test("picking answers the chat once: one message carrying the profile's link, and nothing of the picker stays")
    func picked() async throws {
        let (session, probe) = try await pickerOpen()
        await session.type("pick 1")

        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob"]))
        #expect(try await shared(session) == ["Shared a profile: Carol Singer (@carol) -> waypoint://profile/carol"])
        #expect(probe.isReleased)
        #expect(session.app.window.questions.count == 0)
    }

    @Test(
        "every way the picker goes without a choice ends the chat's wait with none, sends nothing, and releases the picker",
        arguments: [
            (["back"], NavigationState(root: ["Friends", "Chat @bob"])),
            (["tab chats"], NavigationState(root: ["Chats"])),
            (["open waypoint://me"], NavigationState(root: ["Profile @alice"])),
            (["signout"], NavigationState(root: ["Login"])),
        ])
    func noChoice(lines: [String], state: NavigationState<String>) async throws {
        let (session, probe) = try await pickerOpen()
        await session.type(lines)

        #expect(session.state == state)
        // A chat still in the window says so; one taken down with everything (sign-out) says
        // nothing, rather than speak under the screen that replaced it.
        #expect(session.output.text.contains("No friend picked; nothing was shared.") == (lines != ["signout"]))
        #expect(probe.isReleased, "\(lines)")
        #expect(session.app.window.questions.count == 0)
        if lines != ["signout"] { #expect(try await shared(session).isEmpty) }
    }

    @Test("a message's link that no longer resolves gets one error line and changes nothing")
    func staleLink() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        _ = try await session.app.services.messages.send(
            "An old link", link: "waypoint://profile/zed", from: "bob", to: "alice")
        await session.type("message 1", "follow 1")

        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob"]))
        #expect(session.output.text.hasSuffix("> follow 1\nerror: there is no user @zed; check the username\n"))
    }

    /// Signed in as Alice, on Me, with the editor open and, if `draft` is given, that draft.
    func editorOpen(draft: String?) async throws -> (ScriptedApp, WeakProbe) {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type(["tab me", "edit"] + (draft.map { ["bio \($0)"] } ?? []))
        let editor = try #require(session.app.window.state.screens.topScreen as? BioEditorPresenter)
        return (session, probe(editor, in: session.app.window))
    }

    @Test(
        "every way the editor ends releases it; a draft is stored only by save",
        arguments: [
            (["save"], "Nights are for routing."),
            (["cancel", "yes"], nil),
            (["back", "yes"], nil),
            (["tab friends", "yes"], nil),
            (["open waypoint://chats", "yes"], nil),
            (["signout", "yes"], nil),
        ] as [([String], String?)])
    func editorEnds(lines: [String], stored: String?) async throws {
        let (session, probe) = try await editorOpen(draft: "Nights are for routing.")
        await session.type(lines)

        #expect(probe.isReleased, "\(lines)")
        #expect(!session.app.window.state.screens.stacks.all.contains { $0 is BioEditorPresenter })
        let bio = try await session.app.services.users.user("alice").bio
        #expect(bio == (stored ?? DemoData.alice.bio), "\(lines)")
    }

    @Test(
        "no keeps the editor and everything else as it was, whatever would have taken it away",
        arguments: ["back", "cancel", "tab friends", "open waypoint://friends/chat/bob", "signout"])
    func refused(line: String) async throws {
        let (session, probe) = try await editorOpen(draft: "Unsaved")
        let before = session.app.window.state.places
        await session.type(line, "no")

        #expect(session.app.window.state.places == before, "\(line)")
        #expect(probe.aliveCount == 2)
        #expect(session.app.services.session.user == DemoData.alice)
        #expect(
            session.output.text.hasSuffix(
                "Discard your unsaved bio? (yes/no)\n> no\n"
                    + (line == "back" || line == "cancel"
                        ? "Kept your draft; nothing changed.\n"
                        : line == "signout"
                            ? "Stayed on Edit bio; nothing changed. You are still signed in.\n"
                            : "Stayed on Edit bio; nothing changed.\n")))
    }

    @Test("without unsaved changes nothing is asked")
    func nothingToAsk() async throws {
        let (session, probe) = try await editorOpen(draft: nil)
        await session.type("tab friends")
        #expect(!session.output.text.contains("Discard"))
        #expect(probe.isReleased)
    }

    @Test("the end of input while the question is open answers no: the draft is not thrown away, and the session ends")
    func endOfInput() async throws {
        let (session, probe) = try await editorOpen(draft: "Unsaved")
        await session.type("back")

        #expect(
            session.output.text.hasSuffix(
                "No answer before the input ended, so the answer is no.\n"
                    + "Kept where you were, @alice: Me > [Edit bio], with your unsaved work on Edit bio."
                    + " Sign in again to come back to it.\nBye.\n"))
        #expect(probe.aliveCount == 2)
        #expect(session.app.window.state.screens.topScreen is BioEditorPresenter)
    }

    @Test("sign-out from the editor over a tab, with stacks in the other tabs, asks, then releases every module")
    func signOutFromModal() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("message 1", "tab chats", "chat 2", "tab me", "edit", "bio Draft")
        let modules = session.app.window.state.screens.stacks.all.map { probe($0, in: session.app.window) }
        #expect(modules.count == 6)

        await session.type("signout", "yes", "back")

        #expect(session.state == NavigationState(root: ["Login"]))
        #expect(modules.allSatisfy { $0.isReleased })
        #expect(session.app.services.session.user == nil)
        #expect(
            session.output.text.hasSuffix(
                "> back\nerror: Login is a root screen, so there is nothing to close or go back to\n"))
    }
}
