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
    private var pending: [UInt8] = []
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
            to: output, wake: resizePipe.write, replacing: true)
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

    public func read(waiting timeout: Duration?) -> DeviceEvent {
        if let event = nextEvent() { return event }
        let deadline = timeout.map { now() + $0 }
        while true {
            let left = deadline.map { max(0, Int(($0 - now()) / .milliseconds(1))) } ?? -1
            var wanted = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&wanted, resizePipe.read < 0 ? 1 : 2, Int32(left))
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
            pending += bytes[..<count]
            // An escape may be the start of an arrow key's sequence: wait a moment for the rest.
            if pending == [0x1B] {
                var more = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, 30) > 0 { continue }
            }
            if let event = nextEvent() { return event }
        }
    }

    /// The first event in the bytes read, taken off them: a key; Ctrl-D, the end; Ctrl-L, which
    /// draws everything again, as in a pager, when something else wrote on the terminal.
    private func nextEvent() -> DeviceEvent? {
        guard let first = pending.first else { return nil }
        let taken: (count: Int, event: DeviceEvent?)
        switch first {
        case 0x1B where pending.starts(with: Escape.pasteStart):
            // A paste, whole: its end may come in a later read (one that never ends is taken as
            // it is once it is large).
            let body = pending.dropFirst(Escape.pasteStart.count)
            guard let end = body.indices.first(where: { body[$0...].starts(with: Escape.pasteEnd) }) else {
                guard pending.count > 1 << 16 else { return nil }
                taken = (pending.count, .key(.paste(String(decoding: body, as: UTF8.self))))
                break
            }
            let text = String(decoding: body[..<end], as: UTF8.self)
            taken = (end + Escape.pasteEnd.count, .key(.paste(text)))
        case 0x1B where pending.count >= 3 && (pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O")):
            // An arrow, Home, End, Delete or a page key, in the forms terminals send them; an unknown
            // sequence (a function key) is dropped whole.
            var end = 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            let final = end < pending.count ? Unicode.Scalar(pending[end]) : " "
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
            taken = (min(pending.count, end + 1), key.map { .key($0) })
        case 0x1B: taken = (1, .key(.escape))
        case 0x0D, 0x0A: taken = (1, .key(.enter))
        case 0x09: taken = (1, .key(.tab))
        case 0x7F, 0x08: taken = (1, .key(.backspace))
        case 0x04: return .end
        case 0x0C:
            last = nil
            taken = (1, .redraw)
        case 0x01...0x1A: taken = (1, .key(.control(Character(Unicode.Scalar(first + 0x60)))))
        case ..<0x20: taken = (1, nil)
        default:
            // One UTF-8 character: its length from its first byte.
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            guard pending.count >= length else { return nil }
            taken = (length, .key(.character(String(decoding: pending[..<length], as: UTF8.self).first ?? "?")))
        }
        pending.removeFirst(taken.count)
        return taken.event ?? nextEvent()
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
    /// Pastes come bracketed (`pasteStart`, the text, `pasteEnd`), so their letters are not keys.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[2J"
    /// Plain style, the cursor and the wrap back, pastes as typed again, the main screen back.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"
    /// What a terminal sends before and after text pasted, once `enter` asked for it.
    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)

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
