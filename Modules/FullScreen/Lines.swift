import Console
import Navigation

/// What the console writes, while the full-screen front draws the screens: kept until the front
/// shows it, line by line; an unfinished line is a prompt the console waits on.
@MainActor
public final class MessageBuffer: TextOutput {
    private var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }

    public func flush() {}

    /// The finished lines written since the last take.
    public func take() -> [String] {
        guard let end = text.lastIndex(of: "\n") else { return [] }
        let lines = text[..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        text = String(text[text.index(after: end)...])
        return lines
    }

    /// The unfinished line: a prompt the console wrote before it reads.
    public func takePrompt() -> String {
        defer { text = "" }
        return text
    }

    /// Everything left, finished or not: the session's last words.
    public func takeAll() -> [String] {
        defer { text = "" }
        return text.split(separator: "\n").map(String.init)
    }
}

/// Where the console reads the answer to a question and a password, when the full-screen front
/// draws the screens: a line typed at the bottom of the screen, after the console's prompt. A
/// password shows as stars; Esc answers "no" to a question and an empty password.
@MainActor
public final class PromptLine<Places: AppPlaces>: LineSource {
    private unowned let front: ScreenFront<Places>

    init(front: ScreenFront<Places>) {
        self.front = front
    }

    public var isInteractive: Bool { true }

    public func readLine() -> RawLine? {
        // Finished lines (an error about the last answer) are messages; the rest is the prompt.
        front.collectMessages()
        let prompt = front.messages.takePrompt()
        return front.readLine(prompt: prompt, isSecret: false, escape: "no").map(RawLine.init)
    }

    public func readSecretLine() -> RawLine? {
        front.collectMessages()
        let prompt = front.messages.takePrompt()
        return front.readLine(prompt: prompt, isSecret: true, escape: "").map(RawLine.init)
    }

    /// The full-screen front reads its own keys while a load waits.
    public func hasLineReady() -> Bool { false }
}
