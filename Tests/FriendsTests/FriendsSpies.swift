import Domain
import Routing
import TestSupport

@testable import Friends

/// Records what the Friends screens ask of their router; fails on demand. It serves every need.
@MainActor
final class FriendsRouterSpy: Closable, FriendsRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case openChat(UserID)
        case close
    }

    private(set) var calls: [Call] = []
    /// Thrown by every navigation once set.
    var failure: (any Error)?
    var closeFailure: RoutingError?

    func openProfile(for user: UserID) async throws { try record(.openProfile(user)) }
    func openChat(with user: UserID) async throws { try record(.openChat(user)) }

    func close() throws(RoutingError) {
        calls.append(.close)
        if let closeFailure { throw closeFailure }
    }

    private func record(_ call: Call) throws {
        calls.append(call)
        if let failure { throw failure }
    }
}

/// A router that serves none of the Friends screen's needs: a host that leaves them out.
@MainActor
final class BareRouter: Closable {
    func close() throws(RoutingError) {}
}

extension DemoData {
    /// The friends list of Alice, as the screen shows it.
    static let aliceList: [ScreenContent.Line] = [
        .text("Signed in as Alice Liddell (@alice)."), .text("Your friends:"), .item("Bob Builder (@bob)"),
        .item("Carol Singer (@carol)"), .item("Dave Miller (@dave)"), .item("Frank Outage (@frank)"),
    ]
}

/// A host that adopts `FriendPickerRoute`, as Chat's router does in the app.
final class PickerHost: HostRouter, FriendPickerRoute {
    let dependencies: Services

    init(dependencies: Services) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }
}
