import Console
import Domain

/// What a Profile screen tells its presenter.
@MainActor
protocol ProfileViewListener: AnyObject {
    func messageRequested() async
    func editRequested() async
    func closeRequested()
    /// The screen is shown again after another was on top.
    func appearing() async
}

/// What the Profile screens have in common: the commands, and what the presenter gives them.
/// The two screens differ in how they draw a profile: `ProfileView`, the classic one, and
/// `ProfileCardView`, the new one behind the `profile.v2` flag. Profile's router is a
/// `Router<ProfileScreen>`, so it runs either.
public class ProfileScreen: ConsoleScreen {
    public let title: String
    /// Whose profile this is.
    public let user: UserID
    public var feedback = ScreenFeedback()
    /// Someone else's profile: chat with them, or close it. Your own: edit your bio.
    public var commands: [CommandSpec] {
        model?.isViewer == true
            ? [CommandSpec("edit", summary: "edit your bio")]
            : [
                CommandSpec("message", summary: "chat with this user"),
                CommandSpec("close", summary: "close this profile"),
            ]
    }

    let listener: any ProfileViewListener
    private(set) var model: ProfileViewModel?

    init(user: UserID, listener: any ProfileViewListener) {
        title = "Profile \(user)"
        self.user = user
        self.listener = listener
    }

    /// Drawn by each screen its own way.
    public var body: [String] { [] }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "message": await listener.messageRequested()
        case "edit": await listener.editRequested()
        case "close": listener.closeRequested()
        default: feedback.error("Profile has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func backRequested() async {
        listener.closeRequested()
    }

    public func willAppear() async {
        await listener.appearing()
    }
}

extension ProfileScreen: ProfilePresentable {
    func display(_ model: ProfileViewModel) {
        self.model = model
        feedback.setNeedsRender()
    }

    func show(error: String) {
        feedback.error(error)
    }
}

/// The classic Profile screen: name and handle, bio, and how the user relates to you, in three
/// lines.
public final class ProfileView: ProfileScreen {
    override public var body: [String] {
        guard let model else { return [] }
        let mutual =
            switch model.mutualFriends {
            case nil: ""
            case let names? where names.isEmpty: " No mutual friends."
            case let names?: " Mutual friends: \(names.joined(separator: ", "))."
            }
        return [
            "\(model.name) (\(model.handle))",
            model.bio.map { "\"\($0)\"" } ?? "No bio yet.",
            model.relation + mutual,
        ]
    }
}

/// The new Profile screen (flag `profile.v2`): a card, with the mutual friends counted and
/// listed one per line.
public final class ProfileCardView: ProfileScreen {
    override public var body: [String] {
        guard let model else { return [] }
        var lines = [
            "\(model.name)  \(model.handle)",
            model.bio ?? "No bio yet.",
            model.relation,
        ]
        if let names = model.mutualFriends {
            lines.append("Mutual friends (\(names.count))" + (names.isEmpty ? "" : ":"))
            lines += names.map { "  - \($0)" }
        }
        let width = lines.map(\.count).max() ?? 0
        let rule = "+" + String(repeating: "-", count: width + 2) + "+"
        return [rule] + lines.map { "| " + $0 + String(repeating: " ", count: width - $0.count) + " |" } + [rule]
    }
}
