import Domain
import Navigation

/// What the Profile screen asks its router for: the host serves each need by adopting the route
/// that opens it (`ChatRoute` brings `openChat(with:)`, `BioEditorRoute` brings
/// `openBioEditor()`). A host that serves fewer says which it leaves out where the compiler sees
/// it (`ProfileWithoutChats`); the screen then offers fewer commands.
@MainActor
public protocol ProfileRouting: RouterProtocol {
    /// The chat with the user shown: `message`, on someone else's profile.
    static func openChat(with user: UserID) -> Route<Places>
    /// The editor of the signed-in user's bio: `edit`, on your own profile.
    static func openBioEditor() -> Route<Places>
    /// Whether the host opens chats: `false` for a host that says `ProfileWithoutChats`. A fact
    /// of the host's type, so the screen's table of offers knows it before any router exists.
    static var servesChats: Bool { get }
}

extension ProfileRouting {
    public static var servesChats: Bool { true }
}

/// A host with no chats adopts it, instead of a route that opens one: profiles offer no
/// `message`, and no link follows a profile to a chat.
@MainActor
public protocol ProfileWithoutChats: ProfileRouting {}

extension ProfileWithoutChats {
    public static var servesChats: Bool { false }
    public static func openChat(with user: UserID) -> Route<Places> { .leftOut() }
}

extension FeatureFlag {
    /// The feature flags Profile declares, which a host registers with its flags: `profile.v2`
    /// picks the card screen.
    public static var profileFlags: [FeatureFlag] { [.profileV2] }

    /// Shows profiles as a card instead of the classic three lines.
    public static let profileV2 = FeatureFlag(
        "profile.v2", default: false, summary: "show profiles on the new card screen instead of the classic one")
}

/// A user's profile, as the signed-in user sees it; it loads again each time it comes back on top.
@MainActor
public final class ProfilePresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case edit, message, close, befriend, unfriend

        public var summary: String {
            switch self {
            case .edit: "edit your bio"
            case .message: "chat with this user"
            case .close: "close this profile"
            case .befriend: "become friends with this user"
            case .unfriend: "stop being friends with this user (your chat with them closes)"
            }
        }

        /// Going back does not undo unfriending: a front asks before one key does it.
        public var isDestructive: Bool { self == .unfriend }
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
    public let feedback = ScreenFeedback()
    /// Whose profile this is.
    let user: UserID
    private let interactor: ProfileInteractor
    /// The module's router: it serves the screen's needs (`ProfileRouting`).
    let router: any ProfileRouting
    let style: Style
    private(set) var details: ProfileDetails? {
        didSet {
            madeLines = nil
            madeActions = nil
        }
    }
    /// The actions, as last made: a front reads them after every command.
    private var madeActions: [Action]?
    /// The lines, as last made: made again only when what they show changes, as a front reads
    /// them after every command.
    private var madeLines: [ScreenContent.Line]?

    init(user: UserID, interactor: ProfileInteractor, router: any ProfileRouting, style: Style) {
        title = ProfilePlace.profile(user).title
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
        for user: User, router: any ProfileRouting, dependencies: some ProfileDependencies, style: Style? = nil
    ) async throws -> ProfilePresenter {
        let presenter = ProfilePresenter(
            user: user.id, interactor: ProfileInteractor(dependencies: dependencies),
            router: router, style: style ?? .chosen(by: dependencies))
        // The user was read already (the place's check): the rest of the profile is loaded.
        presenter.details = try await presenter.interactor.details(of: user)
        if presenter.style == .card, let bio = presenter.details?.user.bio, bio.count > cardBioLimit {
            throw ProfileCardError.bioTooLong(length: bio.count, limit: cardBioLimit)
        }
        return presenter
    }

    /// Loads the profile.
    /// - Throws: the load's error; what is shown stays as it was.
    func load() async throws {
        details = try await interactor.details(of: user)
    }

    public var actions: [Action] {
        if let madeActions { return madeActions }
        guard let details else { return [] }
        let offered = Self.offered(at: user, isYours: details.isViewer, servesChats: type(of: router).servesChats)
        var actions: [Action] = []
        for action in Action.allCases {
            let isOffered =
                switch action {
                case .close: !details.isViewer
                case .befriend: !details.isViewer && !details.isFriend
                case .unfriend: !details.isViewer && details.isFriend
                default: offered.contains(action.rawValue)
                }
            if isOffered { actions.append(action) }
        }
        madeActions = actions
        return actions
    }

    /// The actions the table offers at `user`'s profile (`offers(at:isYours:host:)`), by name.
    private static func offered(at user: UserID, isYours: Bool, servesChats: Bool) -> [String] {
        isYours ? [Action.edit.rawValue] : servesChats ? [Action.message.rawValue] : []
    }

    /// What each action opens from `place`, on a host like `host`, one route each: what the
    /// screen offers, and what a link may follow from it. Your own profile offers `edit` (the
    /// editor), someone else's `message` (a chat with them, and no one else). Whose profile is
    /// yours is known only once someone signs in: until then (`isYours` is `nil`) both are
    /// offered, and a guarded link is decided again when it opens after sign-in. A host without
    /// chats (`ProfileWithoutChats`) offers no `message`.
    static func offers<Host: ProfileRouting>(at place: ProfilePlace, isYours: Bool?, host: Host.Type) -> [Offer<
        Host.Places
    >] {
        let yours = place == .me || isYours != false
        let user: UserID? = if case .profile(let user) = place { user } else { nil }
        let theirs = host.servesChats ? user.flatMap { isYours == true ? nil : $0 } : nil
        return Action.allCases.compactMap { action -> Offer<Host.Places>? in
            switch action {
            case .edit: yours ? Offer(action, host.openBioEditor()) : nil
            case .message: theirs.map { Offer(action, host.openChat(with: $0)) }
            case .close, .befriend, .unfriend: nil
            }
        }
    }

    public func perform(_ action: Action, argument: String) async {
        do {
            switch action {
            case .close: return try router.close()
            case .befriend, .unfriend:
                try await interactor.setFriendship(with: user, areFriends: action == .befriend)
                return try await load()
            // Every other action follows the route its offer names, from the same table the screen
            // offers and links follow: an action added later needs no line here.
            case .edit, .message: try await router.follow(action.rawValue, argument: [])
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
        if let madeLines { return madeLines }
        let lines = makeLines()
        madeLines = lines
        return lines
    }

    private func makeLines() -> [ScreenContent.Line] {
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
