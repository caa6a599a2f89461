/// The words of a link error. (They move to the console front, which decides what a user reads.)
extension LinkError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty(let scheme):
            "the link is empty; write one like \(scheme)://friends"
        case .tooLong(let bytes, let limit):
            "the link is \(bytes) bytes long; the limit is \(limit)"
        case .nonASCII(let scalar, let offset):
            "the link has the non-ASCII character \(Self.code(scalar)) at position \(offset); links use plain ASCII"
        case .invisibleCharacter(let scalar, let offset):
            "the link has a space or control character (\(Self.code(scalar))) at position \(offset); remove it"
        case .notALink(let text, let scheme):
            "\"\(text.count > 40 ? text.prefix(40) + "..." : text)\" is not a link; links start with \(scheme)://"
        case .unknownScheme(let scheme, let expected):
            "unknown scheme \"\(scheme)\"; links here start with \(expected)://"
        case .percentEncoded:
            "the link has percent-encoding (%); write the characters themselves, a-z, 0-9, \"-\", \".\" and \"_\""
        case .queryOrFragment(let mark):
            "the link has a \"\(mark)\"; links are a path only, with no query or fragment"
        case .noPath(let scheme):
            "the link names no screen; add a path, as in \(scheme)://friends"
        case .emptySegment:
            "the link has an empty segment (//); separate segments with one slash"
        case .dotSegment(let segment):
            "the link has a \"\(segment)\" segment; links name screens directly, without . or .."
        case .forbiddenCharacter(let character):
            "the link has \"\(character)\"; segments use a-z, A-Z, 0-9, \"-\", \".\", \"_\" and \"~\""
        case .unknownPath(let segment, nil, let known):
            "unknown path \"\(segment)\"; links are " + known.joined(separator: ", ")
        case .unknownPath(let segment, let after?, let known):
            "extra segment \"\(segment)\" after \(after); it starts none of " + known.joined(separator: ", ")
        case .missingSegment(let pattern, let path):
            "\(path) is missing a segment; write \(pattern)"
        case .invalidParameter(let name, let value, let pattern, let problem):
            "\"\(value)\" is not a valid <\(name)> in \(pattern): \(problem)"
        }
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
