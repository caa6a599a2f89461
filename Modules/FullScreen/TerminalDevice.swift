import Console

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal as the full-screen front's device: raw keys from standard input, frames written
/// to standard output on the alternate screen, only the cells that changed.
///
/// It puts the terminal back as it was (its settings, the main screen, the cursor) when the
/// session ends (`finish()`), and also when SIGINT, SIGTERM or SIGHUP ends the process: a
/// handler restores it, then lets the signal end the process as it asks. A resize (SIGWINCH)
/// redraws everything at the new size; Ctrl-L redraws it at any time.
@MainActor
public final class TerminalDevice: FrontDevice {
    private let input: Int32
    private let output: Int32
    private let start = ContinuousClock.now
    private var last: Grid?
    /// The bytes read, made into keys.
    private var keys = KeyReader()
    private var finished = false
    /// The terminal's settings before it was taken over.
    private var saved = termios()
    /// The signals whose handler puts the terminal back.
    private var restoring: [Int32] = []

    /// Takes the terminal over: raw keys, the alternate screen, no cursor.
    /// - Returns: `nil` when standard input or output is not a terminal.
    public init?(input: Int32 = 0, output: Int32 = 1) {
        guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &saved) == 0 else { return nil }
        self.input = input
        self.output = output
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &raw)
        // The resize handler may run on any thread, so it wakes the key reader's poll through a
        // pipe (a blocked poll on the main thread would not see a signal another thread took).
        // `fg` after Ctrl-Z wakes it the same way, to draw everything again.
        if resizePipe.read < 0 {
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
                resizePipe = (ends[0], ends[1])
            }
        }
        restoring = TerminalRestore.arm(
            saved, active: raw, of: input, farewell: Array(Escape.leave.utf8), greeting: Array(Escape.enter.utf8),
            to: output, wake: resizePipe.write, replacing: true, endsGracefully: true)
        signal(SIGWINCH, noteResize)
        send(Escape.enter)
    }

    public var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    public func now() -> Duration { ContinuousClock.now - start }

    public var passesTime: Bool { true }

    public var hasInput: Bool {
        var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return keys.hasEvent || poll(&ready, 1, 0) > 0
    }

    public func read(waiting timeout: Duration?) -> DeviceEvent {
        // Ctrl-C, `kill` or a closed terminal: the session ends as at `quit`, keeping where it was.
        if TerminalRestore.signalled != nil { return .end }
        if let event = nextEvent() { return event }
        let deadline = timeout.map { now() + $0 }
        while true {
            let left = deadline.map { max(0, Int(($0 - now()) / .milliseconds(1))) } ?? -1
            var wanted = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&wanted, resizePipe.read < 0 ? 1 : 2, Int32(left))
            if TerminalRestore.signalled != nil { return .end }
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { return .timeout }
            if wanted[1].revents != 0 {
                // A resize wrote to the pipe: empty it, and draw everything again at the new size.
                var drained = [UInt8](repeating: 0, count: 64)
                while drained.withUnsafeMutableBytes({ systemRead(resizePipe.read, $0.baseAddress, $0.count) }) > 0 {}
                last = nil
                return .redraw
            }
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = bytes.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
            if count <= 0 {
                if count < 0, errno == EINTR { continue }
                return .end
            }
            keys.pending += bytes[..<count]
            // An escape may be the start of an arrow key's sequence: wait a moment for the rest.
            if keys.mayGoOn {
                var more = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, 30) > 0 { continue }
            }
            if let event = nextEvent() { return event }
        }
    }

    /// The next event in the bytes read; Ctrl-L's redraw forgets what the terminal shows.
    private func nextEvent() -> DeviceEvent? {
        let event = keys.next()
        if event == .redraw { last = nil }
        return event
    }

    public func draw(_ frame: Grid) {
        let text = FrameDiff.text(from: last, to: frame)
        last = frame
        if !text.isEmpty { send(text) }
    }

    /// Puts the terminal back as it was: the main screen, the cursor, its settings.
    public func finish() {
        guard !finished else { return }
        finished = true
        send(Escape.leave)
        tcsetattr(input, TCSANOW, &saved)
        TerminalRestore.disarm(restoring)
        signal(SIGWINCH, SIG_DFL)
    }

    private func send(_ text: String) {
        var bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeMutableBytes { systemWrite(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            sent += count
        }
        bytes.removeAll()
    }
}

/// The escape sequences the device writes.
enum Escape {
    /// The alternate screen, cleared, with no cursor, and no wrap at the right edge: a row the
    /// terminal finds wider than the grid does (it measures some emoji wider) is cut there,
    /// rather than wrapped onto the next row, or, on the last, scrolling the whole screen.
    /// Pastes come bracketed (`KeyReader`), so their letters are not keys.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[2J"
    /// Plain style, the cursor and the wrap back, pastes as typed again, the main screen back.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"

    static func style(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.inverse) { codes.append("7") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// The pipe the resize handler writes a byte to, so that a wait for a key on another thread wakes.
nonisolated(unsafe) private var resizePipe: (read: Int32, write: Int32) = (-1, -1)

/// SIGWINCH: a byte on the pipe, which the next wait for a key, or the one under way, reads.
private let noteResize: @convention(c) (Int32) -> Void = { _ in
    var byte: UInt8 = 1
    _ = systemWrite(resizePipe.write, &byte, 1)
}

/// The system's `read` and `write`, by a name no method hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}
