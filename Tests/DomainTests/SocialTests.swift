import Domain
import Testing

@Suite("Friends and messages")
struct SocialTests {
    let backend = InMemoryBackend()

    @Test("friends come sorted by name")
    func friends() async throws {
        #expect(
            try await backend.friends(of: "alice") == [DemoData.bob, DemoData.carol, DemoData.dave, DemoData.frank])
        #expect(try await backend.friends(of: "erin") == [DemoData.carol, DemoData.dave])
    }

    @Test("mutual friends and friendship")
    func mutual() async throws {
        #expect(try await backend.mutualFriends(of: "alice", and: "bob") == [DemoData.carol])
        #expect(try await backend.mutualFriends(of: "alice", and: "erin") == [DemoData.carol, DemoData.dave])
        #expect(try await backend.areFriends("alice", "bob"))
        #expect(try await !backend.areFriends("alice", "erin"))
    }

    @Test("a user whose profile service is down cannot be looked up, but is listed and befriended")
    func unavailable() async throws {
        await #expect(throws: ServiceError.unavailable("frank")) { try await backend.user("frank") }
        #expect(try await backend.areFriends("alice", "frank"))
        #expect(try await backend.friends(of: "frank") == [DemoData.alice])
        #expect(
            ServiceError.unavailable("frank").description
                == "the profile service is not answering for @frank; try again later")
    }

    @Test("an unknown user is an error everywhere")
    func unknownUser() async {
        await #expect(throws: ServiceError.unknownUser("zed")) { try await backend.user("zed") }
        await #expect(throws: ServiceError.unknownUser("zed")) { try await backend.friends(of: "zed") }
        await #expect(throws: ServiceError.unknownUser("zed")) {
            try await backend.conversation(between: "alice", and: "zed")
        }
    }

    @Test("a conversation holds both sides, oldest first, and a sent message joins it")
    func conversation() async throws {
        let before = try await backend.conversation(between: "alice", and: "bob")
        #expect(
            before.map(\.text) == [
                "Hi Alice! Did the new router land?", "It did. Protocols all the way down.",
                "Send me a link when you can.",
            ])
        #expect(try await backend.conversation(between: "bob", and: "alice") == before)

        let sent = try await backend.send("  On its way.  ", from: "alice", to: "bob")

        #expect(sent == Message(id: 5, sender: "alice", recipient: "bob", text: "On its way."))
        #expect(try await backend.conversation(between: "alice", and: "bob") == before + [sent])
        #expect(try await backend.conversation(between: "alice", and: "dave").isEmpty)
    }

    @Test("only friends chat, and messages have a size")
    func sendRefused() async {
        await #expect(throws: ServiceError.notFriends("erin")) {
            try await backend.send("hi", from: "alice", to: "erin")
        }
        await #expect(throws: ServiceError.notFriends("erin")) {
            try await backend.conversation(between: "alice", and: "erin")
        }
        await #expect(throws: ServiceError.emptyMessage) { try await backend.send("   ", from: "alice", to: "bob") }
        await #expect(throws: ServiceError.messageTooLong(length: 1_001, limit: 1_000)) {
            try await backend.send(String(repeating: "x", count: 1_001), from: "alice", to: "bob")
        }
    }

    @Test("the demo data refers only to its own accounts")
    func demoDataIsConsistent() {
        let ids = Set(DemoData.standard.accounts.map(\.user.id))
        #expect(ids.count == DemoData.standard.accounts.count)
        #expect(DemoData.standard.friendships.allSatisfy { ids.contains($0.0) && ids.contains($0.1) })
        #expect(DemoData.standard.messages.allSatisfy { ids.contains($0.from) && ids.contains($0.to) })
    }
}
