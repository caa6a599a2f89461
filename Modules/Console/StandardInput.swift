#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines from a file descriptor (standard input by default), read as bytes so the console can
/// check them before anything treats them as text. A line longer than the limit is cut short
/// as it is read, never held whole; its full length is kept for the error message.
///
/// Input is read in large blocks. When it is tied to an output, that output is flushed before
/// each block is read (C++'s `cin.tie`): a program driving the console through pipes sees each
/// answer before it has to send the next line, while a script read from a file is answered in a
/// few large writes.
public final class StandardInput: LineSource {
    public let isInteractive: Bool
    private let descriptor: Int32
    private let maxLineBytes: Int
    private let tied: (any TextOutput)?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var atEnd = false

    /// - Parameters:
    ///   - descriptor: where to read; standard input by default.
    ///   - maxLineBytes: the longest line kept; the rest of a longer line is counted, not kept.
    ///   - output: flushed before every read that may wait for input.
    public init(
        descriptor: Int32 = 0, maxLineBytes: Int = ConsoleFront.lineLimit, tiedTo output: (any TextOutput)? = nil
    ) {
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
        tied = output
        isInteractive = isatty(descriptor) == 1
    }

    public func readLine() -> RawLine? {
        var line: [UInt8] = []
        var length = 0
        var readAnything = false
        while true {
            if start == end {
                guard refill() else { return readAnything ? finished(line, length: length) : nil }
            }
            readAnything = true
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let chunk = buffer[start..<(newline ?? end)]
            line.append(contentsOf: chunk.prefix(max(0, maxLineBytes - line.count)))
            length += chunk.count
            start = newline.map { $0 + 1 } ?? end
            if newline != nil { return finished(line, length: length) }
        }
    }

    public func readSecretLine() -> RawLine? {
        var settings = termios()
        guard isInteractive, tcgetattr(descriptor, &settings) == 0 else { return readLine() }
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Armed before echo goes off, disarmed after it is back: a signal at any moment in
        // between leaves the terminal as it was.
        let previousHandlers = EchoGuard.arm(descriptor: descriptor, settings: settings)
        tcsetattr(descriptor, TCSANOW, &silent)
        defer {
            tcsetattr(descriptor, TCSANOW, &settings)
            EchoGuard.disarm(previousHandlers)
        }
        return readLine()
    }

    /// A line that ended in "\r\n" (typed on Windows, or sent by some tools) loses its "\r".
    private func finished(_ line: [UInt8], length: Int) -> RawLine {
        guard line.count == length, line.last == UInt8(ascii: "\r") else { return RawLine(bytes: line, length: length) }
        return RawLine(bytes: Array(line.dropLast()), length: length - 1)
    }

    private func refill() -> Bool {
        guard !atEnd else { return false }
        tied?.flush()
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                (start, end) = (0, count)
                return true
            }
            if count < 0, errno == EINTR { continue }
            atEnd = true
            return false
        }
    }
}
