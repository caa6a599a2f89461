import Domain
import Navigation
import Profile

/// What this program's own screen shows: its own place type, as each of Waypoint's features has.
enum DemoPlace: Place {
    case directory

    var title: String { "Directory" }
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
    var feedback = ScreenFeedback()
    private let router: any ProfileRoute
    private let viewer: User
    private let people: [User]

    init(router: any ProfileRoute, viewer: User, people: [User]) {
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
            try await router.open(DirectoryRouter.openProfile(for: user))
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
