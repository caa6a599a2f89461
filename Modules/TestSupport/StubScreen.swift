import Navigation

/// A screen with nothing behind it: a stand-in for a module's screen in tests. It shows the
/// lines and offers the actions it is given, and records what a front asks of it.
@MainActor
public final class StubScreen: Screen, AnswerReceiving {
    public let title: String
    public var content: ScreenContent
    /// What to say on the next look, once.
    public let feedback = ScreenFeedback()
    /// What reached the screen, in order: each action as chosen (`"open 1"`), and `"back"` or
    /// `"reappearing"`.
    public private(set) var received: [String] = []
    /// Whether it goes back its own way (`backRequested()` returns `true`).
    public var handlesBack = false
    /// Its module's router, held as a presenter holds its own: the window holds it weakly.
    public var router: (any Closable)?
    /// The actions going back would not undo (`Screen.isDestructive(_:)`).
    public var destructive: Set<String> = []

    public init(_ title: String, lines: [String] = [], actions: [ScreenContent.Action] = []) {
        self.title = title
        content = ScreenContent(lines: lines.map { .text($0) }, actions: actions)
    }

    public func isDestructive(_ name: String) -> Bool { destructive.contains(name) }

    public func perform(_ action: String, argument: String) async {
        received.append(argument.isEmpty ? action : "\(action) \(argument)")
    }

    public func reappearing() async {
        received.append("reappearing")
    }

    public func backRequested() async -> Bool {
        received.append("back")
        return handlesBack
    }

    /// A place it opened answered: `"answer dave"`, or `"no answer"`.
    public func receive(_ answer: Answer) async {
        received.append(answer.text.map { "answer \($0)" } ?? "no answer")
    }
}
