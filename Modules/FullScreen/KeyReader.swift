import Console

/// The bytes a terminal sends, made into keys: characters (UTF-8, however the reads cut them),
/// the arrows, Home, End, Delete and the page keys in the forms terminals send them, Ctrl
/// letters; Ctrl-D, the end; Ctrl-L, a redraw; and text pasted, whole.
///
/// A terminal asked for bracketed paste (`?2004h`) sends a paste between `pasteStart` and
/// `pasteEnd`; however many reads it takes, it is one `Key.paste`, so its letters never act as
/// keys, and reading it takes time in proportion to its length.
struct KeyReader {
    /// The bytes read and not made into an event yet.
    var pending: [UInt8] = []
    /// The text of a paste read so far, until its end comes; `nil` when no paste is being read.
    private var pasted: [UInt8]?

    /// Whether the bytes read may be the start of a longer key (an escape, alone or with `[` or
    /// `O`): a reader waits a moment for the rest before it takes them as they are.
    var mayGoOn: Bool {
        pending.first == 0x1B && pasted == nil
            && (pending.count == 1
                || pending.count == 2 && [UInt8(ascii: "["), UInt8(ascii: "O")].contains(pending[1]))
    }

    /// Whether the bytes read make an event already, with no more read.
    var hasEvent: Bool {
        var copy = self
        return !mayGoOn && copy.next() != nil
    }

    /// What a terminal sends before and after text pasted.
    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// The first event in the bytes read, taken off them: a key; Ctrl-D, the end; Ctrl-L, which
    /// draws everything again, as in a pager, when something else wrote on the terminal.
    mutating func next() -> DeviceEvent? {
        if pasted != nil { return pasteRead() }
        guard let first = pending.first else { return nil }
        let taken: (count: Int, event: DeviceEvent?)
        switch first {
        case 0x1B where pending.starts(with: Self.pasteStart):
            // A paste begins: what follows is its text, up to its end, however many reads it takes.
            pasted = []
            taken = (Self.pasteStart.count, nil)
        case 0x1B where pending.count >= 3 && (pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O")):
            // An arrow, Home, End, Delete or a page key, in the forms terminals send them; an unknown
            // sequence (a function key) is dropped whole. One cut by a read waits for its end.
            var end = 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            let final = Unicode.Scalar(pending[end])
            let parameter = String(decoding: pending[2..<end], as: UTF8.self)
            let key: Key? =
                switch (final, parameter) {
                case ("A", _): .up
                case ("B", _): .down
                case ("C", _): .right
                case ("D", _): .left
                case ("H", _), ("~", "1"), ("~", "7"): .home
                case ("F", _), ("~", "4"), ("~", "8"): .end
                case ("~", "3"): .delete
                case ("~", "5"): .pageUp
                case ("~", "6"): .pageDown
                default: nil
                }
            taken = (end + 1, key.map { .key($0) })
        case 0x1B: taken = (1, .key(.escape))
        case 0x0D, 0x0A: taken = (1, .key(.enter))
        case 0x09: taken = (1, .key(.tab))
        case 0x7F, 0x08: taken = (1, .key(.backspace))
        case 0x04: return .end
        case 0x0C: taken = (1, .redraw)
        case 0x01...0x1A: taken = (1, .key(.control(Character(Unicode.Scalar(first + 0x60)))))
        case ..<0x20: taken = (1, nil)
        default:
            // One UTF-8 character: its length from its first byte.
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            guard pending.count >= length else { return nil }
            taken = (length, .key(.character(String(decoding: pending[..<length], as: UTF8.self).first ?? "?")))
        }
        pending.removeFirst(taken.count)
        return taken.event ?? next()
    }

    /// The paste being read, once its end has come; until then, the bytes read are taken into it
    /// (all but those that may be the start of its end), at most `pasteLimit` of them kept.
    private mutating func pasteRead() -> DeviceEvent? {
        guard var text = pasted else { return nil }
        let marker = Self.pasteEnd
        let end = pending.indices.first { pending[$0...].starts(with: marker) }
        let body = end ?? max(0, pending.count - (marker.count - 1))
        text += pending[..<body].prefix(max(0, Self.pasteLimit - text.count))
        pending.removeFirst(end.map { $0 + marker.count } ?? body)
        guard end != nil else {
            pasted = text
            return nil
        }
        pasted = nil
        return .key(.paste(String(decoding: text, as: UTF8.self)))
    }

    /// The most of a paste kept: more than a typed line may hold, so a longer paste is refused
    /// whole when it is entered, never cut short and sent; and little enough to draw at once.
    static var pasteLimit: Int { 4 * lineLimit }
}
