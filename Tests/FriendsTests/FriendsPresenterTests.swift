import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing

@testable import Friends

/// The friends list shown by the navigation tester, on `services`, with `router`'s class.
@MainActor
func friendsTester<Places: FriendsTestPlaces>(
    in places: Places.Type = FriendsTest.self,
    services: @MainActor (any UserPrompt) -> Services = { .demo(signedInAs: DemoData.alice, prompt: $0) }
) async throws -> NavigationTester<Places> {
    try await NavigationTester(showing: .friends(.friends)) { prompt in services(prompt) }
}

/// The friends list as its user uses it.
@MainActor
@Suite("Friends, as their user sees them")
struct FriendsTests {
    @Test("it shows the friends, numbered, with what each number opens")
    func load() async throws {
        let tester = try await friendsTester()
        tester.expectScreen("Friends", DemoData.aliceList, actions: ["profile", "message", "unfriend"])
        tester.finish()
    }

    @Test("unfriending is the one action going back does not undo: a front asks before one key does it")
    func destructive() {
        #expect(FriendsPresenter.Action.allCases.filter(\.isDestructive) == [.unfriend])
    }

    @Test(
        "a friend's number opens that friend's profile or chat, pushed, the first and the last; back comes back to the list"
    )
    func selection() async throws {
        let tester = try await friendsTester()
        await tester.perform(FriendsPresenter.Action.profile, "2")
        await tester.back()
        await tester.perform(FriendsPresenter.Action.message, "4")
        await tester.back()
        await tester.perform(FriendsPresenter.Action.message, "1")

        tester.expect(
            .push("Profile @carol"), .pop("Profile @carol"), .push("Chat @frank"), .pop("Chat @frank"),
            .push("Chat @bob"))
        tester.finish()
    }

    @Test("a number that is not on the list is an error and goes nowhere", arguments: ["0", "-1", "5", "99"])
    func outOfRange(number: String) async throws {
        let tester = try await friendsTester()
        await tester.perform(FriendsPresenter.Action.profile, number)
        await tester.perform(FriendsPresenter.Action.message, number)

        let error = NavigationRecord<FriendsTest>.said(
            "error: there is no friend \(number); choose a number from 1 to 4")
        tester.expect(error, error)
        tester.finish()
    }

    @Test(
        "unfriend <n> ends that friendship on the data, says so, and the list shows the friends left; it opens nothing")
    func unfriend() async throws {
        let services = Services.demo(signedInAs: DemoData.alice)
        let tester = try await friendsTester { _ in services }
        await tester.perform(FriendsPresenter.Action.unfriend, "1")

        tester.expect(.said("You and Bob Builder (@bob) are no longer friends."))
        tester.expectScreen("Friends", Array(DemoData.aliceList.prefix(2)) + DemoData.aliceList.dropFirst(3))
        #expect(try await services.areFriends("alice", "bob") == false)
        tester.finish()
    }

    @Test("an empty list says so")
    func emptyList() async throws {
        let loner = User(id: "dan", name: "Dan Brown")
        let backend = InMemoryBackend(data: DemoData(accounts: [.init(user: loner, password: Password("secret99"))]))
        let tester = try await friendsTester { .demo(signedInAs: loner, backend: backend, prompt: $0) }
        await tester.perform(FriendsPresenter.Action.profile, "1")

        tester.expectScreen(
            "Friends", [.text("Signed in as Dan Brown (@dan)."), .text("You have no friends on Waypoint yet.")])
        tester.expect(.said("error: there is no friend 1; your friends list is empty"))
        tester.finish()
    }

    @Test("a navigation that fails shows its error, and the list stays")
    func navigationFails() async throws {
        let tester = try await friendsTester(in: RefusingFriendsTest.self)
        await tester.perform(FriendsPresenter.Action.message, "1")

        tester.expect(.said("error: Chat @bob could not open"))
        tester.expectScreen("Friends", DemoData.aliceList)
        tester.finish()
    }

    @Test("a list that cannot load opens nothing")
    func loadFails() async {
        let stranger = User(id: "zed", name: "Zed")
        await #expect(throws: ServiceError.unknownUser("zed")) {
            _ = try await friendsTester { .demo(signedInAs: stranger, prompt: $0) }
        }
    }
}

@MainActor
@Suite("Friends place")
struct FriendsPlaceTests {
    @Test(
        "its places: the friends list, linked as friends, which offers a profile or a chat of anyone, and the picker, which takes its user from the offer that opens it and answers"
    )
    func declaration() throws {
        let list = FriendsTest.friends(.friends)
        #expect(list.link.description == "friends")
        #expect(FriendsTest.picker(excluding: "bob").link.description == "pick-friend")
        #expect(FriendsFeature<FriendsTest, TestFriendsRouter>.answers(.pickFriend(excluding: "bob")))
        #expect(!FriendsFeature<FriendsTest, TestFriendsRouter>.answers(.friends))
        let offered = FriendsFeature<FriendsTest, TestFriendsRouter>.offers(at: .friends, in: Services.demo())
        #expect(
            offered.map {
                "\($0.action): \($0.route(["carol"]).map { "\($0.method) -> \($0.place?.title ?? "-")" } ?? "-")"
            } == [
                "profile: openProfile(for:) -> Profile @carol", "message: openChat(with:) -> Chat @carol",
            ])
    }

    @Test("it opens the list for the signed-in user, which a search narrows, and is released with the root")
    func released() async throws {
        let tester = try await friendsTester()
        let window = tester.window
        #expect(window.state.screens.topScreen?.content.lines == DemoData.aliceList)
        // The lines are made again when what they show changes, not kept as first made.
        do {
            let list = try #require(window.state.screens.topScreen as? FriendsPresenter)
            #expect(list.receive(QueryItems([("search", .text("car"))])))
            #expect(
                list.lines == [
                    .text("Signed in as Alice Liddell (@alice)."), .text("Your friends matching \"car\":"),
                    .item("Carol Singer (@carol)"),
                ])
            #expect(list.receive(QueryItems([("search", .text(""))])))
            #expect(list.lines == DemoData.aliceList)
        }
        let module = try #require(
            (window.state.screens.topScreen as? FriendsPresenter).map {
                WeakProbe([$0, window.state.screens.router(of: $0)])
            })
        #expect(module.aliveCount == 2)

        try window.replaceRoot(with: StubScreen("Login"), as: "Login")
        #expect(module.isReleased)
    }

    @Test("the guard: a friends list is never shown to someone signed out")
    func guarded() async throws {
        await #expect(throws: SessionError.signedOut) { _ = try await friendsTester { .demo(prompt: $0) } }
    }
}
