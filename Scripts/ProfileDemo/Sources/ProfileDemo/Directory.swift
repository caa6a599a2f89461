import Domain
import Navigation
import Profile

/// What this program's own screen shows: its own place type, as each of Waypoint's features has.
enum DirectoryPlace: FeaturePlace {
    case directory

    var title: String { "Directory" }
}

/// The directory, declared: the first screen, whose `profile <handle>` opens anyone's profile.
enum DirectoryFeature: Feature {
    typealias Place = DirectoryPlace
    typealias Places = DemoPlace

    static var name: String { "Directory" }
    static func embed(_ place: DirectoryPlace) -> DemoPlace { .directory }
    static func link(of place: DirectoryPlace) -> PlaceLink { PlaceLink("directory") }
    static func access(of place: DirectoryPlace) -> PlaceAccess { .unguarded }
    static func policy(of place: DirectoryPlace) -> LoadPolicy? { nil }

    static func offers(at place: DirectoryPlace, in services: ProfileServices) -> [Offer<DemoPlace>] {
        [Offer(DirectoryPresenter.Action.profile, any: LinkParameter(UserID.link), DirectoryRouter.openProfile)]
    }

    static func check(_ place: DirectoryPlace, in environment: DemoPlace.Environment) async throws {}

    static func open(_ place: DirectoryPlace, checking: Checking<Void>, in opening: Opening<DemoPlace>) throws
        -> ModuleLoad
    {
        let router = DirectoryRouter(place: .directory)
        let screen = DirectoryPresenter(
            router: router, viewer: DemoData.alice, people: DemoData.standard.accounts.map(\.user))
        return try opening.open(screen, of: router)
    }
}

/// The directory's logic: it lists the people and turns `profile <handle>` into Profile's route.
@MainActor
final class DirectoryPresenter: ScreenPresenter {
    enum Action: String, ScreenAction {
        case profile

        var argument: ActionArgument { .text("<handle>") }
        var summary: String { "open someone's profile" }
    }

    let title = "Directory"
    let feedback = ScreenFeedback()
    private let router: DirectoryRouter
    private let viewer: User
    private let people: [User]

    init(router: DirectoryRouter, viewer: User, people: [User]) {
        self.router = router
        self.viewer = viewer
        self.people = people
    }

    var lines: [ScreenContent.Line] {
        [.text("Signed in as \(viewer.name) (\(viewer.id)). People:")]
            + people.map { .text("  \("\($0.id)".padding(to: 8))\($0.name)") }
    }

    func perform(_ action: Action, argument: String) async {
        let user: UserID
        do {
            user = try UserID(validating: argument.replacing("@", with: ""))
        } catch {
            feedback.error(InputRefused("\"\(argument)\" is not a handle: \(error); try: profile bob"))
            return
        }
        do {
            try await router.follow(action.rawValue, argument: [user.linkSegment])
        } catch {
            feedback.error(error)
        }
    }

    func backRequested() async -> Bool {
        feedback.error(InputRefused("the directory is the first screen; type quit to leave"))
        return true
    }
}

extension String {
    /// The string with spaces after it up to `width` characters, and at least one.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
