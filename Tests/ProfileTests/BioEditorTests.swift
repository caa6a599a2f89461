import Domain
import DomainTesting
import Routing
import TestSupport
import Testing

@testable import Profile

@MainActor
@Suite("Bio editor", .timeLimit(.minutes(1)))
struct BioEditorTests {
    @Test("it opens modally over its opener with the bio as the draft; save stores the draft and closes without asking")
    func save() async throws {
        let prompt = ScriptedPrompt()
        let host = try EditorHost(prompt: prompt)
        try await host.openBioEditor().open()
        #expect(
            host.editor?.content.lines == [
                .text("Your bio: \"Follows white rabbits; reads routing tables for fun.\""),
                .text("Draft:    \"Follows white rabbits; reads routing tables for fun.\""),
            ])
        let module = WeakProbe([host.editor, host.editor.flatMap(host.stage.router(of:))])
        try await host.perform(.bio, "Routes at night.")
        #expect(host.editor?.asksBeforeLeaving == true)
        try await host.perform(.save)

        #expect(try await host.dependencies.users.user("alice").bio == "Routes at night.")
        #expect(host.motions.motions == ["present Edit bio", "dismiss Edit bio"])
        #expect(prompt.asked.isEmpty)
        #expect(module.isReleased)
    }

    @Test("with unsaved changes, leaving asks: no keeps the editor, yes lets it go and stores nothing")
    func asks() async throws {
        let prompt = ScriptedPrompt(answers: [false, true])
        let host = try EditorHost(prompt: prompt)
        try await host.openBioEditor().open()
        try await host.perform(.bio, "Draft")
        try await host.perform(.cancel)
        #expect(host.editor != nil)
        #expect(host.editor?.said() == ["Kept your draft; nothing changed."])

        #expect(try await #require(host.editor).backRequested())

        #expect(prompt.asked == ["Discard your unsaved bio?", "Discard your unsaved bio?"])
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(try await host.dependencies.users.user("alice").bio == DemoData.alice.bio)
    }

    @Test("a bio the service refuses is one error; the editor and its draft stay")
    func refused() async throws {
        let host = try EditorHost(prompt: ScriptedPrompt())
        try await host.openBioEditor().open()
        try await host.perform(.bio, String(repeating: "x", count: 161))
        try await host.perform(.save)

        #expect(host.editor?.said() == ["error: the bio has 161 characters; the limit is 160, so shorten it"])
        #expect(host.editor?.asksBeforeLeaving == true)
    }

    @Test("bio without text is an error and changes nothing")
    func emptyDraft() async throws {
        let host = try EditorHost(prompt: ScriptedPrompt())
        try await host.openBioEditor().open()
        try await host.perform(.bio)
        #expect(host.editor?.said() == ["error: bio needs some text: bio <text>"])
        #expect(host.editor?.asksBeforeLeaving == false)
    }

    @Test("an unsaved draft is the state it keeps, and a kept draft comes back unsaved")
    func keepsDraft() async throws {
        let host = try EditorHost(prompt: ScriptedPrompt())
        try await host.openBioEditor().open()
        let editor = try #require(host.editor)
        #expect(editor.restorableState == nil)
        try await host.perform(.bio, "Half a thought")
        #expect(editor.restorableState == "Half a thought")

        try await host.openBioEditor().open()
        editor.restore("Kept at quit")
        #expect(editor.content.lines.last == .text("Draft:    \"Kept at quit\" (unsaved)"))
    }
}
