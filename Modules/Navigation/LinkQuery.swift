import LinkMatching

/// A link's query: `name=value` items joined by `&`, read against the items its places declare
/// (`QueryParameter`). Values are percent-decoded, here only, and checked for display.
@MainActor
public enum LinkQuery {
    /// The items of `text` (what follows the `?`), typed as `kind` declares them.
    /// - Throws: `LinkError` naming the first item that does not read.
    public static func parse(_ text: Substring, for kind: PlaceKindFacts) throws(LinkError) -> QueryItems {
        try parse(text, for: [kind])[0]
    }

    /// The items of `text` for a link that names `kinds`' places, left to right: each item goes
    /// to the last place that declares its name (`friends/chat/bob?search=b&message=2`), so
    /// every level of a state is written in one query. Returns each place's items, in order.
    /// - Throws: `LinkError` naming the first item that is unknown, repeated, of the wrong type,
    ///   too long, unsafe to show, or malformed.
    public static func parse(_ text: Substring, for kinds: [PlaceKindFacts]) throws(LinkError) -> [QueryItems] {
        var each = Array(repeating: QueryItems(), count: kinds.count)
        guard !text.isEmpty, !kinds.isEmpty else { return each }
        // Printable ASCII with no space, as the path; anything else is percent-encoded.
        if text.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            throw .malformedQuery(
                "it holds a raw space, tab, control or non-ASCII character; percent-encode it (a space as %20)")
        }
        for piece in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = piece.firstIndex(of: "=") else {
                throw .malformedQuery("\"\(piece.prefix(40))\" is not name=value")
            }
            let name = String(piece[..<equals])
            guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
                name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
            else { throw .malformedQuery("\"\(name.prefix(40))\" is not a query item's name") }
            guard let owner = kinds.lastIndex(where: { $0.query.contains { $0.name == name } }),
                let declared = kinds[owner].query.first(where: { $0.name == name })
            else {
                throw .unknownQueryItem(
                    name: name, pattern: kinds.map(\.pattern).joined(separator: "/"),
                    accepted: kinds.flatMap { $0.query.map(\.pattern) })
            }
            guard each[owner][name] == nil else { throw .repeatedQueryItem(name: name) }
            guard let value = percentDecoded(piece[piece.index(after: equals)...]) else {
                throw .malformedQuery("the value of \(name) has a malformed % escape or is not UTF-8")
            }
            if let unsafe = value.unicodeScalars.first(where: { $0.isUnsafeForDisplay || $0 == "\t" }) {
                throw .unsafeQueryValue(name: name, scalar: unsafe)
            }
            switch declared.kind {
            case .int(let range):
                guard value.utf8.count <= 18, value.utf8.allSatisfy({ (48...57).contains($0) }),
                    let number = Int(value),
                    range.contains(number)
                else {
                    throw .badQueryValue(
                        name: name, value: String(value.prefix(40)),
                        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                each[owner][name] = .int(number)
            case .text(let limit):
                // Counted in scalars, so a value cannot hide a long text behind combining marks.
                let length = value.unicodeScalars.count
                guard length <= limit else {
                    throw .queryValueTooLong(name: name, length: length, limit: limit)
                }
                each[owner][name] = .text(value)
            }
        }
        return each
    }

    /// `items` as a link writes them: `message=2&search=car%20park`.
    public static func text(of items: QueryItems) -> String {
        items.names.map { name in name + "=" + percentEncoded(items[name]?.description ?? "") }.joined(
            separator: "&")
    }

    /// `text` with every byte but the unreserved ones (letters, digits, `-`, `.`, `_`, `~`) as `%XX`.
    public static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if Link.isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// `percentEncoded(_:)` undone; `nil` for a malformed escape or bytes that are not UTF-8.
    public static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = rest.prefix(2)
            guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
