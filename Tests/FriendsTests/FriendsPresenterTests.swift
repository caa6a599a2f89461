import Domain
import Routing
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends presenter")
struct FriendsPresenterTests {
    let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
    let router = FriendsRouterSpy()
    let view = FriendsViewSpy()

    func presenter(for user: User = DemoData.alice) async throws -> FriendsPresenter {
        let interactor = FriendsInteractor(user: user, users: dependencies.users, session: dependencies.session)
        let presenter = FriendsPresenter(interactor: interactor, router: router)
        presenter.view = view
        try await presenter.load()
        return presenter
    }

    @Test("loading shows the friends, numbered, and navigates nowhere")
    func load() async throws {
        _ = try await presenter()
        #expect(view.calls == [.display(DemoData.aliceList)])
        #expect(router.calls.isEmpty)
    }

    @Test("a friend's number opens that friend's profile or chat")
    func selection() async throws {
        let presenter = try await presenter()
        await presenter.friendSelected(number: 2)
        await presenter.messageRequested(number: 1)

        #expect(router.calls == [.openProfile("carol"), .openChat("bob")])
        #expect(view.calls == [.display(DemoData.aliceList)])
    }

    @Test("a number that is not on the list is an error and goes nowhere", arguments: [0, -1, 5, 99, .min, .max])
    func outOfRange(number: Int) async throws {
        let presenter = try await presenter()
        await presenter.friendSelected(number: number)
        await presenter.messageRequested(number: number)

        let error = FriendsViewSpy.Call.error("there is no friend \(number); choose a number from 1 to 4")
        #expect(view.calls == [.display(DemoData.aliceList), error, error])
        #expect(router.calls.isEmpty)
    }

    @Test("an empty list says so")
    func emptyList() async throws {
        let loner = User(id: "dan", name: "Dan Brown")
        let backend = InMemoryBackend(data: DemoData(accounts: [.init(user: loner, password: Password("secret99"))]))
        let interactor = FriendsInteractor(user: loner, users: backend, session: Session(user: loner))
        let presenter = FriendsPresenter(interactor: interactor, router: router)
        presenter.view = view
        try await presenter.load()
        await presenter.friendSelected(number: 1)

        #expect(
            view.calls == [
                .display(FriendsViewModel(owner: "Dan Brown (@dan)", friends: [])),
                .error("there is no friend 1; your friends list is empty"),
            ])
    }

    @Test("a navigation that fails shows its error")
    func navigationFails() async throws {
        let presenter = try await presenter()
        router.failure = ServiceError.notFriends("bob")
        await presenter.messageRequested(number: 1)

        #expect(router.calls == [.openChat("bob")])
        #expect(
            view.calls == [
                .display(DemoData.aliceList), .error("you and @bob are not friends; you can only chat with friends"),
            ])
    }

    @Test("back asks the router to close, and shows why it cannot")
    func back() async throws {
        let presenter = try await presenter()
        router.closeFailure = .cannotCloseRoot(screen: "Friends")
        presenter.closeRequested()

        #expect(router.calls == [.close])
        #expect(
            view.calls.last
                == .error(
                    "Friends is a root screen, so there is nothing to close or go back to"
                ))
    }

    @Test("a failed load leaves the view untouched")
    func loadFails() async {
        let stranger = User(id: "zed", name: "Zed")
        dependencies.session.begin(as: stranger)
        let interactor = FriendsInteractor(user: stranger, users: dependencies.users, session: dependencies.session)
        let presenter = FriendsPresenter(interactor: interactor, router: router)
        presenter.view = view

        await #expect(throws: ServiceError.unknownUser("zed")) { try await presenter.load() }
        #expect(view.calls.isEmpty)
    }
}
