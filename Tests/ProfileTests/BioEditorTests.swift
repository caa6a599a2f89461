import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing

@testable import Profile

@MainActor
@Suite("Bio editor", .timeLimit(.minutes(10)))
struct BioEditorTests {
    /// The editor, opened from your own profile, by the navigation tester.
    func editor() async throws -> NavigationTester<ProfileTest> {
        let tester = try await profileTester(.profile("alice"))
        await tester.perform(ProfilePresenter.Action.edit)
        tester.expect(.load(.opened), .present(.editBio))
        return tester
    }

    @Test("it opens modally over its opener with the bio as the draft; save stores the draft and closes without asking")
    func save() async throws {
        let tester = try await editor()
        tester.expectScreen(
            "Edit bio",
            [
                .text("Your bio: \"Follows white rabbits; reads routing tables for fun.\""),
                .text("Draft:    \"Follows white rabbits; reads routing tables for fun.\""),
            ], actions: ["bio", "save", "cancel"])
        let module = try #require(tester.top.map { WeakProbe([$0, tester.window.state.screens.router(of: $0)]) })

        await tester.perform(BioEditorPresenter.Action.bio, "Routes at night.")
        await tester.perform(BioEditorPresenter.Action.save)

        tester.expect(.dismiss(.editBio))
        tester.expectScreen(
            "Profile @alice",
            [.text("Alice Liddell (@alice)"), .text("\"Routes at night.\""), .text("This is you.")])
        #expect(module.isReleased)
        tester.finish()
    }

    @Test("with unsaved changes, leaving asks: no keeps the editor and its draft, yes lets it go and stores nothing")
    func asks() async throws {
        let tester = try await editor()
        await tester.perform(BioEditorPresenter.Action.bio, "Draft")
        await tester.perform(BioEditorPresenter.Action.cancel)
        tester.expect(.asked("Discard your unsaved bio?"))
        await tester.answer(false)
        tester.expect(.said("Kept your draft; nothing changed."))

        await tester.back()
        tester.expect(.asked("Discard your unsaved bio?"))
        await tester.answer(true)

        tester.expect(.dismiss(.editBio))
        tester.expectScreen(
            "Profile @alice",
            [
                .text("Alice Liddell (@alice)"), .text("\"Follows white rabbits; reads routing tables for fun.\""),
                .text("This is you."),
            ])
        tester.finish()
    }

    @Test("a question left unanswered fails the test at finish")
    func unanswered() async throws {
        let tester = try await editor()
        await tester.perform(BioEditorPresenter.Action.bio, "Draft")
        await tester.back()
        tester.expect(.asked("Discard your unsaved bio?"))
        withKnownIssue {
            tester.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("a question is still open: \"Discard your unsaved bio?\"") }
        }
        await tester.answer(false)
        tester.expect(.said("Kept your draft; nothing changed."))
        tester.finish()
    }

    @Test("a bio the service refuses is one error; the editor and its draft stay")
    func refused() async throws {
        let host = try await Stage<ProfileTest>(.demo(signedInAs: DemoData.alice, prompt: ScriptedPrompt()))
        try await host.open(EditorHost.openBioEditor())
        try await host.perform(.bio, String(repeating: "x", count: 161))
        try await host.perform(.save)

        #expect(host.editor?.said() == ["error: the bio has 161 characters; the limit is 160, so shorten it"])
        #expect(host.editor?.asksBeforeLeaving == true)
    }

    @Test("bio without text is an error and changes nothing")
    func emptyDraft() async throws {
        let host = try await Stage<ProfileTest>(.demo(signedInAs: DemoData.alice, prompt: ScriptedPrompt()))
        try await host.open(EditorHost.openBioEditor())
        try await host.perform(.bio)
        #expect(host.editor?.said() == ["error: bio needs some text: bio <text>"])
        #expect(host.editor?.asksBeforeLeaving == false)
    }

    @Test("an unsaved draft is the state it keeps, and a kept draft comes back unsaved")
    func keepsDraft() async throws {
        let host = try await Stage<ProfileTest>(.demo(signedInAs: DemoData.alice, prompt: ScriptedPrompt()))
        try await host.open(EditorHost.openBioEditor())
        let editor = try #require(host.editor)
        #expect(editor.restorableState == nil)
        try await host.perform(.bio, "Half a thought")
        #expect(editor.restorableState == "Half a thought")

        try await host.open(EditorHost.openBioEditor())
        editor.restore("Kept at quit")
        #expect(editor.content.lines.last == .text("Draft:    \"Kept at quit\" (unsaved)"))
    }
}
