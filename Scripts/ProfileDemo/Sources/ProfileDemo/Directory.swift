import Console
import Domain
import Profile

/// The program's own first screen: the people whose profiles you can open.
final class DirectoryView: ConsoleScreen {
    let title = "Directory"
    var feedback = ScreenFeedback()
    let commands = [CommandSpec("profile", "<handle>", summary: "open someone's profile")]
    let presenter: DirectoryPresenter

    init(presenter: DirectoryPresenter) {
        self.presenter = presenter
    }

    var body: [String] {
        ["Signed in as Alice Liddell (@alice). People:"]
            + presenter.people.map { "  \("\($0.id)".padding(to: 8))\($0.name)" }
    }

    func handle(_ command: Command, in context: any CommandContext) async {
        do {
            await presenter.profileRequested(for: try UserID(validating: command.argument.replacing("@", with: "")))
        } catch {
            feedback.error("\"\(command.argument)\" is not a handle: \(error); try: profile bob")
        }
    }

    func backRequested() async {
        feedback.error("the directory is the first screen; type quit to leave")
    }
}

/// Turns the directory's requests into routes, and shows a route's error.
@MainActor
final class DirectoryPresenter {
    weak var view: DirectoryView?
    let router: any ProfileRoute
    let people: [User]

    init(router: any ProfileRoute, people: [User]) {
        self.router = router
        self.people = people
    }

    func profileRequested(for user: UserID) async {
        do {
            try await router.openProfile(for: user)
        } catch {
            view?.feedback.error("\(error)")
        }
    }
}

extension String {
    /// The string with spaces after it up to `width` characters, and at least one.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
