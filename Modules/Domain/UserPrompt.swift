/// How a feature asks the user something: a yes-or-no question (before unsaved work is
/// discarded), or a secret (a password). The front answers it: the console prints the question
/// and reads the answer from the next line; a UIKit front presents an alert or a secure field and
/// waits.
@MainActor
public protocol UserPrompt: AnyObject, Sendable {
    /// Asks `question` and waits for the answer.
    /// - Returns: `true` for yes; `false` for no, or when there is nobody to answer.
    func confirm(_ question: String) async -> Bool

    /// Asks for a secret, such as a password: the front does not show it as it is typed, and
    /// never prints it.
    /// - Parameter label: what is asked for: "Password".
    /// - Returns: the secret, or `nil` when there is none (nobody to answer, the end of input, or
    ///   input the front has refused and said why).
    func secret(_ label: String) async -> String?
}

/// The prompt of a program without a front that asks (a test, a batch job): every answer is no,
/// so nothing is given up that nobody agreed to give up.
@MainActor
public final class NoOneToAsk: UserPrompt {
    public init() {}

    public func confirm(_ question: String) async -> Bool { false }

    public func secret(_ label: String) async -> String? { nil }
}
