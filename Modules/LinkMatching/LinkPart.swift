/// A part of a link, as an error names it (`LinkError.unknownPath`'s segment, and the part
/// before it), cut into a `String` only when read. A link that misses is the input a table sees
/// most from a hostile sender, so its error makes no string until a front words it.
///
/// A short part (most are: a segment, a few of them) keeps its bytes in place, in two words; a
/// longer one keeps the link and where the part is in it. Holding the link would retain it, an
/// atomic operation, and release it again when the error goes, on every miss.
///
/// It compares and hashes as its text, and a string literal makes one: `"chat/bob"`.
public struct LinkPart: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// A long part: the link it is part of, and where in its UTF-8. A short part's link is empty
    /// and its range is `0..<count`.
    private let link: String
    private let bytes: Range<Int>
    /// A short part's bytes, in order, zero after its end.
    private let short: (UInt64, UInt64)

    /// The most bytes a part keeps in place.
    private static let shortLength = 16

    /// The whole of `text`.
    public init(_ text: String) {
        link = text
        bytes = 0..<text.utf8.count
        short = (0, 0)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The UTF-8 `bytes` of `link`, whose bytes are `buffer`: the link is read only for a long
    /// part.
    init(_ bytes: Range<Int>, of link: () -> String, in buffer: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.shortLength, let base = buffer.baseAddress else {
            self.link = link()
            self.bytes = bytes
            short = (0, 0)
            return
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { words in
            words.baseAddress?.copyMemory(from: base + bytes.lowerBound, byteCount: bytes.count)
        }
        self.link = ""
        self.bytes = 0..<bytes.count
        short = words
    }

    /// The part's text: `chat/bob`.
    public var description: String {
        guard link.isEmpty else {
            return bytes.lowerBound == 0 && bytes.upperBound == link.utf8.count
                ? link : String(decoding: link.utf8.dropFirst(bytes.lowerBound).prefix(bytes.count), as: UTF8.self)
        }
        return withUnsafeBytes(of: short) { String(decoding: $0.prefix(bytes.count), as: UTF8.self) }
    }

    public static func == (lhs: LinkPart, rhs: LinkPart) -> Bool {
        lhs.bytes.count == rhs.bytes.count && lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
