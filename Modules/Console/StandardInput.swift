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
    /// The pipe a signal writes to while the input waits (`endsAtSignal()`); -1 before.
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    /// While a secret is read with echo off: the terminal settings to put back before a held-back
    /// signal ends the process.
    private var echoOff: termios?

    /// The signals that end a process and that a user or a parent sends to a prompt: held back
    /// while echo is off, so the terminal is put back before one of them takes effect.
    private static let promptSignals = TerminalRestore.signals

    /// - Parameters:
    ///   - descriptor: where to read; standard input by default.
    ///   - maxLineBytes: the longest line kept; the rest of a longer line is counted, not kept.
    ///   - output: flushed before every read that may wait for input.
    public init(
        descriptor: Int32 = 0, maxLineBytes: Int = lineLimit, tiedTo output: (any TextOutput)? = nil
    ) {
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
        tied = output
        isInteractive = isatty(descriptor) == 1
    }

    public func readLine() -> RawLine? {
        var line: [UInt8] = []
        var length = 0
        // The line's last byte, kept apart: a line cut at the limit may end in "\r" past the cut.
        var last: UInt8?
        var readAnything = false
        while true {
            if start == end {
                guard refill() else { return readAnything ? finished(line, length: length, last: last) : nil }
            }
            readAnything = true
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let chunk = buffer[start..<(newline ?? end)]
            line.append(contentsOf: chunk.prefix(max(0, maxLineBytes - line.count)))
            length += chunk.count
            if let byte = chunk.last { last = byte }
            guard let newline else {
                start = end
                continue
            }
            start = newline + 1
            return finished(line, length: length, last: last)
        }
    }

    public func hasLineReady() -> Bool {
        // A signal that ends the session: reading now meets the end of input.
        if TerminalRestore.signalled != nil { return true }
        if buffer[start..<end].contains(UInt8(ascii: "\n")) { return true }
        // A terminal hands over a line at a time: once it can be read, a whole line (or the end)
        // is there.
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0
    }

    public func holdPartialLine() -> RawLine? {
        var settings = termios()
        guard isInteractive, tcgetattr(descriptor, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 else {
            return nil
        }
        // Out of canonical mode the terminal hands over what it holds of a line not ended yet
        // (Linux and the BSDs make the pending input readable); it is read at once, and the mode
        // is put back.
        var taking = settings
        taking.c_lflag &= ~tcflag_t(ICANON)
        withUnsafeMutableBytes(of: &taking.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &taking) == 0 else { return nil }
        var taken: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            taken += chunk[..<count]
        }
        tcsetattr(descriptor, TCSANOW, &settings)
        // Held in the buffer, after any line read already: the next line read starts with it, and
        // ends when the terminal hands over the rest.
        if !taken.isEmpty {
            let pending = Array(buffer[start..<end]) + taken
            if buffer.count < pending.count { buffer = [UInt8](repeating: 0, count: pending.count) }
            buffer.replaceSubrange(0..<pending.count, with: pending)
            (start, end) = (0, pending.count)
        }
        let pending = buffer[start..<end]
        let partial = pending.lastIndex(of: UInt8(ascii: "\n")).map { pending[($0 + 1)...] } ?? pending
        return partial.isEmpty ? nil : RawLine(bytes: Array(partial.prefix(maxLineBytes)), length: partial.count)
    }

    public func readSecretLine() -> RawLine? {
        var settings = termios()
        guard isInteractive, tcgetattr(descriptor, &settings) == 0 else { return readLine() }
        // Ctrl-C, `kill` or a closed terminal while echo is off must not leave the terminal
        // silent. The signals are held back (blocked) before echo goes off; the wait for input
        // looks for one between short polls, puts the terminal back, and lets it through, so it
        // still ends the process as it asks.
        // Another thread (the runtime's, once anything ran off this one) may take a signal this
        // one holds back: there, a handler puts the terminal back and lets the signal end the
        // process, where nothing else was set to handle it.
        var held = Self.signalSet(Self.promptSignals)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)
        let handled = TerminalRestore.arm(settings, active: Self.silent(settings), of: descriptor, replacing: false)
        echoOff = settings
        silence(settings)
        defer {
            tcsetattr(descriptor, TCSANOW, &settings)
            TerminalRestore.disarm(handled)
            echoOff = nil
            // A signal that came after the line was read is delivered now, with echo back on.
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        return readLine()
    }

    /// Waits until there is input. While echo is off, a held-back signal that arrives meanwhile
    /// puts the terminal back first, then goes through: it ends the process, or, handled or
    /// ignored, the wait goes on with echo off again.
    private func waitWhileEchoIsOff() {
        guard let settings = echoOff else { return }
        var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&wanted, 1, 50)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
            var pending = sigset_t()
            sigpending(&pending)
            for number in Self.promptSignals where sigismember(&pending, number) == 1 {
                var one = Self.signalSet([number])
                var restored = settings
                tcsetattr(descriptor, TCSANOW, &restored)
                pthread_sigmask(SIG_UNBLOCK, &one, nil)
                pthread_sigmask(SIG_BLOCK, &one, nil)
                silence(settings)
            }
        }
    }

    /// Turns echo off, keeping the rest of `settings`.
    private func silence(_ settings: termios) {
        var silent = Self.silent(settings)
        tcsetattr(descriptor, TCSANOW, &silent)
    }

    /// `settings` with echo off.
    private static func silent(_ settings: termios) -> termios {
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        return silent
    }

    private static func signalSet(_ numbers: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// A line that ended in "\r\n" (typed on Windows, or sent by some tools) loses its "\r", which
    /// its length does not count either, cut at the limit or not.
    private func finished(_ line: [UInt8], length: Int, last: UInt8?) -> RawLine {
        guard last == UInt8(ascii: "\r") else { return RawLine(bytes: line, length: length) }
        return RawLine(bytes: Array(line.prefix(length - 1)), length: length - 1)
    }

    public func endsAtSignal() {
        var ends: [Int32] = [-1, -1]
        guard isInteractive, wake.read < 0, pipe(&ends) == 0 else { return }
        wake = (ends[0], ends[1])
        TerminalRestore.endGracefully(waking: wake.write)
    }

    private func refill() -> Bool {
        guard !atEnd else { return false }
        tied?.flush()
        waitWhileEchoIsOff()
        while true {
            // Ctrl-C, `kill` or a closed terminal: the input ends here, and the session with it.
            guard TerminalRestore.signalled == nil else {
                atEnd = true
                return false
            }
            if wake.read >= 0 {
                var wanted = [
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&wanted, 2, -1)
                if ready < 0 ? errno == EINTR : wanted[0].revents == 0 { continue }
            }
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
