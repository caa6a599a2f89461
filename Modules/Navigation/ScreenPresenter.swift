/// The logic of a feature's screen (VIPER's presenter), and the screen itself: it says what it
/// shows as values, takes its user's actions, and asks its router to navigate; what a front reads
/// of a `Screen` comes from these typed members. It owns its interactor and router.
@MainActor
public protocol ScreenPresenter: Screen {
    /// The actions the screen can offer, one case each: the help text, the command list and the
    /// exhaustive `switch` in `perform(_:argument:)` come from this one declaration. A screen
    /// that offers none declares nothing: `back` still leaves it.
    associatedtype Action: ScreenAction = NoAction

    /// What the screen shows now.
    var lines: [ScreenContent.Line] { get }
    /// The actions it offers now, in the order a front lists them; all of them by default.
    var actions: [Action] { get }
    /// What it has to say once, taken by a front after the action.
    var feedback: ScreenFeedback { get }

    /// The user chose `action`, one of `actions`, with `argument` (empty for none).
    func perform(_ action: Action, argument: String) async
}

extension ScreenPresenter {
    @inlinable
    public var actions: [Action] { Array(Action.allCases) }

    @inlinable
    public var content: ScreenContent {
        ScreenContent(lines: lines, actions: actions.map(ScreenContent.Action.init))
    }

    @inlinable
    public var availableActions: [ScreenContent.Action] {
        actions.map(ScreenContent.Action.init)
    }

    @inlinable
    public func availableAction(named name: String) -> ScreenContent.Action? {
        guard let action = Action(rawValue: name), actions.contains(action) else { return nil }
        return ScreenContent.Action(action)
    }

    @inlinable
    public func isDestructive(_ name: String) -> Bool { Action(rawValue: name)?.isDestructive ?? false }

    /// Performs the action named `action` if the screen offers it now; else nothing.
    @inlinable
    public func perform(_ action: String, argument: String) async {
        guard let chosen = Action(rawValue: action), actions.contains(chosen) else { return }
        await perform(chosen, argument: argument)
    }
}

extension ScreenPresenter where Action == NoAction {
    public func perform(_ action: NoAction, argument: String) async {}
}

/// An action a screen can offer, as a case of a presenter's enum: its raw value is the word that
/// names it (`profile`).
public protocol ScreenAction: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What it takes after it; nothing by default.
    var argument: ActionArgument { get }
    /// What it does, in a few words.
    var summary: String { get }
    /// Whether it takes away what going back does not bring back; `false` by default
    /// (`Screen.isDestructive(_:)`).
    var isDestructive: Bool { get }
}

extension ScreenAction {
    public var argument: ActionArgument { .none }
    public var isDestructive: Bool { false }
}

/// The actions of a screen that offers none (a page that only shows something): there are no
/// values of it, so a front lists nothing and the presenter writes no `perform`.
public enum NoAction: ScreenAction {
    public init?(rawValue: String) { nil }
    public var rawValue: String {
        switch self {}
    }
    public static var allCases: [NoAction] { [] }
    public var summary: String {
        switch self {}
    }
}
