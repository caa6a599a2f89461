/// A query item a place's kind declares, with its type: a link may name it after the place's
/// path (`chat/<user>?message=<int>`), and its value arrives typed at the place's screen.
public struct QueryParameter: Hashable, Sendable {
    /// What its value is.
    public enum Kind: Hashable, Sendable {
        /// A whole number within `range`.
        case int(ClosedRange<Int>)
        /// Text of at most `maxLength` characters, percent-encoded in the link where it needs it.
        case text(maxLength: Int)
    }

    /// Its name in a link: lowercase letters, digits and `-`, starting with a letter.
    public let name: String
    public let kind: Kind

    /// A whole number within `range`: `.int("message", 1...9_999)`.
    public static func int(_ name: String, _ range: ClosedRange<Int>) -> QueryParameter {
        QueryParameter(name: name, kind: .int(range))
    }

    /// Text of at most `maxLength` characters: `.text("search", maxLength: 40)`.
    public static func text(_ name: String, maxLength: Int) -> QueryParameter {
        QueryParameter(name: name, kind: .text(maxLength: maxLength))
    }

    /// How a pattern shows it: `message=<int>`, `search=<text>`.
    public var pattern: String {
        switch kind {
        case .int: "\(name)=<int>"
        case .text: "\(name)=<text>"
        }
    }
}

extension Unicode.Scalar {
    /// Control characters (other than tab) and the bidirectional controls (Unicode's
    /// `Bidi_Control`: the marks, embeddings, overrides and isolates) that make text show
    /// differently from what it is: what no front prints as it is.
    public var isUnsafeForDisplay: Bool {
        if self == "\t" { return false }
        if isASCII { return value < 0x20 || value == 0x7F }
        if properties.generalCategory == .control { return true }
        return value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}

extension Unicode.Scalar {
    /// `U+001B`.
    public var codeName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension StringProtocol {
    /// The text with every control character shown as its code, so printing it can never drive a
    /// terminal.
    public var displaySafe: String {
        // Printable ASCII and tabs, the usual case, need no look at Unicode's tables.
        if utf8.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x09 }) { return String(self) }
        guard unicodeScalars.contains(where: \.isUnsafeForDisplay) else { return String(self) }
        var safe = ""
        for scalar in unicodeScalars {
            if scalar.isUnsafeForDisplay { safe += "<\(scalar.codeName)>" } else { safe.unicodeScalars.append(scalar) }
        }
        return safe
    }
}
