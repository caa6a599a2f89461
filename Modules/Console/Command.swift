import Domain

/// One line of input addressed to a screen: a command word and the text after it.
public struct Command: Hashable, Sendable {
    /// The first word, lowercased: `send`.
    public let name: String
    /// Everything after the first word, trimmed: `hello there`; empty when there is nothing.
    public let argument: String

    init(name: String, argument: String) {
        self.name = name
        self.argument = argument
    }

    /// Splits a line into its command word and argument.
    /// - Returns: `nil` for a line with nothing but spaces.
    public init?(_ line: String) {
        if let ascii = Self.splitASCII(line) {
            guard let (name, argument) = ascii else { return nil }
            (self.name, self.argument) = (name, argument)
            return
        }
        let line = line.trimmingWhitespace()
        guard !line.isEmpty else { return nil }
        let end = line.firstIndex { $0.isSpace } ?? line.endIndex
        name = line[..<end].lowercased()
        argument = String(line[end...].trimmingWhitespace())
    }

    /// The split of a line of ASCII, on its bytes (a `Character` costs a walk of Unicode's
    /// grapheme rules, and every command is split): `.some(nil)` for a blank line; `nil` when
    /// the line is not ASCII, for the general split.
    private static func splitASCII(_ line: String) -> (name: String, argument: String)?? {
        var line = line
        return line.withUTF8 { bytes -> (name: String, argument: String)?? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = 0
            var end = bytes.count
            for byte in bytes where byte >= 0x80 { return nil }
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end else { return .some(nil) }
            var nameEnd = start
            while nameEnd < end, !isSpace(bytes[nameEnd]) { nameEnd += 1 }
            var argumentStart = nameEnd
            while argumentStart < end, isSpace(bytes[argumentStart]) { argumentStart += 1 }
            // Lowercased as it is copied: no lazy view, which `String(decoding:)` would cast at run
            // time to look for contiguous bytes.
            let name = String(unsafeUninitializedCapacity: nameEnd - start) { name in
                for index in start..<nameEnd {
                    let byte = bytes[index]
                    name[index - start] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
                return nameEnd - start
            }
            return (name, String(decoding: bytes[argumentStart..<end], as: UTF8.self))
        }
    }

    /// The argument's words: `["Dan", "Brown"]`.
    public var words: [Substring] { argument.split { $0.isSpace } }
}
