import Domain
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends interactor")
struct FriendsInteractorTests {
    @Test("it loads the user's friends and ends the session on sign-out")
    func friendsAndSignOut() async throws {
        let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
        let interactor = FriendsInteractor(user: DemoData.alice, users: dependencies.users, session: dependencies.session)

        #expect(try await interactor.friends() == [DemoData.bob, DemoData.carol, DemoData.dave])
        interactor.signOut()
        #expect(dependencies.session.user == nil)
    }
}
