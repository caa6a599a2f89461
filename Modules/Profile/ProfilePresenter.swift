import Domain
import Routing

/// What the Profile screen may ask its router for. Each need is optional: a host serves it by
/// adopting the route that opens it (the app's `ProfileRouter` adopts `ChatRoute &
/// BioEditorRoute`), and the screen offers the command only then.
public enum ProfileNeeds {
    /// Opens the chat with the user shown: `message`, on someone else's profile.
    @MainActor
    public protocol OpenChat: AnyObject {
        func openChat(with user: UserID) async throws
    }

    /// Opens the editor of the signed-in user's bio: `edit`, on your own profile.
    @MainActor
    public protocol OpenBioEditor: AnyObject {
        func openBioEditor() async throws
    }
}

/// Every need of the Profile screen: what a host that serves them all adopts.
public typealias ProfileRouting = ProfileNeeds.OpenChat & ProfileNeeds.OpenBioEditor

/// The Profile screen: its presenter, on screen.
public typealias ProfileView = ScreenView<ProfilePresenter>

extension FeatureFlag {
    /// Shows profiles as a card instead of the classic three lines.
    public static let profileV2 = FeatureFlag(
        "profile.v2", default: false, summary: "show profiles on the new card screen instead of the classic one")
}

/// A user's profile, as the signed-in user sees it; it loads again each time it comes back on top.
@MainActor
public final class ProfilePresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case edit, message, close

        public var summary: String {
            switch self {
            case .edit: "edit your bio"
            case .message: "chat with this user"
            case .close: "close this profile"
            }
        }
    }

    /// How the profile is laid out: the classic three lines, or the card (`profile.v2`).
    enum Style {
        case classic, card

        /// The layout the `profile.v2` flag picks: the one place that decides, so every way to a
        /// profile (a list, a chat, a link, the me tab) follows the flag, and the route opens the
        /// card with its own transition.
        @MainActor
        static func chosen(by dependencies: some ProfileDependencies) -> Style {
            dependencies.flags.isOn(.profileV2) ? .card : .classic
        }
    }

    public let title: String
    public var feedback = ScreenFeedback()
    /// Whose profile this is.
    let user: UserID
    private let interactor: ProfileInteractor
    let router: any Closable
    let style: Style
    private(set) var details: ProfileDetails?

    init(user: UserID, interactor: ProfileInteractor, router: any Closable, style: Style) {
        title = "Profile \(user)"
        self.user = user
        self.interactor = interactor
        self.router = router
        self.style = style
    }

    /// The longest bio the card has room for.
    static let cardBioLimit = 60

    /// Builds `user`'s profile around `router` and loads it, laid out as `style` says, by
    /// default as the `profile.v2` flag says (`Style.chosen(by:)`).
    /// - Throws: the load's error (an unknown user, nobody signed in), or
    ///   `ProfileCardError.bioTooLong` when the card has no room for the bio.
    static func screen(
        for user: UserID, router: any Closable, dependencies: some ProfileDependencies, style: Style? = nil
    ) async throws -> ProfileView {
        let presenter = ProfilePresenter(
            user: user, interactor: ProfileInteractor(users: dependencies.users, session: dependencies.session),
            router: router, style: style ?? .chosen(by: dependencies))
        try await presenter.load()
        if presenter.style == .card, let bio = presenter.details?.user.bio, bio.count > cardBioLimit {
            throw ProfileCardError.bioTooLong(length: bio.count, limit: cardBioLimit)
        }
        return ProfileView(presenter)
    }

    /// Loads the profile.
    /// - Throws: the load's error; what is shown stays as it was.
    func load() async throws {
        details = try await interactor.details(of: user)
    }

    public var actions: [Action] {
        guard let details else { return [] }
        guard !details.isViewer else { return router is any ProfileNeeds.OpenBioEditor ? [.edit] : [] }
        return (router is any ProfileNeeds.OpenChat ? [.message] : []) + [.close]
    }

    public func perform(_ action: Action, argument: String) async {
        do {
            switch action {
            case .edit: try await (router as? any ProfileNeeds.OpenBioEditor)?.openBioEditor()
            case .message: try await (router as? any ProfileNeeds.OpenChat)?.openChat(with: user)
            case .close: try router.close()
            }
        } catch {
            feedback.error(error)
        }
    }

    public func reappearing() async {
        // Back on screen (an editor above closed): the bio may have changed meanwhile.
        do { try await load() } catch { feedback.error(error) }
    }

    public var lines: [ScreenContent.Line] {
        guard let details else { return [] }
        let user = details.user
        let bio = user.bio.isEmpty ? nil : user.bio
        let relation =
            details.isViewer ? "This is you." : details.isFriend ? "Friends with you." : "Not friends with you."
        let mutual = details.isViewer ? nil : details.mutualFriends.map(\.name)
        switch style {
        case .classic:
            let friends =
                switch mutual {
                case nil: ""
                case let names? where names.isEmpty: " No mutual friends."
                case let names?: " Mutual friends: \(names.joined(separator: ", "))."
                }
            return [
                .text("\(user.name) (\(user.id))"), .text(bio.map { "\"\($0)\"" } ?? "No bio yet."),
                .text(relation + friends),
            ]
        case .card:
            var lines = ["\(user.name)  \(user.id)", bio ?? "No bio yet.", relation]
            if let names = mutual {
                lines.append("Mutual friends (\(names.count))" + (names.isEmpty ? "" : ":"))
                lines += names.map { "  - \($0)" }
            }
            let width = lines.map(\.count).max() ?? 0
            let rule = "+" + String(repeating: "-", count: width + 2) + "+"
            return ([rule] + lines.map { "| " + $0 + String(repeating: " ", count: width - $0.count) + " |" } + [rule])
                .map { .text($0) }
        }
    }
}

/// Why the card screen cannot show a profile: the classic screen stands in (the route's fallback).
public enum ProfileCardError: Error, Hashable, Sendable, CustomStringConvertible {
    case bioTooLong(length: Int, limit: Int)

    public var description: String {
        switch self {
        case .bioTooLong(let length, let limit): "the bio has \(length) characters; the card has room for \(limit)"
        }
    }
}
