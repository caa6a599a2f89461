/// What a place that answers (a picker) gave the screen that asked: the screen before it in the
/// window, whose action opened it. A flow that returns a value is three declared things, not a
/// closure: the place that asks, the place that answers (its kind says what it answers, and how
/// the answer is written), and this value, which a kept state can carry across a relaunch.
public struct Answer: Hashable, Sendable {
    /// The asking screen's action that opened the place that answered: `share`.
    public let action: String
    /// The answer, as its kind's spelling writes it (`carol`); `nil` when the place left without
    /// one (backed out, a link elsewhere, a tab switch, a sign-out).
    public let text: String?
    /// The durable record that keeps the answer until the asker's effect consumes it, in the
    /// same transaction that records that effect (`WindowHost.keep(asker:action:answer:)`);
    /// `nil` when nothing keeps it (no answer, or a host that keeps nothing).
    public let record: Int?

    public init(action: String, text: String?, record: Int? = nil) {
        self.action = action
        self.text = text
        self.record = record
    }

    /// The answer read by `spelling`, the one its place declares; `nil` for none, or for text the
    /// spelling does not read.
    public func value<Value>(as spelling: LinkParameter<Value>) -> Value? {
        text.flatMap { try? spelling.parse($0).get() }
    }
}

/// An answer kept for its asker: where the asker is (the link of its window's stack up to it:
/// `waypoint://friends/chat/bob`), its action, and the answer. What a host keeps before the place
/// that answered closes, and gives back after a relaunch if the asker never consumed it.
public struct KeptAnswer: Hashable, Sendable {
    public let asker: String
    public let action: String
    public let text: String
    /// The record's id in the host's store.
    public let record: Int

    public init(asker: String, action: String, text: String, record: Int) {
        self.asker = asker
        self.action = action
        self.text = text
        self.record = record
    }
}

/// A screen that asks: a place that answers, opened by one of its actions, gives it its answer,
/// once (``Answer``); with none when that place leaves without one.
@MainActor
public protocol AnswerReceiving: AnyObject {
    /// The answer to the question `answer.action` asked. A durable answer (`record` set) is
    /// consumed by the effect it has (a message sent), in one transaction with it.
    func receive(_ answer: Answer) async
}

/// The questions open in a window: each place that answers, the screen that asked and its action.
/// When a place that answers leaves without answering, its asker gets no answer.
@MainActor
public final class Questions {
    struct Question {
        weak var answerer: (any Screen)?
        weak var asker: (any Screen)?
        let action: String
    }

    private var open: [Question] = []

    /// How many questions wait for their answer.
    public var count: Int { open.count }

    /// `answerer`, a place that answers shown in `window`, was opened by `asker`'s `action`.
    func ask(_ answerer: any Screen, by asker: any Screen, action: String, in window: Window) {
        open.append(Question(answerer: answerer, asker: asker, action: action))
        window.publish(.awaitingReply(answerer))
    }

    /// The question `answerer` answers, if it is one: it is closed, so its place leaves with no
    /// decline; the window says it was answered once the place has left.
    func take(answeredBy answerer: any Screen) -> Question? {
        guard let index = open.firstIndex(where: { $0.answerer === answerer }) else { return nil }
        return open.remove(at: index)
    }

    /// `screen` left the window: a question it was to answer gets no answer.
    func left(_ screen: any Screen, in window: Window) {
        guard let index = open.firstIndex(where: { $0.answerer === screen }) else { return }
        let question = open.remove(at: index)
        window.publish(.replied(screen, answered: false))
        guard let asker = question.asker?.answerReceiving else { return }
        let declined = Answer(action: question.action, text: nil)
        _ = Loader.startAtOnce { @MainActor in await asker.receive(declined) }
    }
}
