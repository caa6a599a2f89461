/// What a screen shows and the actions it offers, as a plain value: every front renders it its
/// own way (`workflow`'s screens as values). Two contents are equal when a front would draw them
/// the same, so a front redraws only what changed.
public struct ScreenContent: Hashable, Sendable {
    /// A line of what the screen shows.
    public enum Line: Hashable, Sendable {
        /// Text, as it is.
        case text(String)
        /// An entry of the screen's list, which a front numbers from 1 for an action that takes
        /// an item (`ScreenContent.Action.takesItem`).
        case item(String)
    }

    /// An action the screen offers: a command in the console, a button or a key elsewhere.
    public struct Action: Hashable, Sendable {
        /// The word that names it, lowercase: `profile`.
        public let name: String
        /// What it takes after it.
        public let argument: ActionArgument
        /// What it does, in a few words.
        public let summary: String
        /// The action as typed: `profile <n>`; made once, as a front reads it at every draw.
        public let usage: String

        public init(_ name: String, _ argument: ActionArgument = .none, summary: String) {
            self.name = name
            self.argument = argument
            self.summary = summary
            usage = argument.usage.isEmpty ? name : "\(name) \(argument.usage)"
        }

        /// The case `action` of a presenter's `Action` enum, as a front lists it.
        @inlinable
        public init<A: ScreenAction>(_ action: A) {
            self.init(action.rawValue, action.argument, summary: action.summary)
        }
    }

    public var lines: [Line]
    public var actions: [Action]
    /// Whether a front with fewer rows than lines shows the last ones first, as a conversation is
    /// read (a chat); else the first.
    public var opensAtEnd: Bool

    public init(lines: [Line] = [], actions: [Action] = [], opensAtEnd: Bool = false) {
        self.lines = lines
        self.actions = actions
        self.opensAtEnd = opensAtEnd
    }

    /// The texts of the items, in order: what an action that takes an item numbers.
    public var items: [String] {
        lines.compactMap { if case .item(let text) = $0 { text } else { nil } }
    }
}

/// What an action takes after it.
public enum ActionArgument: Hashable, Sendable {
    /// Nothing.
    case none
    /// Text, written as `placeholder` (`<text>`, `<username>`); the presenter reads it.
    case text(String)
    /// The number of one of the screen's items, a `noun` (`friend`): a front may let the user
    /// choose the item instead.
    case item(String)
    /// A number the screen shows some other way, of a `noun` (`link`), found `from` somewhere.
    case number(String, from: String)

    /// How it is written: `<n>`, `<text>`, or empty for none.
    public var usage: String {
        switch self {
        case .none: ""
        case .text(let placeholder): placeholder
        case .item, .number: "<n>"
        }
    }
}

/// What a screen has to tell the user since a front last asked (errors, notices), each once. The
/// screen owns it and its window hears of it: when the first line arrives, the window's
/// `FeedbackBoard` notes it, so a front takes lines only from a screen that has some, instead of
/// asking every screen after every command.
@MainActor
public final class ScreenFeedback {
    public enum Line: Sendable {
        /// Something went wrong, and nothing changed; the front words the error.
        case error(any Error)
        /// Something the user should hear, in the feature's words.
        case notice(String)
    }

    public private(set) var lines: [Line] = []
    /// The board of the window the screen is in (`Window.feedback`), once it arrived there.
    weak var board: FeedbackBoard?

    public init() {}

    /// The feedback of every screen that never says anything: it keeps no line, and no window
    /// lists it.
    public static let silent = ScreenFeedback()

    /// Whether it is `silent`, which keeps nothing said to it.
    private var isSilent: Bool { self === Self.silent }

    public func error(_ error: any Error) {
        // A load the user stopped is not a failure to report: the front that stopped it said so.
        if case RoutingError.stopped = error { return }
        add(.error(error))
    }

    public func notice(_ text: String) {
        add(.notice(text))
    }

    /// Hands the lines over, and starts afresh.
    public func take() -> [Line] {
        guard !lines.isEmpty else { return [] }
        defer {
            lines = []
            board?.taken(self)
        }
        return lines
    }

    private func add(_ line: Line) {
        guard !isSilent else { return }
        if lines.isEmpty { board?.waiting.append(self) }
        lines.append(line)
    }

    /// The screen left the window whose board is `board`: what it says from now on is taken
    /// by whoever holds it (a front that saw it leave while it acted), not listed there.
    func detach(from board: FeedbackBoard) {
        guard self.board === board else { return }
        self.board = nil
        board.taken(self)
    }

    /// The screen arrived in the window whose board is `board`.
    func attach(to board: FeedbackBoard) {
        guard !isSilent, self.board !== board else { return }
        self.board = board
        if !lines.isEmpty { board.waiting.append(self) }
    }
}

/// A window's note of which screens have something to say: a front reads `waiting` after a
/// command and takes lines only if it holds any.
@MainActor
public final class FeedbackBoard {
    /// The feedback holding lines no front has taken, in the order their first lines came.
    public internal(set) var waiting: [ScreenFeedback] = []

    func taken(_ feedback: ScreenFeedback) {
        waiting.removeAll { $0 === feedback }
    }
}

/// An error that is its own words (a number not on the list), so no front rewords it.
public struct InputRefused: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
