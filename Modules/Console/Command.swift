/// One line of input addressed to a screen: a command word and the text after it.
public struct Command: Hashable, Sendable {
    /// The first word, lowercased: `send`.
    public let name: String
    /// Everything after the first word, trimmed: `hello there`; empty when there is nothing.
    public let argument: String

    /// Splits a line into its command word and argument.
    /// - Returns: `nil` for a line with nothing but spaces.
    public init?(_ line: String) {
        let line = line.trimmingWhitespace()
        guard !line.isEmpty else { return nil }
        let end = line.firstIndex { $0.isSpace } ?? line.endIndex
        name = line[..<end].lowercased()
        argument = String(line[end...].trimmingWhitespace())
    }

    /// The argument's words: `["Dan", "Brown"]`.
    public var words: [Substring] { argument.split { $0.isSpace } }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isSpace } ?? endIndex
        let end = lastIndex { !$0.isSpace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}

extension Character {
    /// `isWhitespace`, answered without Unicode's tables for ASCII, the usual case.
    var isSpace: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return isWhitespace
    }
}
