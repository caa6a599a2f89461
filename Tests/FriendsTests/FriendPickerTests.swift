import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing

@testable import Friends

/// The friend picker, a route that answers, run from a host that adopts it (as Chat's router
/// does in the app), watched by the navigation tester.
@MainActor
@Suite("Friend picker route", .timeLimit(.minutes(1)))
struct FriendPickerTests {
    /// The picker opened from a host signed in as `user`; its answers go to `answers`.
    func open(
        excluding excluded: [UserID] = [], signedInAs user: User = DemoData.alice, into answers: Picked
    ) async throws -> (NavigationTester, PickerHost) {
        let host = try PickerHost(dependencies: .demo(signedInAs: user))
        let tester = NavigationTester(host: host)
        await tester.run { try await host.pickFriend(excluding: excluded) { answers.users.append($0) } }
        return (tester, host)
    }

    @Test(
        "the picker lists the friends but the excluded, rises as a sheet, answers with the one picked, and closes itself"
    )
    func picks() async throws {
        let answers = Picked()
        let (tester, _) = try await open(excluding: ["bob"], into: answers)
        tester.expect(.load(.opened), .present(FriendsPlace.pickFriend), .awaitingReply(FriendsPlace.pickFriend))
        tester.expectScreen(
            "Pick a friend",
            [
                .text("Pick a friend:"), .item("Carol Singer (@carol)"), .item("Dave Miller (@dave)"),
                .item("Frank Outage (@frank)"),
            ], actions: ["pick"])
        // Friends' own transition: a sheet that rises.
        let animation = tester.top.flatMap { tester.window.state.entry(of: $0)?.animator }?.animation(
            isPresenting: true)
        #expect(animation == FriendPickerTransition.sheet.animation)
        let module = try #require(tester.top.map { WeakProbe([$0, tester.window.state.router(of: $0)]) })

        await tester.perform("pick", "9")
        await tester.perform("pick", "2")

        tester.expect(
            .said("error: there is no friend 9; choose a number from 1 to 3"),
            .replied(FriendsPlace.pickFriend, answered: true), .dismiss(FriendsPlace.pickFriend))
        #expect(answers.users == [DemoData.dave])
        #expect(module.isReleased)
        tester.finish()
    }

    @Test("closing it answers with no friend, once, and releases the picker")
    func backsOut() async throws {
        let answers = Picked()
        let (tester, _) = try await open(into: answers)
        tester.expect(.load(.opened), .present(FriendsPlace.pickFriend), .awaitingReply(FriendsPlace.pickFriend))
        let module = try #require(tester.top.map { WeakProbe([$0, tester.window.state.router(of: $0)]) })

        await tester.back()

        tester.expect(.dismiss(FriendsPlace.pickFriend), .replied(FriendsPlace.pickFriend, answered: false))
        #expect(answers.users == [nil])
        #expect(module.isReleased)
        tester.finish()
    }

    @Test("with nobody to pick, it says so, opens nothing, and answers nothing")
    func nobody() async throws {
        let answers = Picked()
        let (tester, _) = try await open(excluding: ["carol", "dave"], signedInAs: DemoData.erin, into: answers)

        tester.expect(.load(.failed("\(PickerError.noFriends)")), .said("error: \(PickerError.noFriends)"))
        #expect(answers.users.isEmpty)
        tester.finish()
    }
}

/// What a picker's opener heard, in order.
@MainActor
final class Picked {
    var users: [User?] = []
}
