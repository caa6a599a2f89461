import Domain
import Routing

/// What the Profile screen needs from its router.
@MainActor
public protocol ProfileRouting: Closable {
    func openChat(with user: UserID) async throws
    /// Opens the editor of the signed-in user's bio, from their own profile.
    func openBioEditor() async throws
}

/// What the Profile presenter shows through its view.
@MainActor
protocol ProfilePresentable: AnyObject {
    func display(_ model: ProfileViewModel)
    func show(error: String)
}

/// What a Profile screen draws, as ready-made text; each screen lays it out its own way.
struct ProfileViewModel: Hashable {
    /// "Bob Builder"
    var name: String
    /// "@bob"
    var handle: String
    /// The bio, or `nil` when there is none.
    var bio: String?
    /// "Friends with you.", "Not friends with you." or "This is you."
    var relation: String
    /// The names of the friends you have in common; `nil` on your own profile.
    var mutualFriends: [String]?
    /// Whether it is the signed-in user's own profile: it offers `edit` instead of `message`.
    var isViewer = false
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
        return ProfileViewModel(
            name: user.name,
            handle: "\(user.id)",
            bio: user.bio.isEmpty ? nil : user.bio,
            relation: details.isViewer
                ? "This is you." : details.isFriend ? "Friends with you." : "Not friends with you.",
            mutualFriends: details.isViewer ? nil : details.mutualFriends.map(\.name),
            isViewer: details.isViewer
        )
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

    func editRequested() async {
        do {
            try await router.openBioEditor()
        } catch {
            view?.show(error: "\(error)")
        }
    }

    func appearing() async {
        // Back on screen (an editor above closed): the bio may have changed meanwhile.
        do { try await load() } catch { view?.show(error: "\(error)") }
    }

    func closeRequested() {
        do {
            try router.close()
        } catch {
            view?.show(error: "\(error)")
        }
    }
}
