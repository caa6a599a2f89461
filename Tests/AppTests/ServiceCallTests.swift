import Console
import Domain
import DomainTesting
import Navigation
import Store
import TestSupport
import Testing

@testable import App

/// Each place's questions are asked once per navigation, with no memo: a place's check reads what
/// its screen is built with, and a screen just loaded by its provider draws what it loaded.
@MainActor
@Suite("Service calls")
struct ServiceCallTests {
    /// Alice signed in on her friends list, with a spy between the app and the user service.
    func signedIn() async throws -> (ScriptedApp, CountingUserService) {
        let backend = InMemoryBackend()
        let users = CountingUserService(backend)
        let session = try ScriptedApp(backend: backend, users: users)
        try await session.signedIn()
        users.reset()
        return (session, users)
    }

    @Test("a profile opened from the list loads once: its provider loads it, its first draw does not again")
    func profileLoadsOnce() async throws {
        let (session, users) = try await signedIn()

        await session.type("profile 1")

        #expect(session.state.modals == [["Profile @bob"]])
        #expect(users.calls == ["user(@bob)", "areFriends(@alice, @bob)", "mutualFriends(of: @alice, and: @bob)"])
    }

    @Test("a profile that comes back on top reloads: the data may have changed meanwhile")
    func reloadsWhenBack() async throws {
        let (session, users) = try await signedIn()
        await session.type("profile 1", "message")
        users.reset()

        await session.type("back")

        #expect(users.calls == ["user(@bob)", "areFriends(@alice, @bob)", "mutualFriends(of: @alice, and: @bob)"])
    }

    @Test(
        "waypoint://chat/bob/profile/bob asks for Bob's profile once: the profile's check reads it, and its screen is built with what the check read"
    )
    func linkAsksOnce() async throws {
        let (session, users) = try await signedIn()

        await session.type("open waypoint://chat/bob/profile/bob")

        #expect(session.state.root == ["Friends", "Chat @bob", "Profile @bob"])
        // Chat's rule, then Profile's check; the chat's page carries its friend (the message
        // service), and the profile's load asks only what the check did not read.
        #expect(
            users.calls == [
                "areFriends(@alice, @bob)", "user(@bob)", "areFriends(@alice, @bob)",
                "mutualFriends(of: @alice, and: @bob)",
            ])
    }

    @Test("a link that fails its checks asks what it needs to know, and opens nothing")
    func failedLinkAsks() async throws {
        let (session, users) = try await signedIn()

        await session.type("open waypoint://chat/bob/profile/zed")

        #expect(session.state.root == ["Friends"])
        #expect(users.calls == ["areFriends(@alice, @bob)", "user(@zed)"])
    }

    @Test("signing in loads each tab's first screen once")
    func signInLoadsOnce() async throws {
        let backend = InMemoryBackend()
        let users = CountingUserService(backend)
        let session = try ScriptedApp(backend: backend, users: users)
        try await session.start()

        await session.type("login alice", "wonderland")

        #expect(users.calls == ["friends(of: @alice)", "user(@alice)"])
    }
}
