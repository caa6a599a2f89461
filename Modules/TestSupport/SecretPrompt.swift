import Console

/// A `CommandContext` that answers secret prompts from a list and remembers the prompts.
public final class SecretPrompt: CommandContext {
    private var secrets: [String]
    /// The prompts shown, in order.
    public private(set) var prompts: [String] = []

    /// - Parameter secrets: the answers, in order; once they run out, prompts get `nil`, as at
    ///   the end of input.
    public init(_ secrets: [String] = []) {
        self.secrets = secrets
    }

    public func readSecret(prompt: String) -> String? {
        prompts.append(prompt)
        return secrets.isEmpty ? nil : secrets.removeFirst()
    }
}
