import Console
import Domain
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends view")
struct FriendsViewTests {
    let listener = FriendsListenerSpy()
    var view: FriendsView { FriendsView(listener: listener) }

    @Test("commands become the presenter's events")
    func commands() async throws {
        let view = view
        for line in ["profile 2", "message 3"] {
            await view.handle(try #require(Command(line)), in: SecretPrompt())
        }
        await view.backRequested()

        #expect(listener.calls == ["friendSelected(2)", "messageRequested(3)", "closeRequested"])
        #expect(view.feedback.lines.isEmpty)
    }

    @Test(
        "a missing or malformed number is an error and reaches no presenter",
        arguments: [
            ("profile", "profile needs one friend's number: profile <n>, with n from the list"),
            ("profile 1 2", "profile needs one friend's number: profile <n>, with n from the list"),
            ("profile two", "\"two\" is not a number; type profile <n>, with n from the list"),
            ("message 1.5", "\"1.5\" is not a number; type message <n>, with n from the list"),
            (
                "message 99999999999999999999",
                "\"99999999999999999999\" is not a number; type message <n>, with n from the list"
            ),
        ]
    )
    func badNumber(line: String, error: String) async throws {
        let view = view
        await view.handle(try #require(Command(line)), in: SecretPrompt())

        #expect(view.feedback.lines == [.error(error)])
        #expect(listener.calls.isEmpty)
    }

    @Test("the body lists the friends, numbered from 1, or says there are none")
    func body() {
        let view = view
        view.display(DemoData.aliceList)
        #expect(
            view.body == [
                "Signed in as Alice Liddell (@alice).", "Your friends:", "  1. Bob Builder (@bob)",
                "  2. Carol Singer (@carol)", "  3. Dave Miller (@dave)", "  4. Frank Outage (@frank)",
            ])
        #expect(view.feedback.needsRender)

        view.display(FriendsViewModel(owner: "Dan Brown (@dan)", friends: []))
        #expect(view.body == ["Signed in as Dan Brown (@dan).", "You have no friends on Waypoint yet."])
    }
}
