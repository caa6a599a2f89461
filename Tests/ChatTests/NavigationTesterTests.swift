import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing
import VirtualTime

@testable import Chat

/// Chat shown by the navigation tester, in the test's places (`ChatTest` by default), on `services`.
@MainActor
func chatTester<Places: ChatTestPlaces>(
    _ place: ChatPlace = .chat("bob"), in places: Places.Type = ChatTest.self, exhaustive: Bool = true,
    clock: VirtualClock = VirtualClock(),
    services: @MainActor (any UserPrompt) -> Services = { .demo(signedInAs: DemoData.alice, prompt: $0) }
) async throws -> NavigationTester<Places> {
    try await NavigationTester(showing: .chat(place), exhaustive: exhaustive, clock: clock) { prompt in services(prompt)
    }
}

/// The demo's services signed in as Alice, behind a network that treats Bob as `bob` says,
/// waiting on `clock`.
@MainActor
func networked(_ bob: DemoNetwork.Behaviour, clock: VirtualClock, prompt: any UserPrompt) -> Services {
    let backend = InMemoryBackend()
    let network = DemoNetwork(users: backend, messages: backend, behaviours: ["bob": bob], clock: clock)
    let services = Services(
        auth: backend, users: network, messages: network, session: Session(), flags: FeatureFlags(), prompt: prompt)
    services.session.begin(as: DemoData.alice)
    return services
}

/// Whether `issue` says `text`.
func says(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

/// The tester itself: what it records, and how a test it hosts fails, with the words it fails
/// with.
@MainActor
@Suite("The navigation tester")
struct NavigationTesterTests {
    @Test("an unasserted push fails the test at finish, naming it")
    func unassertedPush() async throws {
        let tester = try await chatTester()
        await tester.perform(ChatPresenter.Action.profile)
        withKnownIssue {
            tester.finish()
        } matching: { issue in
            says(
                issue,
                "navigation did what the test did not assert (it asserted 0 of the 1 things done since the screen was shown):\n  push Profile @bob"
            )
        }
    }

    @Test("a wrong order fails with what was expected and what happened, and the first record that differs")
    func wrongOrder() async throws {
        let tester = try await chatTester(.chats)
        await tester.perform(ChatsPresenter.Action.chat, "2")
        await tester.perform(ChatPresenter.Action.profile)
        withKnownIssue {
            tester.expect(.push(.chat("bob")), .load(.opened), .push("Profile @bob"))
        } matching: { issue in
            says(
                issue,
                "navigation did not go as expected: record 1 differs: expected push Chat @bob, happened load opened\n"
                    + "expected:\n  push Chat @bob\n  load opened\n  push Profile @bob\n"
                    + "happened:\n  load opened\n  push Chat @bob\n  push Profile @bob")
        }
        tester.finish()
    }

    @Test("an unfinished load fails the test at finish; moving the clock ends it, and the load opens")
    func unfinishedLoad() async throws {
        let clock = VirtualClock()
        let tester = try await chatTester(.chats, clock: clock) {
            networked(.slow(.seconds(2)), clock: clock, prompt: $0)
        }
        tester.advancesTime = false
        await tester.perform(ChatsPresenter.Action.chat, "2")
        tester.expectNothing()
        withKnownIssue {
            tester.finish()
        } matching: { issue in
            says(issue, "a load is still in flight; move the clock (tester.advance(by:)) until it ends")
        }

        await tester.advance(by: .seconds(2))

        // A placeholder stood in for the chat after the policy's 300 ms; the chat took its place.
        tester.expect(.load(.placeholder(after: .milliseconds(300))), .push(.chat("bob")), .load(.opened))
        tester.finish()
    }

    @Test("time runs on the virtual clock: a silent network times out after the policy's 3 seconds, with no wait")
    func timeout() async throws {
        let clock = VirtualClock()
        let tester = try await chatTester(.chats, clock: clock) { networked(.silent, clock: clock, prompt: $0) }
        tester.advancesTime = false
        await tester.perform(ChatsPresenter.Action.chat, "2")
        await tester.advance(by: .seconds(3))

        // The placeholder that stood in leaves with the load, and the list says why.
        tester.expect(
            .load(.placeholder(after: .milliseconds(300))), .push(.chat("bob")),
            .load(.timedOut(after: .seconds(3))), .pop(.chat("bob")),
            .said("error: timedOut(after: 3.0 seconds)"))
        tester.finish()
    }

    @Test("not exhaustive, a test names only what it asserts, in order; a record that never came fails")
    func notExhaustive() async throws {
        let tester = try await chatTester(.chats, exhaustive: false)
        await tester.perform(ChatsPresenter.Action.chat, "2")
        await tester.perform(ChatPresenter.Action.profile)
        tester.expect(.push(.chat("bob")), .push("Profile @bob"))
        tester.finish()
        withKnownIssue {
            tester.expect(.pop("Profile @bob"))
        } matching: { issue in
            says(issue, "navigation did not pop Profile @bob after what was asserted; it did:\n  (nothing)")
        }
    }

    @Test("an action the screen does not offer fails, naming those it offers")
    func notOffered() async throws {
        let tester = try await chatTester()
        await withKnownIssue {
            await tester.perform(ChatPresenter.Action.follow, "1")
        } matching: { issue in
            says(issue, "Chat @bob does not offer follow; it offers send, share, profile")
        }
        tester.finish()
    }

    @Test("the render check names the first line that differs")
    func render() async throws {
        let tester = try await chatTester(.chat("dave"))
        tester.expectScreen(
            "Chat @dave",
            [.text("Chat with Dave Miller (@dave)"), .text("  No messages yet. Say hello with: send <text>")],
            actions: ["send", "share", "profile"])
        withKnownIssue {
            tester.expectScreen("Chat @dave", [.text("Chat with Dave Miller (@dave)"), .text("  Hello")])
        } matching: { issue in
            says(
                issue,
                "line 2 differs: shown .text(\"  No messages yet. Say hello with: send <text>\"), expected .text(\"  Hello\") (2 lines shown, 2 expected)"
            )
        }
        tester.finish()
    }
}
