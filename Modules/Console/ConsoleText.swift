/// A block of text the console writes, built as UTF-8 bytes and handed on as one string.
///
/// A screen is drawn after nearly every command, from forty-odd pieces: appending bytes costs a
/// fraction of appending to a `String`, which keeps its count and flags up to date at every
/// append. Every piece that may come from anywhere (titles, tab names, content, user data) is
/// made safe to print as it is added, in the same pass that copies it.
struct ConsoleText {
    private var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the console's own words, as they are.
    mutating func append(_ words: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: words.utf8Start, count: words.utf8CodeUnitCount))
    }

    /// Appends `piece`, made safe to print: printable ASCII and tabs as they are (what nearly
    /// every piece is), any other text with its control characters shown as their codes.
    mutating func add(_ piece: String) {
        let plain = piece.utf8.withContiguousStorageIfAvailable { utf8 in
            guard isPlainASCII(buffer: utf8, lineBreaks: false) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true { bytes.append(contentsOf: piece.displaySafe.utf8) }
    }

    /// Appends `number` in decimal.
    mutating func add(_ number: Int) {
        add(String(number))
    }

    /// The text, as one string.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
