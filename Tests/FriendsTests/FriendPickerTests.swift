import Console
import Domain
import Routing
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friend picker route", .timeLimit(.minutes(1)))
struct FriendPickerTests {
    /// Starts `pickFriend(excluding:)` from a host signed in as Alice; returns once the picker
    /// is shown.
    func start(excluding excluded: [UserID] = []) async throws -> (PickerHost, Task<User?, any Error>, WeakProbe) {
        let host = try PickerHost(dependencies: .demo(signedInAs: DemoData.alice))
        let task = Task { try await host.pickFriend(excluding: excluded) }
        #expect(await yield(until: { host.stage.topScreen is FriendPickerView }))
        let view = try #require(host.stage.topScreen as? FriendPickerView)
        return (host, task, WeakProbe([view, view.listener, host.lastRouter]))
    }

    @Test("the picker lists the friends but the excluded, answers with the one picked, and closes itself")
    func picks() async throws {
        let (host, task, probe) = try await start(excluding: ["bob"])
        do {
            let view = try #require(host.stage.topScreen as? FriendPickerView)
            #expect(
                view.body == [
                    "Pick a friend:", "  1. Carol Singer (@carol)", "  2. Dave Miller (@dave)",
                    "  3. Frank Outage (@frank)",
                ])
            await view.handle(try #require(Command("pick 9")), in: SecretPrompt())
            #expect(view.feedback.take().lines == [.error("there is no friend 9; choose a number from 1 to 3")])
            await view.handle(try #require(Command("pick 2")), in: SecretPrompt())
        }

        #expect(try await task.value == DemoData.dave)
        #expect(host.motions.motions == ["present Pick a friend", "dismiss Pick a friend"])
        #expect(probe.isReleased)
    }

    @Test("back answers with no friend, once, and releases the picker")
    func backsOut() async throws {
        let (host, task, probe) = try await start()
        await (host.stage.topScreen as? FriendPickerView)?.backRequested()

        #expect(try await task.value == nil)
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(probe.isReleased)
    }

    @Test("with nobody to pick, it says so and opens nothing")
    func nobody() async throws {
        let host = try PickerHost(dependencies: .demo(signedInAs: DemoData.erin))
        await #expect(throws: PickerError.noFriends) { try await host.pickFriend(excluding: ["carol", "dave"]) }
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(host.lastRouter == nil)
    }
}
