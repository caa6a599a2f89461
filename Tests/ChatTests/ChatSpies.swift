import Domain
import Navigation

@testable import Chat

/// A chat's router in these tests, as a host composes it: its profiles are other features'
/// places, stand-ins here (`Profile @bob`), and its picker answers the chat at once with the
/// first friend of Alice's that is not excluded, as a user picking would.
final class TestChatRouter: ChatRouter<Services>, ChatRouting {
    static func openProfile(for user: UserID) -> Route {
        Route("Profile \(user)") { (router: Self) in router.profileTransition }
    }
    func profileLink(for user: UserID) -> String? { "test://profile/\(user.rawValue)" }
    static func pickFriend(excluding excluded: UserID) -> Route {
        Route(flowStep: "Pick a friend") { (router: TestChatRouter) in
            let picked = [DemoData.bob, DemoData.carol, DemoData.dave].first { $0.id != excluded }
            await router.view?.receive(Answer(action: "share", text: picked?.id.rawValue))
        }
    }
}

/// A chat's router whose picker is closed without a choice.
final class NoPickChatRouter: ChatRouter<Services>, ChatRouting {
    static func openProfile(for user: UserID) -> Route {
        Route("Profile \(user)") { (router: Self) in router.profileTransition }
    }
    func profileLink(for user: UserID) -> String? { nil }
    static func pickFriend(excluding excluded: UserID) -> Route {
        Route(flowStep: "Pick a friend") { (router: NoPickChatRouter) in
            await router.view?.receive(Answer(action: "share", text: nil))
        }
    }
}

/// A chat's router whose picker cannot open.
final class FailingPickChatRouter: ChatRouter<Services>, ChatRouting {
    struct PickFailure: Error, CustomStringConvertible {
        var description: String { "nobody to pick" }
    }

    static func openProfile(for user: UserID) -> Route {
        Route("Profile \(user)") { (router: Self) in router.profileTransition }
    }
    func profileLink(for user: UserID) -> String? { nil }
    static func pickFriend(excluding excluded: UserID) -> Route {
        Route(flowStep: "Pick a friend") { (_: FailingPickChatRouter) in throw PickFailure() }
    }
}

/// A router whose host has no profiles, and says so (`ChatWithoutProfiles`); it serves Chat's
/// other needs.
final class ProfilelessChatRouter: ChatRouter<Services>, ChatWithoutProfiles {
    // Chat's needs beyond profiles, each a stand-in, follow.
}

/// The conversations' router in these tests: it opens Chat's own chats.
final class TestChatsRouter: ChatsRouter<Services>, ChatsRouting, ChatRoute {}

/// Alice's conversation with Bob, as the screen shows it.
let aliceAndBob: [ScreenContent.Line] = [
    .text("Chat with Bob Builder (@bob)"), .text("  Bob: Hi Alice! Did the new router land?"),
    .text("  You: It did. Protocols all the way down."), .text("  Bob: Send me a link when you can."),
]
