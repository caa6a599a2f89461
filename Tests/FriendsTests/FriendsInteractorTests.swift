import Domain
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends interactor")
struct FriendsInteractorTests {
    @Test("it loads the user's friends, and nothing once the session ended")
    func friendsAndSignOut() async throws {
        let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
        let interactor = FriendsInteractor(
            user: DemoData.alice, users: dependencies.users, session: dependencies.session)

        #expect(try await interactor.friends() == [DemoData.bob, DemoData.carol, DemoData.dave, DemoData.frank])
        dependencies.session.end()
        #expect(dependencies.session.user == nil)
        await #expect(throws: SessionError.signedOut) { try await interactor.friends() }
    }

    @Test("the list belongs to the signed-in user only")
    func someoneElse() async {
        let dependencies = Dependencies.demo(signedInAs: DemoData.bob)
        let interactor = FriendsInteractor(
            user: DemoData.alice, users: dependencies.users, session: dependencies.session)
        await #expect(throws: SessionError.signedOut) { try await interactor.friends() }
    }
}
