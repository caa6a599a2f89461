import Domain
import DomainTesting
import TestSupport
import Testing

@MainActor
@Suite("Remembering user service")
struct RememberingTests {
    let spy = CountingUserService(InMemoryBackend())
    var users: RememberingUserService { RememberingUserService(spy) }

    @Test("inside one navigation each question is asked once, errors included; outside, every call goes through")
    func once() async throws {
        let users = users
        try await RememberingUserService.remembering {
            for _ in 1...3 {
                _ = try await users.user("bob")
                _ = try await users.areFriends("alice", "bob")
                _ = try await users.areFriends("bob", "alice")
                await #expect(throws: ServiceError.unknownUser("zed")) { try await users.user("zed") }
            }
        }
        _ = try await users.user("bob")
        _ = try await users.user("bob")

        #expect(spy.calls == ["user(@bob)", "areFriends(@alice, @bob)", "user(@zed)", "user(@bob)", "user(@bob)"])
    }

    @Test("a write forgets what the navigation remembered")
    func writeForgets() async throws {
        let users = users
        try await RememberingUserService.remembering {
            #expect(try await users.user("alice").bio != "New")
            _ = try await users.setBio("New", of: "alice")
            #expect(try await users.user("alice").bio == "New")
        }
        #expect(spy.calls == ["user(@alice)", "setBio(of: @alice)", "user(@alice)"])
    }
}
