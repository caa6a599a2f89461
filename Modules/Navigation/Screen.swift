/// Something a front shows: the role a view controller plays in UIKit. It says what it shows
/// and offers as a value (`content`) and takes the action a user chose (`perform`); it knows no
/// front. A feature's screen is its presenter (`ScreenPresenter`), so a feature holds no front
/// code. The core needs only a title; the rest has defaults, so a test's stand-in is one line.
@MainActor
public protocol Screen: AnyObject {
    /// A short name that tells screens apart on the same stack: "Friends", "Chat @bob".
    var title: String { get }

    /// What the screen shows, and the actions it offers now.
    var content: ScreenContent { get }

    /// The actions it offers now, without making the lines: what a front takes commands by.
    var availableActions: [ScreenContent.Action] { get }

    /// The action named `name` among those it offers now, without making the others.
    func availableAction(named name: String) -> ScreenContent.Action?

    /// Whether the action named `name` takes away what going back does not bring back
    /// (unfriending): a front that runs an action from one key or tap asks first, as UIKit's
    /// destructive alert does; typed in whole, it runs. Asked only then, so listing costs nothing.
    func isDestructive(_ name: String) -> Bool

    /// What the screen has to tell the user (errors, notices), each line once: a front takes
    /// it (`take()`) when its window's board says it holds any.
    var feedback: ScreenFeedback { get }

    /// The user chose the action named `action`, with `argument`, the text after it (or empty).
    func perform(_ action: String, argument: String) async

    /// The screen is on top again after another was (not when it first arrives): a screen whose
    /// content may have changed meanwhile reloads.
    func reappearing() async

    /// The user asked to go back: a screen that goes back its own way does and returns `true`;
    /// by default `false`, and the front closes the module through its router.
    func backRequested() async -> Bool

    /// What asks before the screen leaves, keeps its state beyond its place, takes query items,
    /// and takes the answers of places it opens to ask: the screen itself when it adopts
    /// `LeaveConfirming`, `StateRestoring`, `QueryReceiving` or `AnswerReceiving`, else nothing.
    /// Facts of the screen's type, read without a cast.
    var leaveConfirming: (any LeaveConfirming)? { get }
    var stateRestoring: (any StateRestoring)? { get }
    var queryReceiving: (any QueryReceiving)? { get }
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
    /// A screen that never says anything needs no feedback of its own: it has `silent`'s. A
    /// screen that does declares `let feedback = ScreenFeedback()`.
    public var feedback: ScreenFeedback { .silent }
    public func isDestructive(_ name: String) -> Bool { false }
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
