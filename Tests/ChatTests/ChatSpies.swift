import Domain
import Routing
import TestSupport

@testable import Chat

/// Records what the Chat presenter asks of its router. It serves every need.
@MainActor
final class ChatRouterSpy: Closable, ChatRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case pickFriend(excluding: [UserID])
        case follow(String)
        case close
    }

    private(set) var calls: [Call] = []
    var closeFailure: RoutingError?
    /// What the picker answers: a friend, no choice, or an error it cannot open with.
    var picked: Result<User?, PickFailure> = .success(nil)

    struct PickFailure: Error, CustomStringConvertible {
        var description: String { "nobody to pick" }
    }

    func openProfile(for user: UserID) async throws {
        calls.append(.openProfile(user))
    }

    func pickFriend(excluding excluded: [UserID], then answered: @escaping @MainActor (User?) async -> Void)
        async throws
    {
        calls.append(.pickFriend(excluding: excluded))
        await answered(try picked.get())
    }

    func profileLink(for user: UserID) -> String? { "test://profile/\(user.rawValue)" }

    func follow(_ link: String) async {
        calls.append(.follow(link))
    }

    func close() throws(RoutingError) {
        calls.append(.close)
        if let closeFailure { throw closeFailure }
    }
}

/// A router that serves none of the Chat screen's needs: a host that leaves them out.
@MainActor
final class BareRouter: Closable {
    func close() throws(RoutingError) {}
}

/// A host that adopts `ChatRoute`, as Friends' and Profile's routers do in the app.
final class ChatHost: HostRouter, ChatRoute {
    let dependencies: Services

    init(dependencies: Services = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }
}

/// Alice's conversation with Bob, as the screen shows it.
let aliceAndBob: [ScreenContent.Line] = [
    .text("Chat with Bob Builder (@bob)"), .text("  Bob: Hi Alice! Did the new router land?"),
    .text("  You: It did. Protocols all the way down."), .text("  Bob: Send me a link when you can."),
]
