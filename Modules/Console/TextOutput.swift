import Navigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the console writes: standard output, or a string in a test.
@MainActor
public protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// Writes `utf8`, text as bytes (`ConsoleText`, which made it safe to print): by default as
    /// a `String`; standard output copies the bytes as they are.
    func write(utf8: UnsafeRawBufferPointer)
    /// Hands everything written so far to its destination; the console calls it before it
    /// waits for input.
    func flush()
    /// Whether the destination is gone (the reader of a pipe went away): nothing written
    /// arrives, and the console ends the session.
    var isClosed: Bool { get }
}

extension TextOutput {
    public var isClosed: Bool { false }

    public func write(utf8: UnsafeRawBufferPointer) {
        write(String(decoding: utf8, as: UTF8.self))
    }
}

/// Text written to a file descriptor (standard output by default), buffered until `flush()`.
/// Writes nothing but the text it is given: no terminal control codes.
///
/// A write that fails (the reader of a pipe went away: `App | head -1`) closes it: it writes
/// nothing more, and `isClosed` tells its owner to stop.
public final class StandardOutput: TextOutput {
    /// The file descriptor it writes to.
    public let descriptor: Int32
    private var pending: [UInt8] = []
    public private(set) var isClosed = false
    /// The system's error number for the write that closed it; 0 while it is open.
    public private(set) var failure: Int32 = 0

    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    public func write(_ text: String) {
        guard !isClosed else { return }
        pending.append(contentsOf: text.utf8)
        if pending.count >= 1 << 16 { flush() }
    }

    public func write(utf8: UnsafeRawBufferPointer) {
        guard !isClosed else { return }
        pending.append(contentsOf: utf8)
        if pending.count >= 1 << 16 { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < pending.count, !isClosed {
            let written = pending[offset...].withUnsafeBytes { writeBytes(descriptor, $0) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                failure = written < 0 ? errno : EIO
                isClosed = true  // the reader went away (a closed pipe): nothing more can arrive.
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Ends the process with `status`, as a Unix filter ends: killed by SIGPIPE (a shell shows
    /// 141) when its reader went away, or with 74 (EX_IOERR) and one line on standard error when
    /// a write failed otherwise (a full disk), for what was printed is incomplete.
    public func endProcess(_ status: Int32) -> Never {
        flush()
        if isClosed, failure == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        guard isClosed else { exit(status) }
        let errors = StandardOutput(descriptor: 2)
        errors.write(
            "error: standard output could not be written (\(String(cString: strerror(failure)))); "
                + "what App printed is incomplete\n")
        errors.flush()
        exit(74)
    }
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}

/// Text kept in memory: what a test reads back after a scripted session.
public final class RecordedOutput: TextOutput {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }

    public func flush() {}

    /// Returns what was written since the last call, and forgets it.
    public func take() -> String {
        defer { text = "" }
        return text
    }
}

/// Passes text on through the display check, line by line, so nothing written through it can
/// drive a terminal, whatever it quotes (a link, a name, an argument). App writes its standard
/// error through one; what the console writes has passed the check already.
public final class DisplaySafeOutput: TextOutput {
    private let base: any TextOutput

    public init(_ base: any TextOutput) {
        self.base = base
    }

    public func write(_ text: String) {
        // Printable ASCII, tabs and line breaks, the usual case, pass as they are.
        if isPlainASCII(text.utf8, lineBreaks: true) { return base.write(text) }
        base.write(
            text.split(separator: "\n", omittingEmptySubsequences: false).map(\.displaySafe).joined(separator: "\n"))
    }

    public func flush() {
        base.flush()
    }

    public var isClosed: Bool { base.isClosed }
}
