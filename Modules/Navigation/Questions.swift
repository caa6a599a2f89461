/// What a place that answers (a picker) gave the screen that asked, whose action opened it. A
/// flow that returns a value is three declared things, not a closure: the asking place, the
/// answering place (its kind says what it answers and how it is written), and this value.
public struct Answer: Hashable, Sendable {
    /// The asking screen's action that opened the place that answered: `share`.
    public let action: String
    /// The answer, as its kind's spelling writes it (`carol`); `nil` when the place left without
    /// one (backed out, a link elsewhere, a tab switch, a sign-out).
    public let text: String?
    /// The durable record that keeps it until the asker's effect consumes it, in that effect's
    /// transaction (`WindowHost.keep(asker:action:answer:)`); `nil` when nothing keeps it.
    public let record: Int?

    public init(action: String, text: String?, record: Int? = nil) {
        self.action = action
        self.text = text
        self.record = record
    }

    /// The answer read by `spelling`, its place's; `nil` for none, or text it does not read.
    public func value<Value>(as spelling: LinkParameter<Value>) -> Value? {
        text.flatMap { try? spelling.parse($0).get() }
    }
}

/// An answer kept for its asker (where it is: `waypoint://friends/chat/bob`, its action, the
/// answer): what a host keeps before the place closes, and gives back after a relaunch.
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
    /// The answer to `answer.action`. A durable one (`record` set) is consumed in one
    /// transaction with its effect (a message sent).
    func receive(_ answer: Answer) async
}

/// The questions open in a window: each place that answers, its asker and action. One that
/// leaves without answering gives its asker no answer.
@MainActor
public final class Questions {
    /// A question open in the window: the screen that answers it, the one that asked, the
    /// asker's action, and the durable record that keeps it beyond this App, once it is kept.
    public struct Question {
        public private(set) weak var answerer: (any Screen)?
        public private(set) weak var asker: (any Screen)?
        public let action: String
        /// The host's record of the question (`WindowHost.answer(_:with:)`), once it is kept with
        /// where the user is; `nil` before: its answer is then kept when it is given.
        public internal(set) var record: Int?
    }

    /// The questions waiting for their answer, oldest first.
    public private(set) var open: [Question] = []
    /// Who keeps the questions beyond this App: told when one leaves unanswered. Held weakly, as
    /// the app owns it; the window's navigator sets it.
    weak var host: (any WindowHost)?

    /// How many questions wait for their answer.
    public var count: Int { open.count }

    /// Keeps `record` as the durable record of the question `answerer` answers: what a host that
    /// keeps questions (with where the user is) or brings one back sets.
    public func keep(_ record: Int, forQuestionAnsweredBy answerer: any Screen) {
        guard let index = open.firstIndex(where: { $0.answerer === answerer }) else { return }
        open[index].record = record
    }

    /// `answerer`, a place that answers, was opened by `asker`'s `action`.
    func ask(_ answerer: any Screen, by asker: any Screen, action: String) {
        open.append(Question(answerer: answerer, asker: asker, action: action, record: nil))
    }

    /// The question `answerer` answers, if any: closed, so its place leaves with no decline.
    func take(answeredBy answerer: any Screen) -> Question? {
        guard let index = open.firstIndex(where: { $0.answerer === answerer }) else { return nil }
        return open.remove(at: index)
    }

    /// `screen` left the window: a question it was to answer gets no answer (said by `replied`),
    /// and its record is forgotten (in every App that brought it back: it is closed).
    func left(_ screen: any Screen, replied: () -> Void) {
        guard let index = open.firstIndex(where: { $0.answerer === screen }) else { return }
        let question = open.remove(at: index)
        if let record = question.record { host?.forget(question: record) }
        replied()
        guard let asker = question.asker?.answerReceiving else { return }
        let declined = Answer(action: question.action, text: nil)
        _ = startAtOnce { @MainActor in await asker.receive(declined) }
    }
}
