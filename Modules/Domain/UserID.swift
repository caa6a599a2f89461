/// A user's handle, without the "@": `alice`.
///
/// A valid handle is 3 to 20 lowercase letters, digits, ".", "_" or "-", starting with a letter.
/// Handles from user input go through `init(validating:)`; literals and stored data are trusted.
public struct UserID: Hashable, Comparable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A handle typed by a user, trimmed and lowercased.
    /// - Throws: `UserID.Problem` naming what is wrong with it.
    public init(validating text: String) throws(Problem) {
        let handle = String(text.trimmingWhitespace().lowercased())
        guard !handle.isEmpty else { throw .empty }
        guard handle.count >= Self.lengths.lowerBound else { throw .tooShort }
        guard handle.count <= Self.lengths.upperBound else { throw .tooLong }
        guard let first = handle.unicodeScalars.first, ("a"..."z").contains(first) else { throw .mustStartWithLetter }
        if let bad = handle.unicodeScalars.first(where: { !Self.allowed($0) }) {
            throw .invalidCharacter(Character(bad))
        }
        self.rawValue = handle
    }

    /// A handle as a link writes it (`bob`): valid, and in lowercase already, since a link names
    /// one user by one spelling.
    /// - Throws: `UserID.Problem`, or `.notLowercase` for a handle written with capitals.
    public init(linkSegment text: String) throws(Problem) {
        let id = try UserID(validating: text)
        guard id.rawValue == text else { throw .notLowercase(id) }
        self = id
    }

    /// How long a handle may be, in characters: the rule, and what its errors say.
    public static let lengths = 3...20

    /// How a link spells a user, as one value: the parameter's name (`user`, in `chat/<user>`),
    /// how a segment reads (`init(linkSegment:)`) and how a user prints (`linkSegment`). Every
    /// feature whose places name a user declares its parameter with it
    /// (`LinkParameter(UserID.link)`), so the facts are written here once.
    public static let link:
        (
            name: String, example: String, read: @Sendable (String) throws -> UserID,
            print: @Sendable (UserID) -> String
        ) = ("user", "bob", { try UserID(linkSegment: $0) }, { $0.linkSegment })

    /// The handle as a link writes it: `bob`.
    public var linkSegment: String { rawValue }

    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-"
    }

    /// What is wrong with a handle.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case empty, tooShort, tooLong, mustStartWithLetter
        case invalidCharacter(Character)
        /// A link writes handles in lowercase: this one is `id`.
        case notLowercase(UserID)

        public var description: String {
            switch self {
            case .empty: "the username is empty"
            case .tooShort: "the username is shorter than \(UserID.lengths.lowerBound) characters"
            case .tooLong: "the username is longer than \(UserID.lengths.upperBound) characters"
            case .mustStartWithLetter: "the username must start with a letter a-z"
            case .invalidCharacter(let character):
                "the username contains \"\(character)\"; use a-z, 0-9, \".\", \"_\" and \"-\""
            case .notLowercase(let id): "write the handle in lowercase: \(id.rawValue)"
            }
        }
    }
}

extension UserID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension UserID: CustomStringConvertible {
    /// The handle as people write it: `@alice`.
    public var description: String { "@" + rawValue }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks: how typed input is
    /// read everywhere in the package (a handle, a name, a console command).
    package func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isSpace } ?? endIndex
        let end = lastIndex { !$0.isSpace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}

extension Character {
    /// `isWhitespace`, answered without Unicode's tables for ASCII, the usual case.
    package var isSpace: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return isWhitespace
    }
}
