#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a terminal back when SIGINT, SIGTERM or SIGHUP ends the process while a front has changed
/// its settings (echo off at a password, raw keys on the full screen): a handler writes the
/// front's farewell (the main screen back), restores the settings, then lets the signal end the
/// process as it asks.
///
/// A C signal handler reaches no object, so what it restores is kept here, set before the
/// handler is installed. One front holds the terminal at a time.
public enum TerminalRestore {
    /// The signals that end the process and are handled.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Keeps what to put back, and installs the handler.
    /// - Parameters:
    ///   - settings: the terminal's settings to put back.
    ///   - descriptor: the terminal they are put back on.
    ///   - farewell: bytes written to `output` first.
    ///   - output: where `farewell` goes.
    ///   - replacing: whether a signal that has a handler already is taken too (the full screen
    ///     takes every one; a password prompt leaves one the program set be).
    /// - Returns: the signals taken, for `disarm(_:)`.
    public static func arm(
        _ settings: termios, of descriptor: Int32, farewell: [UInt8] = [], to output: Int32 = 1, replacing: Bool
    ) -> [Int32] {
        savedSettings = settings
        savedDescriptor = descriptor
        farewellBytes = farewell
        farewellOutput = output
        isArmed = 1
        var taken: [Int32] = []
        for number in signals {
            let previous = signal(number, restoreAndEnd)
            if replacing || previous == nil { taken.append(number) } else { signal(number, previous) }
        }
        return taken
    }

    /// The terminal is put back by its front: the handler does nothing more, and the signals it
    /// took get their default back.
    /// - Parameter taken: what `arm` returned.
    public static func disarm(_ taken: [Int32]) {
        isArmed = 0
        for number in taken { signal(number, SIG_DFL) }
    }
}

// What the handler reads: set before it is installed, so nothing is initialised in it.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = 0
nonisolated(unsafe) private var farewellBytes: [UInt8] = []
nonisolated(unsafe) private var farewellOutput: Int32 = 1
nonisolated(unsafe) private var isArmed: sig_atomic_t = 0

/// SIGINT, SIGTERM, SIGHUP: the farewell, the terminal's settings back, then the signal ends the
/// process.
private let restoreAndEnd: @convention(c) (Int32) -> Void = { number in
    if isArmed != 0 {
        farewellBytes.withUnsafeBytes { _ = write(farewellOutput, $0.baseAddress, $0.count) }
        tcsetattr(savedDescriptor, TCSANOW, &savedSettings)
        isArmed = 0
    }
    signal(number, SIG_DFL)
    raise(number)
}
