/// The JSON the events file holds, written and read with no dependency: objects, arrays, strings,
/// numbers (a fraction is read and dropped), `true`, `false`, `null`, nested at most `depthLimit`.
public enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Int)
    case bool(Bool)
    case null

    /// `text` as a JSON string, quoted, every control character escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Reads one JSON value from a line's bytes, nested at most `depthLimit` deep: a deeper one reads
/// as none, and `isTooDeep` says why, so no file can exhaust the stack.
public struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private let depthLimit: Int
    private var depth = 0
    /// Whether the value read nests deeper than the limit.
    public private(set) var isTooDeep = false

    public init(_ text: Substring, depthLimit: Int) {
        bytes = Array(text.utf8)
        self.depthLimit = depthLimit
    }

    /// Whether nothing but spaces is left.
    public var isAtEnd: Bool {
        var copy = self
        copy.skipSpaces()
        return copy.index == bytes.count
    }

    private mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpaces()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func take(literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            return false
        }
        index += expected.count
        return true
    }

    /// The next value; `nil` when there is none that reads.
    public mutating func value() -> JSONValue? {
        skipSpaces()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < depthLimit else {
                isTooDeep = true
                return nil
            }
            depth += 1
            defer { depth -= 1 }
            let isObject = bytes[index] == UInt8(ascii: "{")
            index += 1
            return isObject ? object() : array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return take(literal: "true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return take(literal: "false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return take(literal: "null") ? .null : nil
        default: return number()
        }
    }

    private mutating func object() -> JSONValue? {
        var fields: [String: JSONValue] = [:]
        if take(UInt8(ascii: "}")) { return .object(fields) }
        repeat {
            skipSpaces()
            guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
            fields[key] = value
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(fields) : nil
    }

    private mutating func array() -> JSONValue? {
        var items: [JSONValue] = []
        if take(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value() else { return nil }
            items.append(item)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(items) : nil
    }

    private mutating func number() -> JSONValue? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        let whole = Int(String(decoding: bytes[start..<index], as: UTF8.self))
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        return whole.map(JSONValue.number)
    }

    private mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") else {
                run.append(byte)
                continue
            }
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run = []
            if byte == UInt8(ascii: "\"") { return String(scalars) }
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "u"):
                guard bytes.count - index >= 4,
                    let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { return nil }
                index += 4
                scalars.append(scalar)
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        return nil
    }
}
