/// A part of a link, as an error names it (`LinkError.unknownPath`'s segment, and the part
/// before it): the link and where the part is in its UTF-8, cut into a `String` only when read.
/// A link that misses is the input a table sees most from a hostile sender, so its error makes
/// no string until a front words it.
///
/// It compares and hashes as its text, and a string literal makes one: `"chat/bob"`.
public struct LinkPart: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The link it is part of, and where in its UTF-8.
    private let link: String
    private let bytes: Range<Int>

    /// The whole of `text`.
    public init(_ text: String) {
        link = text
        bytes = 0..<text.utf8.count
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The UTF-8 `bytes` of `link`.
    init(_ bytes: Range<Int>, of link: String) {
        self.link = link
        self.bytes = bytes
    }

    /// The part's text: `chat/bob`.
    public var description: String {
        bytes.lowerBound == 0 && bytes.upperBound == link.utf8.count ? link : String(decoding: utf8, as: UTF8.self)
    }

    /// The part's UTF-8, where it is in the link.
    private var utf8: Substring.UTF8View {
        let view = link.utf8
        let start = view.index(view.startIndex, offsetBy: bytes.lowerBound)
        return view[start..<view.index(start, offsetBy: bytes.count)]
    }

    public static func == (lhs: LinkPart, rhs: LinkPart) -> Bool {
        lhs.bytes.count == rhs.bytes.count && lhs.utf8.elementsEqual(rhs.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in utf8 { hasher.combine(byte) }
    }
}
