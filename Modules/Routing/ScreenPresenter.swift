/// The logic of a feature's screen (the presenter of VIPER): it says what the screen shows as
/// values, takes the actions its user chooses, and asks its router to navigate. A feature writes
/// its presenter and nothing a front draws: `ScreenView` puts any presenter on screen.
@MainActor
public protocol ScreenPresenter: AnyObject {
    /// The actions the screen can offer, one case each: the help text, the command list and the
    /// exhaustive `switch` in `perform(_:argument:)` come from this one declaration. A screen
    /// that offers none declares nothing: `back` still leaves it.
    associatedtype Action: ScreenAction = NoAction

    /// The screen's title, as a breadcrumb shows it: "Chat @bob".
    var title: String { get }
    /// What the screen shows now.
    var lines: [ScreenContent.Line] { get }
    /// The actions it offers now, in the order a front lists them; all of them by default.
    var actions: [Action] { get }
    /// What it has to say once, taken by the front after every action.
    var feedback: ScreenFeedback { get set }

    /// The user chose `action`, one of `actions`, with `argument` (empty for none).
    func perform(_ action: Action, argument: String) async
    /// The screen is on top again after another one was; by default, nothing happens.
    func reappearing() async
    /// The user asked to go back. A presenter that goes back its own way (an editor that asks
    /// first and says what it kept) does so and returns `true`; by default it returns `false`,
    /// and the front closes the module through its router.
    func backRequested() async -> Bool
    /// A link named the screen's place with query items: apply them; by default, nothing.
    /// - Returns: whether what the screen shows changed.
    func receive(_ query: QueryItems) -> Bool
    /// The query items that are part of what the screen shows now; none by default.
    var query: QueryItems { get }
}

extension ScreenPresenter {
    public var actions: [Action] { Array(Action.allCases) }
    public func reappearing() async {}
    public func backRequested() async -> Bool { false }
    public func receive(_ query: QueryItems) -> Bool { false }
    public var query: QueryItems { QueryItems() }
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
}

extension ScreenAction {
    public var argument: ActionArgument { .none }
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

/// A feature's screen: its presenter, on screen. The window owns it, and it owns the presenter
/// (which owns its interactor and its router); a front reads its `content` and hands it the
/// actions its user chooses. A feature names its screen type with a typealias
/// (`public typealias ChatView = ScreenView<ChatPresenter>`), and routers are typed by it.
@MainActor
public final class ScreenView<Presenter: ScreenPresenter>: Screen {
    public let presenter: Presenter

    public init(_ presenter: Presenter) {
        self.presenter = presenter
    }

    public var title: String { presenter.title }

    public var content: ScreenContent {
        ScreenContent(lines: presenter.lines, actions: actions)
    }

    public var actions: [ScreenContent.Action] {
        presenter.actions.map { ScreenContent.Action($0.rawValue, $0.argument, summary: $0.summary) }
    }

    public func takeFeedback() -> ScreenFeedback {
        presenter.feedback.take()
    }

    public func perform(_ action: String, argument: String) async {
        guard let chosen = Presenter.Action(rawValue: action), presenter.actions.contains(chosen) else { return }
        await presenter.perform(chosen, argument: argument)
    }

    public func reappearing() async {
        await presenter.reappearing()
    }

    public func backRequested() async -> Bool {
        await presenter.backRequested()
    }

    public func receive(_ query: QueryItems) -> Bool {
        presenter.receive(query)
    }

    public var query: QueryItems { presenter.query }
}

extension ScreenView: LeaveConfirming where Presenter: LeaveConfirming {
    public var asksBeforeLeaving: Bool { presenter.asksBeforeLeaving }
    public func confirmLeaving() async -> Bool { await presenter.confirmLeaving() }
}

extension ScreenView: StateRestoring where Presenter: StateRestoring {
    public var restorableState: String? { presenter.restorableState }
    public func restore(_ state: String) { presenter.restore(state) }
}
