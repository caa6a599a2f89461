extension KeptState {
    /// `text` with every byte but the unreserved ones (letters, digits, `-`, `.`, `_`, `~`)
    /// written `%XX`: no space, line break or `#` is left to split a line or a word.
    public static func encoded(_ text: String) -> String {
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

    /// `encoded(_:)` undone; `nil` for a malformed escape or bytes that are not UTF-8.
    public static func decoded(_ text: Substring) -> String? {
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

extension Substring {
    /// The line without the spaces at its end.
    var trimmingWhitespaceAtEnd: Substring {
        var line = self
        while line.last == " " { line.removeLast() }
        return line
    }
}
