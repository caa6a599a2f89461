import Navigation

/// Why a line cannot be used.
public enum InputProblem: Error, Hashable, Sendable {
    case tooLong(bytes: Int, limit: Int)
    case invalidUTF8
    case controlCharacter(Unicode.Scalar)
}

extension InputProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit):
            "the line is \(bytes) bytes long; the limit is \(limit), so type a shorter one"
        case .invalidUTF8:
            "the line is not valid UTF-8 text; check your terminal's encoding and type it again"
        case .controlCharacter(let scalar):
            "the line contains the control character \(scalar.codeName); type plain text"
        }
    }
}

extension RawLine {
    /// The line as text, once it is known to fit, to be UTF-8, and to hold no control
    /// characters (tabs are fine).
    func text(limit: Int) -> Result<String, InputProblem> {
        guard length <= limit else { return .failure(.tooLong(bytes: length, limit: limit)) }
        // Printable ASCII and tabs, what is typed nearly always: valid, and safe, in one pass.
        if isPlainASCII(bytes, lineBreaks: false) { return .success(String(decoding: bytes, as: UTF8.self)) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return .failure(.invalidUTF8) }
        if let scalar = text.unicodeScalars.first(where: \.isUnsafeForDisplay) {
            return .failure(.controlCharacter(scalar))
        }
        return .success(text)
    }

    /// How the console shows a line it read: printable, and short even when the line is not.
    var echo: String {
        let shown = String(decoding: bytes.prefix(80), as: UTF8.self).displaySafe
        return length > 80 ? "\(shown)… (\(length) bytes)" : shown
    }
}

/// Whether `bytes` are printable ASCII and tabs (and line breaks, if `lineBreaks`): text the
/// display check passes as it is. Nonisolated, so a scan pays no executor check per byte.
nonisolated func isPlainASCII(_ bytes: some Sequence<UInt8>, lineBreaks: Bool) -> Bool {
    // A native string's UTF-8 is contiguous: scanned in place, the loop is a few instructions a
    // byte instead of an iterator step each.
    if let plain = bytes.withContiguousStorageIfAvailable({ isPlainASCII(buffer: $0, lineBreaks: lineBreaks) }) {
        return plain
    }
    for byte in bytes where !isPlain(byte, lineBreaks: lineBreaks) { return false }
    return true
}

/// `isPlainASCII(_:lineBreaks:)` on bytes in place: what text built as bytes (`ConsoleText`) calls.
nonisolated func isPlainASCII(buffer: UnsafeBufferPointer<UInt8>, lineBreaks: Bool) -> Bool {
    guard let start = buffer.baseAddress else { return true }
    let bytes = UnsafeRawPointer(start)
    // Eight bytes at a time: a word with no byte at or above 0x7F and none below 0x20 is plain
    // as it is; one that may hold a tab (or a line break) is looked at byte by byte.
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = 0
    while index + 8 <= buffer.count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let below = (word &- ones &* 0x20) & ~word & high
        let delete = word ^ (ones &* 0x7F)
        let deleted = (delete &- ones) & ~delete & high
        if word & high != 0 || deleted != 0 { return false }
        if below != 0 {
            for offset in index..<index + 8 where !isPlain(buffer[offset], lineBreaks: lineBreaks) { return false }
        }
        index += 8
    }
    while index < buffer.count {
        if !isPlain(buffer[index], lineBreaks: lineBreaks) { return false }
        index += 1
    }
    return true
}

@inline(__always)
nonisolated private func isPlain(_ byte: UInt8, lineBreaks: Bool) -> Bool {
    (0x20..<0x7F).contains(byte) || byte == 0x09 || (lineBreaks && byte == 0x0A)
}
