import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing

@testable import Friends

/// The friend picker, a place that answers the screen it was opened from, run from a host that
/// adopts its route (as Chat's router does in the app), watched by the navigation tester.
@MainActor
@Suite("Friend picker route", .timeLimit(.minutes(10)))
struct FriendPickerTests {
    /// The picker without `excluded`, opened from a host signed in as `user`.
    func open(excluding excluded: UserID = "bob", signedInAs user: User = DemoData.alice) async throws -> (
        NavigationTester<FriendsTest>, StubScreen?
    ) {
        let stage = try await Stage<FriendsTest>(.demo(signedInAs: user))
        let tester = NavigationTester(window: stage.window, clock: stage.clock)
        await tester.run { try await stage.open(PickerHost.pickFriend(excluding: excluded)) }
        return (tester, stage.view as? StubScreen)
    }

    @Test(
        "the picker lists the friends but the excluded, rises as a sheet, answers the screen it opened from with the one picked, and closes itself"
    )
    func picks() async throws {
        let (tester, host) = try await open()
        let picker = FriendsTest.picker(excluding: "bob")
        tester.expect(.load(.opened), .present(picker), .awaitingReply(picker))
        tester.expectScreen(
            "Pick a friend",
            [
                .text("Pick a friend:"), .item("Carol Singer (@carol)"), .item("Dave Miller (@dave)"),
                .item("Frank Outage (@frank)"),
            ], actions: ["pick"])
        // Friends' own transition: a sheet that rises.
        let animation = tester.top.flatMap { tester.window.state.screens.entry(of: $0)?.animator }?.animation(
            isPresenting: true)
        #expect(animation == FriendPickerTransition.sheet.animation)
        let module = try #require(tester.top.map { WeakProbe([$0, tester.window.state.screens.router(of: $0)]) })

        await tester.perform("pick", "9")
        await tester.perform("pick", "2")

        tester.expect(
            .said("error: there is no friend 9; choose a number from 1 to 3"), .dismiss(picker),
            .replied(picker, answered: true))
        // The host hears the answer, then is on top again.
        #expect(host?.received == ["answer dave", "reappearing"])
        #expect(module.isReleased)
        tester.finish()
    }

    @Test("closing it answers with no friend, once, and releases the picker")
    func backsOut() async throws {
        let (tester, host) = try await open()
        let picker = FriendsTest.picker(excluding: "bob")
        tester.expect(.load(.opened), .present(picker), .awaitingReply(picker))
        let module = try #require(tester.top.map { WeakProbe([$0, tester.window.state.screens.router(of: $0)]) })

        await tester.back()

        tester.expect(.dismiss(picker), .replied(picker, answered: false))
        #expect(await yield(until: { host?.received.contains("no answer") == true }))
        #expect(host?.received.filter { $0.hasPrefix("answer") || $0 == "no answer" } == ["no answer"])
        #expect(module.isReleased)
        tester.finish()
    }

    @Test("with nobody to pick, it says so, opens nothing, and answers nothing")
    func nobody() async throws {
        // Frank's one friend is Alice, whom the picker leaves out.
        let (tester, host) = try await open(excluding: "alice", signedInAs: DemoData.frank)

        tester.expect(.load(.failed("\(PickerError.noFriends)")), .said("error: \(PickerError.noFriends)"))
        #expect(host?.received == [])
        tester.finish()
    }
}
