import Domain
import Routing

/// What the Profile screen needs from its router.
@MainActor
public protocol ProfileRouting: Closable {
    func openChat(with user: UserID) async throws
}

/// What the Profile presenter shows through its view.
@MainActor
protocol ProfilePresentable: AnyObject {
    func display(_ model: ProfileViewModel)
    func show(error: String)
}

/// What the Profile screen draws: ready-made lines.
struct ProfileViewModel: Hashable {
    var lines: [String]
}

/// Loads a profile and turns the screen's requests into routes.
@MainActor
final class ProfilePresenter {
    weak var view: (any ProfilePresentable)?
    private let user: UserID
    private let interactor: ProfileInteractor
    let router: any ProfileRouting

    init(user: UserID, interactor: ProfileInteractor, router: any ProfileRouting) {
        self.user = user
        self.interactor = interactor
        self.router = router
    }

    /// Loads the profile and shows it.
    /// - Throws: the load's error; the view is left as it was.
    func load() async throws {
        view?.display(Self.model(for: try await interactor.details(of: user)))
    }

    static func model(for details: ProfileDetails) -> ProfileViewModel {
        let user = details.user
        let names = details.mutualFriends.map(\.name).joined(separator: ", ")
        let relation =
            if details.isViewer {
                "This is you."
            } else {
                (details.isFriend ? "Friends with you. " : "Not friends with you. ")
                    + (names.isEmpty ? "No mutual friends." : "Mutual friends: \(names).")
            }
        return ProfileViewModel(lines: [
            "\(user.name) (\(user.id))",
            user.bio.isEmpty ? "No bio yet." : "\"\(user.bio)\"",
            relation,
        ])
    }
}

extension ProfilePresenter: ProfileViewListener {
    func messageRequested() async {
        do {
            try await router.openChat(with: user)
        } catch {
            view?.show(error: "\(error)")
        }
    }

    func closeRequested() {
        do {
            try router.close()
        } catch {
            view?.show(error: "\(error)")
        }
    }
}
