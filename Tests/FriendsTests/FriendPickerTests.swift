import Domain
import DomainTesting
import Routing
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friend picker route", .timeLimit(.minutes(1)))
struct FriendPickerTests {
    /// Opens the picker from a host signed in as Alice; its answers go to `answers`.
    func open(excluding excluded: [UserID] = [], into answers: Picked) async throws -> (PickerHost, WeakProbe) {
        let host = try PickerHost(dependencies: .demo(signedInAs: DemoData.alice))
        try await host.pickFriend(excluding: excluded) { answers.users.append($0) }
        let probe = try #require(
            (host.stage.topScreen as? FriendPickerPresenter).map {
                WeakProbe([$0, host.stage.router(of: $0)])
            })
        return (host, probe)
    }

    @Test("the picker lists the friends but the excluded, answers with the one picked, and closes itself")
    func picks() async throws {
        let answers = Picked()
        let (host, probe) = try await open(excluding: ["bob"], into: answers)
        do {
            let view = try #require(host.stage.topScreen as? FriendPickerPresenter)
            #expect(
                view.content.lines == [
                    .text("Pick a friend:"), .item("Carol Singer (@carol)"), .item("Dave Miller (@dave)"),
                    .item("Frank Outage (@frank)"),
                ])
            // Friends' own transition: a sheet that rises.
            #expect(
                host.stage.animator(of: view)?.animation(isPresenting: true) == FriendPickerTransition.sheet.animation)
            await view.perform("pick", argument: "9")
            #expect(view.said() == ["error: there is no friend 9; choose a number from 1 to 3"])
            await view.perform("pick", argument: "2")
        }

        #expect(answers.users == [DemoData.dave])
        #expect(host.motions.motions == ["present Pick a friend", "dismiss Pick a friend"])
        #expect(probe.isReleased)
    }

    @Test("closing it answers with no friend, once, and releases the picker")
    func backsOut() async throws {
        let answers = Picked()
        let (host, probe) = try await open(into: answers)
        try #require(host.stage.topScreen.flatMap(host.stage.router(of:)) as? any Closable).close()

        #expect(await yield(until: { answers.users == [nil] }))
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(probe.isReleased)
    }

    @Test("with nobody to pick, it says so, opens nothing, and answers nothing")
    func nobody() async throws {
        let answers = Picked()
        let host = try PickerHost(dependencies: .demo(signedInAs: DemoData.erin))
        await #expect(throws: PickerError.noFriends) {
            try await host.pickFriend(excluding: ["carol", "dave"]) { answers.users.append($0) }
        }
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(answers.users.isEmpty)
    }
}

/// What a picker's opener heard, in order.
@MainActor
final class Picked {
    var users: [User?] = []
}
