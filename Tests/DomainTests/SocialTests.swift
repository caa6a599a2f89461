import Domain
import Testing

@MainActor
@Suite("Friends and messages")
struct SocialTests {
    let backend = InMemoryBackend()

    @Test("friends come sorted by name, not by handle; befriending yourself changes nothing")
    func friends() async throws {
        #expect(
            try backend.friends(of: "alice") == [DemoData.bob, DemoData.carol, DemoData.dave, DemoData.frank])
        #expect(try backend.friends(of: "erin") == [DemoData.carol, DemoData.dave])
        let aaron = try backend.signUp(username: "zed", name: "Aaron Zed", password: Password("secret"))
        try backend.setFriendship("erin", "zed", areFriends: true)
        try backend.setFriendship("erin", "erin", areFriends: true)
        #expect(try backend.friends(of: "erin") == [aaron, DemoData.carol, DemoData.dave])
    }

    @Test("a kept question is answered once, and its answer is kept for its asker alone")
    func keptAnswers() {
        let asked = backend.keepQuestion(asker: "friends/chat/bob", action: "share", of: "alice")
        #expect(backend.question(asked) == .open)

        #expect(backend.answer(asked, with: "carol"))
        #expect(!backend.answer(asked, with: "dave"))

        #expect(backend.question(asked) == .answered)
        #expect(backend.keptAnswers(of: "alice").map(\.text) == ["carol"])
        #expect(backend.keptAnswers(of: "bob").isEmpty)
    }

    @Test("mutual friends and friendship")
    func mutual() async throws {
        #expect(try backend.mutualFriends(of: "alice", and: "bob") == [DemoData.carol])
        #expect(try backend.mutualFriends(of: "alice", and: "erin") == [DemoData.carol, DemoData.dave])
        #expect(try backend.areFriends("alice", "bob"))
        #expect(try !backend.areFriends("alice", "erin"))
    }

    @Test("a user whose profile service is down cannot be looked up, but is listed and befriended")
    func unavailable() async throws {
        #expect(throws: ServiceError.unavailable("frank")) { try backend.user("frank") }
        #expect(try backend.areFriends("alice", "frank"))
        #expect(try backend.friends(of: "frank") == [DemoData.alice])
        #expect(
            ServiceError.unavailable("frank").description
                == "the profile service is not answering for @frank; try again later")
    }

    @Test("an unknown user is an error everywhere")
    func unknownUser() async {
        #expect(throws: ServiceError.unknownUser("zed")) { try backend.user("zed") }
        #expect(throws: ServiceError.unknownUser("zed")) { try backend.friends(of: "zed") }
        #expect(throws: ServiceError.unknownUser("zed")) {
            try backend.conversation(between: "alice", and: "zed")
        }
    }

    @Test("a conversation holds both sides, oldest first, and a sent message joins it")
    func conversation() async throws {
        let before = try backend.conversation(between: "alice", and: "bob")
        #expect(
            before.map(\.text) == [
                "Hi Alice! Did the new router land?", "It did. Protocols all the way down.",
                "Send me a link when you can.",
            ])
        #expect(try backend.conversation(between: "bob", and: "alice") == before)

        let sent = try await backend.send("  On its way.  ", from: "alice", to: "bob")

        #expect(sent == Message(id: 5, sender: "alice", recipient: "bob", text: "On its way."))
        #expect(try backend.conversation(between: "alice", and: "bob") == before + [sent])
        #expect(try backend.conversation(between: "alice", and: "dave").isEmpty)
    }

    @Test("a user's conversations come most recent first, each with its last message; friends with none are left out")
    func conversations() async throws {
        let backend = InMemoryBackend()
        #expect(try backend.conversations(of: "alice").map(\.friend.id) == ["carol", "bob"])
        #expect(try backend.conversations(of: "alice").first?.last.text == "Choir at seven tonight?")

        _ = try await backend.send("Back from the bakery.", from: "dave", to: "alice")
        let after = try backend.conversations(of: "alice")
        #expect(after.map(\.friend.id) == ["dave", "carol", "bob"])
        #expect(
            after.first?.last
                == Message(id: after[0].last.id, sender: "dave", recipient: "alice", text: "Back from the bakery."))
        #expect(throws: ServiceError.unknownUser("zed")) { try backend.conversations(of: "zed") }
    }

    @Test("only friends chat, and messages have a size")
    func sendRefused() async {
        await #expect(throws: ServiceError.notFriends("erin")) {
            try await backend.send("hi", from: "alice", to: "erin")
        }
        #expect(throws: ServiceError.notFriends("erin")) {
            try backend.conversation(between: "alice", and: "erin")
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
