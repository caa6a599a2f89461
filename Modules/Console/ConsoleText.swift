import Navigation

/// A block of text the console writes, built as UTF-8 bytes and handed on as one string.
///
/// A screen is drawn after nearly every command, from forty-odd pieces: appending bytes costs a
/// fraction of appending to a `String`, which keeps its count and flags up to date at every
/// append. Every piece that may come from anywhere (titles, tab names, content, user data) is
/// made safe to print as it is added, in the same pass that copies it.
///
/// The bytes are in a buffer of its own, which it grows by doubling: an append is a bounds check
/// and a copy, where an array's checks its uniqueness and capacity through a generic path each
/// time. It cannot be copied, so the buffer has one owner, which frees it.
struct ConsoleText: ~Copyable {
    private var bytes: UnsafeMutableRawPointer
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        bytes = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        bytes.deallocate()
    }

    /// Appends the console's own words, as they are.
    mutating func append(_ words: StaticString) {
        copy(UnsafeRawPointer(words.utf8Start), words.utf8CodeUnitCount)
    }

    /// Appends `piece`, made safe to print: printable ASCII and tabs as they are (what nearly
    /// every piece is), any other text with its control characters shown as their codes.
    mutating func add(_ piece: String) {
        let plain = piece.utf8.withContiguousStorageIfAvailable { copyIfPlain($0) }
        guard plain != true else { return }
        var safe = piece.displaySafe
        safe.withUTF8 { utf8 in
            if let base = utf8.baseAddress { copy(UnsafeRawPointer(base), utf8.count) }
        }
    }

    /// Appends how the console shows a line it read (`RawLine.echo`): a short plain line as its
    /// bytes are, with no string made for it.
    mutating func add(echoOf line: RawLine) {
        let plain = line.length <= 80 && line.bytes.withUnsafeBufferPointer { copyIfPlain($0) }
        if !plain { add(line.echo) }
    }

    /// Appends `number` in decimal.
    mutating func add(_ number: Int) {
        add(String(number))
    }

    /// Writes the text to `output`, as bytes: standard output copies them, with no string made.
    @MainActor
    func write(to output: any TextOutput) {
        output.write(utf8: UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Copies `bytes` to the end if they are plain (printable ASCII and tabs, as they print).
    /// - Returns: whether they were; nothing is copied otherwise.
    private mutating func copyIfPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isPlainASCII(buffer: bytes, lineBreaks: false) else { return false }
        if let base = bytes.baseAddress { copy(UnsafeRawPointer(base), bytes.count) }
        return true
    }

    /// Copies `length` bytes from `source` to the end, growing the buffer first if they do not fit.
    private mutating func copy(_ source: UnsafeRawPointer, _ length: Int) {
        if count + length > capacity {
            var grown = capacity * 2
            while grown < count + length { grown *= 2 }
            let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
            moved.copyMemory(from: bytes, byteCount: count)
            bytes.deallocate()
            bytes = moved
            capacity = grown
        }
        (bytes + count).copyMemory(from: source, byteCount: length)
        count += length
    }
}
