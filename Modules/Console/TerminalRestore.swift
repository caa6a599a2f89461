import Synchronization

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
    /// took get their default back (or stay with the handler, while work is set to run at a
    /// signal: see `atSignal(_:)`).
    /// - Parameter taken: what `arm` returned.
    public static func disarm(_ taken: [Int32]) {
        isArmed = 0
        guard hasEndingWork == 0 else { return }
        for number in taken { signal(number, SIG_DFL) }
    }

    /// Sets what runs when SIGINT, SIGTERM or SIGHUP ends the process, before it ends: App
    /// copies its database's log into the file, so the file alone holds everything. `nil`
    /// clears it (the signals end the process at once again).
    ///
    /// The handler itself only puts the terminal back and writes the signal's number to a pipe;
    /// a thread of its own reads it, runs `work` there (never in the handler, where almost
    /// nothing may be called), then lets the signal end the process as it asks.
    /// - Parameter work: what to run; it must be safe to call from another thread.
    public static func atSignal(_ work: (@Sendable () -> Void)?) {
        endingWork.withLock { $0 = work }
        guard work != nil else {
            hasEndingWork = 0
            for number in signals { signal(number, SIG_DFL) }
            return
        }
        if endingPipe.write < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            endingPipe = (ends[0], ends[1])
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { _ in endWhenSignalled() }, nil) == 0 else { return }
            pthread_detach(thread)
        }
        hasEndingWork = 1
        for number in signals { signal(number, restoreAndEnd) }
    }
}

/// What runs before a handled signal ends the process; see `TerminalRestore.atSignal(_:)`.
private let endingWork = Mutex<(@Sendable () -> Void)?>(nil)

/// The ending thread: waits for a signal's number on the pipe, runs the work, then lets the
/// signal end the process.
private func endWhenSignalled() -> UnsafeMutableRawPointer? {
    var number: UInt8 = 0
    while read(endingPipe.read, &number, 1) != 1 {}
    let work = endingWork.withLock { $0 }
    work?()
    signal(Int32(number), SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, Int32(number))
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(Int32(number))
    return nil
}

// What the handler reads: set before it is installed, so nothing is initialised in it.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = 0
nonisolated(unsafe) private var farewellBytes: [UInt8] = []
nonisolated(unsafe) private var farewellOutput: Int32 = 1
nonisolated(unsafe) private var isArmed: sig_atomic_t = 0
nonisolated(unsafe) private var hasEndingWork: sig_atomic_t = 0
nonisolated(unsafe) private var endingPipe: (read: Int32, write: Int32) = (-1, -1)

/// SIGINT, SIGTERM, SIGHUP: the farewell, the terminal's settings back, then the signal ends the
/// process.
private let restoreAndEnd: @convention(c) (Int32) -> Void = { number in
    if isArmed != 0 {
        farewellBytes.withUnsafeBytes { _ = write(farewellOutput, $0.baseAddress, $0.count) }
        tcsetattr(savedDescriptor, TCSANOW, &savedSettings)
        isArmed = 0
    }
    if hasEndingWork != 0 {
        // The ending thread runs the work, then ends the process by this signal.
        var byte = UInt8(truncatingIfNeeded: number)
        if write(endingPipe.write, &byte, 1) == 1 { return }
    }
    signal(number, SIG_DFL)
    raise(number)
}
