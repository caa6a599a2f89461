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
    /// Hands everything written so far to its destination; the console calls it before it
    /// waits for input.
    func flush()
}

/// Text written to a file descriptor (standard output by default), buffered until `flush()`.
/// Writes nothing but the text it is given: no terminal control codes.
public final class StandardOutput: TextOutput {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var closed = false

    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    public func write(_ text: String) {
        guard !closed else { return }
        pending.append(contentsOf: text.utf8)
        if pending.count >= 1 << 16 { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < pending.count, !closed {
            let written = pending[offset...].withUnsafeBytes { writeBytes(descriptor, $0) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                closed = true  // the reader went away (a closed pipe): stop writing, keep running.
            }
        }
        pending.removeAll(keepingCapacity: true)
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
