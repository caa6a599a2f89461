import Domain
import Routing

/// What the Friends screen needs from its router.
@MainActor
public protocol FriendsRouting: Closable {
    func openProfile(for user: UserID) async throws
    func openChat(with user: UserID) async throws
}

/// What the Friends presenter shows through its view.
@MainActor
protocol FriendsPresentable: AnyObject {
    func display(_ model: FriendsViewModel)
    func show(error: String)
}

/// What the Friends screen draws.
struct FriendsViewModel: Hashable {
    /// "Alice Liddell (@alice)"
    var owner: String
    /// One row per friend, numbered from 1: "Bob Builder (@bob)".
    var friends: [String]
}

/// Loads the list, and turns a friend's number into that friend's profile or chat.
@MainActor
final class FriendsPresenter {
    weak var view: (any FriendsPresentable)?
    private let interactor: FriendsInteractor
    let router: any FriendsRouting
    private var friends: [User] = []

    init(interactor: FriendsInteractor, router: any FriendsRouting) {
        self.interactor = interactor
        self.router = router
    }

    /// Loads the friends and shows them.
    /// - Throws: the service's error; the view is left as it was.
    func load() async throws {
        friends = try await interactor.friends()
        view?.display(FriendsViewModel(owner: Self.label(interactor.user), friends: friends.map(Self.label)))
    }

    /// A friend as a list shows one: "Bob Builder (@bob)".
    static func label(_ user: User) -> String { "\(user.name) (\(user.id))" }

    /// Why a number names no friend.
    struct NoSuchFriend: Error {
        let message: String
    }

    /// The friend shown as number `number` among `friends`.
    /// - Returns: the friend, or why there is none.
    static func friend(_ number: Int, in friends: [User]) -> Result<User, NoSuchFriend> {
        guard number >= 1, number <= friends.count else {
            return .failure(
                NoSuchFriend(
                    message: friends.isEmpty
                        ? "there is no friend \(number); your friends list is empty"
                        : "there is no friend \(number); choose a number from 1 to \(friends.count)"))
        }
        return .success(friends[number - 1])
    }

    /// The friend shown as number `number`, or nil after telling the view there is none.
    private func friend(_ number: Int) -> User? {
        switch Self.friend(number, in: friends) {
        case .success(let friend): return friend
        case .failure(let problem):
            view?.show(error: problem.message)
            return nil
        }
    }

    /// Runs a navigation, or shows why it failed.
    /// - Returns: whether it succeeded.
    @discardableResult
    private func route(_ navigation: () async throws -> Void) async -> Bool {
        do {
            try await navigation()
            return true
        } catch {
            view?.show(error: "\(error)")
            return false
        }
    }
}

extension FriendsPresenter: FriendsViewListener {
    func friendSelected(number: Int) async {
        guard let friend = friend(number) else { return }
        await route { try await router.openProfile(for: friend.id) }
    }

    func messageRequested(number: Int) async {
        guard let friend = friend(number) else { return }
        await route { try await router.openChat(with: friend.id) }
    }

    func closeRequested() {
        do {
            try router.close()
        } catch {
            view?.show(error: "\(error)")
        }
    }
}
