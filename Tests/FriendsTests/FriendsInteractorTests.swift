import Domain
import DomainTesting
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends interactor")
struct FriendsInteractorTests {
    @Test("it loads the user's friends, and nothing once the session ended")
    func friendsAndSignOut() async throws {
        let dependencies = Services.demo(signedInAs: DemoData.alice)
        let interactor = try FriendsInteractor(dependencies: dependencies)

        #expect(try await interactor.friends() == [DemoData.bob, DemoData.carol, DemoData.dave, DemoData.frank])
        dependencies.session.end()
        #expect(dependencies.session.user == nil)
        await #expect(throws: SessionError.signedOut) { try await interactor.friends() }
    }

    @Test("the list belongs to the signed-in user only, and there is none without one")
    func someoneElse() async throws {
        let dependencies = Services.demo(signedInAs: DemoData.alice)
        let interactor = try FriendsInteractor(dependencies: dependencies)
        dependencies.session.begin(as: DemoData.bob)
        await #expect(throws: SessionError.signedOut) { try await interactor.friends() }
        #expect(throws: SessionError.signedOut) { try FriendsInteractor(dependencies: Services.demo()) }
    }
}
