import Domain

/// Answers a feature's questions from lists, as a user would, and records what was asked.
@MainActor
public final class ScriptedPrompt: UserPrompt {
    private var answers: [Bool]
    private var secrets: [String]
    /// Every question and secret asked for, in order: "Discard your unsaved bio?", "Password".
    public private(set) var asked: [String] = []

    /// - Parameters:
    ///   - answers: the yes-or-no answers, in order; once they run out, every answer is no.
    ///   - secrets: the secrets, in order; once they run out, there is none (`nil`), as at the
    ///     end of input.
    public init(answers: [Bool] = [], secrets: [String] = []) {
        self.answers = answers
        self.secrets = secrets
    }

    public func confirm(_ question: String) async -> Bool {
        asked.append(question)
        return answers.isEmpty ? false : answers.removeFirst()
    }

    public func secret(_ label: String) async -> String? {
        asked.append(label)
        return secrets.isEmpty ? nil : secrets.removeFirst()
    }
}
