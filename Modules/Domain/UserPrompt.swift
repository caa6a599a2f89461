/// How a feature asks the user a yes-or-no question (a question before unsaved work is
/// discarded). The front answers it: the console prints the question and reads the answer from
/// the next line; a UIKit front presents an alert and waits for the button tapped.
@MainActor
public protocol UserPrompt: AnyObject, Sendable {
    /// Asks `question` and waits for the answer.
    /// - Returns: `true` for yes; `false` for no, or when there is nobody to answer.
    func confirm(_ question: String) async -> Bool
}

/// The prompt of a program without a front that asks (a test, a batch job): every answer is no,
/// so nothing is given up that nobody agreed to give up.
@MainActor
public final class NoOneToAsk: UserPrompt {
    public init() {}

    public func confirm(_ question: String) async -> Bool { false }
}
