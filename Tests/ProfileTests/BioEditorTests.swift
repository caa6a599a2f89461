import Console
import Domain
import Routing
import TestSupport
import Testing

@testable import Profile

/// Answers the editor's question from a script, and records what was asked.
@MainActor
final class ScriptedPrompt: UserPrompt {
    var answers: [Bool]
    private(set) var asked: [String] = []

    init(_ answers: [Bool]) {
        self.answers = answers
    }

    func confirm(_ question: String) async -> Bool {
        asked.append(question)
        return answers.isEmpty ? false : answers.removeFirst()
    }
}

/// The editor's router in these tests: the route's default `LeaveConfirming` is all it has.
final class BioEditorStub: Router<BioEditorView>, BioEditorRouting {}

/// A host that adopts `BioEditorRoute`, as Profile's router does in the app.
final class EditorHost: HostRouter, BioEditorRoute {
    let dependencies: Dependencies
    private(set) weak var lastRouter: BioEditorStub?

    init(prompt: ScriptedPrompt) throws(RoutingError) {
        var dependencies = Dependencies.demo(signedInAs: DemoData.alice)
        dependencies.prompt = prompt
        self.dependencies = dependencies
        try super.init()
    }

    func makeBioEditorRouter() -> any BioEditorModuleRouter {
        let router = BioEditorStub(place: "Edit bio")
        lastRouter = router
        return router
    }

    /// Types `line` into the editor on top.
    func type(_ line: String) async throws {
        let view = try #require(stage.topScreen as? BioEditorView)
        await view.handle(try #require(Command(line)), in: SecretPrompt())
    }
}

@MainActor
@Suite("Bio editor", .timeLimit(.minutes(1)))
struct BioEditorTests {
    @Test("it opens modally over its opener with the bio as the draft; save stores the draft and closes without asking")
    func save() async throws {
        let prompt = ScriptedPrompt([])
        let host = try EditorHost(prompt: prompt)
        try await host.openBioEditor()
        #expect(
            (host.stage.topScreen as? BioEditorView)?.body == [
                "Your bio: \"Follows white rabbits; reads routing tables for fun.\"",
                "Draft:    \"Follows white rabbits; reads routing tables for fun.\"",
            ])
        try await host.type("bio  Routes at night. ")
        #expect(host.lastRouter?.asksBeforeLeaving == true)
        try await host.type("save")

        #expect(try await host.dependencies.users.user("alice").bio == "Routes at night.")
        #expect(host.motions.motions == ["present Edit bio", "dismiss Edit bio"])
        #expect(prompt.asked.isEmpty)
        #expect(host.lastRouter == nil)
    }

    @Test("with unsaved changes, leaving asks: no keeps the editor, yes lets it go and stores nothing")
    func asks() async throws {
        let prompt = ScriptedPrompt([false, true])
        let host = try EditorHost(prompt: prompt)
        try await host.openBioEditor()
        try await host.type("bio Draft")
        try await host.type("cancel")
        #expect(host.stage.topScreen is BioEditorView)
        #expect(
            (host.stage.topScreen as? BioEditorView)?.feedback.take().lines == [
                .notice("Kept your draft; nothing changed.")
            ])

        await (host.stage.topScreen as? BioEditorView)?.backRequested()

        #expect(prompt.asked == ["Discard your unsaved bio?", "Discard your unsaved bio?"])
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(try await host.dependencies.users.user("alice").bio == DemoData.alice.bio)
        #expect(host.lastRouter == nil)
    }

    @Test("a bio the service refuses is one error; the editor and its draft stay")
    func refused() async throws {
        let host = try EditorHost(prompt: ScriptedPrompt([]))
        try await host.openBioEditor()
        try await host.type("bio " + String(repeating: "x", count: 161))
        try await host.type("save")

        let view = try #require(host.stage.topScreen as? BioEditorView)
        #expect(view.feedback.take().lines == [.error("the bio has 161 characters; the limit is 160, so shorten it")])
        #expect(host.lastRouter?.asksBeforeLeaving == true)
    }

    @Test("bio without text is an error and changes nothing")
    func emptyDraft() async throws {
        let host = try EditorHost(prompt: ScriptedPrompt([]))
        try await host.openBioEditor()
        try await host.type("bio   ")
        let view = try #require(host.stage.topScreen as? BioEditorView)
        #expect(view.feedback.take().lines == [.error("bio needs some text: bio <text>")])
        #expect(host.lastRouter?.asksBeforeLeaving == false)
    }
}
