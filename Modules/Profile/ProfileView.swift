import Console
import Domain

/// What the Profile screen tells its presenter.
@MainActor
protocol ProfileViewListener: AnyObject {
    func messageRequested() async
    func closeRequested()
}

/// A user's profile: name, handle, bio, and how they relate to the signed-in user.
public final class ProfileView: ConsoleScreen {
    public let title: String
    public var feedback = ScreenFeedback()
    public let commands = [
        CommandSpec("message", summary: "chat with this user"),
        CommandSpec("close", summary: "close this profile"),
    ]

    let listener: any ProfileViewListener
    private var model = ProfileViewModel(lines: [])

    init(user: UserID, listener: any ProfileViewListener) {
        title = "Profile \(user)"
        self.listener = listener
    }

    public var body: [String] { model.lines }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "message": await listener.messageRequested()
        case "close": listener.closeRequested()
        default: feedback.error("Profile has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}

extension ProfileView: ProfilePresentable {
    func display(_ model: ProfileViewModel) {
        self.model = model
        feedback.setNeedsRender()
    }

    func show(error: String) {
        feedback.error(error)
    }
}
