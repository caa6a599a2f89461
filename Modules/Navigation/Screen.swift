/// Something a front shows: the role a view controller plays in UIKit.
///
/// A screen says what it shows and which actions it offers as a value (`content`), and takes
/// the action a user chose (`perform`). It knows no front: the line console prints the content,
/// a full-screen front draws it, a UIKit front would lay it out in a view controller. A feature's
/// screen is its presenter (`ScreenPresenter`), which says all of this from typed actions, so a
/// feature holds no front code at all.
///
/// The routing core itself needs only a title, for breadcrumbs and state dumps; everything else
/// has a default, so a test's stand-in screen is one line.
@MainActor
public protocol Screen: AnyObject {
    /// A short name that tells screens apart on the same stack: "Friends", "Chat @bob".
    var title: String { get }

    /// What the screen shows, and the actions it offers now.
    var content: ScreenContent { get }

    /// The actions it offers now: `content.actions`, without making the lines (what a front
    /// needs to take a command).
    var availableActions: [ScreenContent.Action] { get }

    /// The action named `name` among those it offers now, if it is one: what a front looks up
    /// for each command, without making the others.
    func availableAction(named name: String) -> ScreenContent.Action?

    /// What the screen has to tell the user since a front last asked (errors, notices), once:
    /// the front takes it after every action.
    func takeFeedback() -> ScreenFeedback

    /// The user chose the action named `action` among `content.actions`, with `argument`, the
    /// text that followed it (empty for none).
    func perform(_ action: String, argument: String) async

    /// The screen is on top again after another one was (a screen above it closed, its tab was
    /// shown again): a screen whose content may have changed meanwhile reloads. Not called when
    /// the screen first arrives: its provider has just loaded it.
    func reappearing() async

    /// The user asked to go back: a screen that goes back its own way does so and returns
    /// `true`; by default it returns `false`, and the front closes the module through its
    /// router (`closeAsking()`).
    func backRequested() async -> Bool

    /// What asks before the screen leaves: the screen itself when it adopts `LeaveConfirming`,
    /// else nothing. A fact of the screen's type, read without a cast.
    var leaveConfirming: (any LeaveConfirming)? { get }

    /// What keeps state for the screen beyond its place: the screen itself when it adopts
    /// `StateRestoring`, else nothing.
    var stateRestoring: (any StateRestoring)? { get }

    /// What takes query items for the screen and shows some (`QueryReceiving`): the screen
    /// itself when it adopts it, else nothing.
    var queryReceiving: (any QueryReceiving)? { get }

    /// What takes the answers of the places the screen's actions open to ask (`AnswerReceiving`):
    /// the screen itself when it adopts it, else nothing.
    var answerReceiving: (any AnswerReceiving)? { get }
}

extension Screen {
    public var leaveConfirming: (any LeaveConfirming)? { nil }
    public var stateRestoring: (any StateRestoring)? { nil }
    public var queryReceiving: (any QueryReceiving)? { nil }
    public var answerReceiving: (any AnswerReceiving)? { nil }
    public func backRequested() async -> Bool { false }
    public var content: ScreenContent { ScreenContent() }
    public var availableActions: [ScreenContent.Action] { content.actions }
    public func availableAction(named name: String) -> ScreenContent.Action? {
        availableActions.first { $0.name == name }
    }
    public func takeFeedback() -> ScreenFeedback { ScreenFeedback() }
    public func perform(_ action: String, argument: String) async {}
    public func reappearing() async {}
}

extension Screen where Self: LeaveConfirming {
    public var leaveConfirming: (any LeaveConfirming)? { self }
}

extension Screen where Self: StateRestoring {
    public var stateRestoring: (any StateRestoring)? { self }
}

extension Screen where Self: QueryReceiving {
    public var queryReceiving: (any QueryReceiving)? { self }
}

extension Screen where Self: AnswerReceiving {
    public var answerReceiving: (any AnswerReceiving)? { self }
}
