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
/// Job control is handled the same way: at SIGTSTP (Ctrl-Z) the farewell is written and the
/// settings put back before the process stops, so the shell gets the terminal as it was (a
/// password is never echoed after `fg`); at SIGCONT (`fg`) the front's own settings and its
/// greeting (the alternate screen) are set again, and a byte on the front's wake descriptor tells
/// it to draw everything again.
///
/// A front that waits for a byte on a wake descriptor beside its input asks to end gracefully
/// (the full screen, through `arm`; the line console at a terminal, through `endGracefully`): the
/// first of those signals then only notes itself (`signalled`) and wakes it, and the session ends
/// as at `quit` (where the user was is kept, the terminal put back); App then ends by that signal
/// (`endBySignal()`). A second one ends the process at once, as above, so a session that hangs
/// can still be ended. At a password prompt, which turned echo off, a signal ends it at once.
///
/// A C signal handler reaches no object, so what it restores is kept here, set before the
/// handler is installed. One front holds the terminal at a time.
public enum TerminalRestore {
    /// The signals that end the process and are handled.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Keeps what to put back, and installs the handlers.
    /// - Parameters:
    ///   - settings: the terminal's settings to put back.
    ///   - active: the settings the front set (echo off, raw keys), set again at SIGCONT.
    ///   - descriptor: the terminal they are put back on.
    ///   - farewell: bytes written to `output` first.
    ///   - greeting: bytes written to `output` again at SIGCONT (the alternate screen).
    ///   - output: where `farewell` and `greeting` go.
    ///   - wake: a descriptor a byte is written to at SIGCONT, so the front draws everything
    ///     again; -1 for none.
    ///   - replacing: whether a signal that has a handler already is taken too (the full screen
    ///     takes every one; a password prompt leaves one the program set be).
    ///   - endsGracefully: whether the first SIGINT, SIGTERM or SIGHUP asks the front to end
    ///     (through `wake`) rather than ending the process.
    /// - Returns: the signals taken, for `disarm(_:)`.
    public static func arm(
        _ settings: termios, active: termios, of descriptor: Int32, farewell: [UInt8] = [], greeting: [UInt8] = [],
        to output: Int32 = 1, wake: Int32 = -1, replacing: Bool, endsGracefully: Bool = false
    ) -> [Int32] {
        // A handler reads what follows only while armed.
        flags.isArmed.store(false, ordering: .sequentiallyConsistent)
        restoring.pointee.settings = settings
        restoring.pointee.active = active
        restoring.pointee.descriptor = descriptor
        restoring.pointee.farewell = farewell
        restoring.pointee.greeting = greeting
        restoring.pointee.output = output
        restoring.pointee.wake = wake
        flags.isGraceful.store(endsGracefully && wake >= 0, ordering: .sequentiallyConsistent)
        flags.isArmed.store(true, ordering: .sequentiallyConsistent)
        var taken: [Int32] = []
        for number in signals {
            let previous = signal(number, restoreAndEnd)
            if replacing || previous == nil { taken.append(number) } else { signal(number, previous) }
        }
        signal(SIGTSTP, restoreAndStop)
        signal(SIGCONT, setAgain)
        return taken + [SIGTSTP, SIGCONT]
    }

    /// The terminal is put back by its front: the handler does nothing more, and the signals it
    /// took get their default back (or stay with the handler, while work is set to run at a
    /// signal: see `atSignal(_:)`).
    /// - Parameter taken: what `arm` returned.
    public static func disarm(_ taken: [Int32]) {
        flags.isArmed.store(false, ordering: .sequentiallyConsistent)
        let keeps = flags.hasEndingWork.load(ordering: .sequentiallyConsistent)
        for number in taken where !keeps || !signals.contains(number) { signal(number, SIG_DFL) }
    }

    /// Makes the first SIGINT, SIGTERM or SIGHUP, while no front holds the terminal (`arm`), a
    /// request to end the session: a byte is written to `wake`, which the line console's input
    /// waits on beside the terminal, and it ends as at the end of input.
    public static func endGracefully(waking wake: Int32) {
        flags.lineWake.store(wake, ordering: .sequentiallyConsistent)
        for number in signals { signal(number, restoreAndEnd) }
    }

    /// The signal a front that ends gracefully was asked to end by; `nil` while none came.
    public static var signalled: Int32? {
        let number = flags.endRequested.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    /// Ends the process by the signal that asked the front to end (`signalled`), as that signal
    /// asks, once App has ended the session and closed its files; does nothing when none came.
    public static func endBySignal() {
        guard let number = signalled else { return }
        end(by: number)
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
            flags.hasEndingWork.store(false, ordering: .sequentiallyConsistent)
            for number in signals { signal(number, SIG_DFL) }
            return
        }
        if restoring.pointee.endingPipe.write < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            restoring.pointee.endingPipe = (ends[0], ends[1])
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { _ in endWhenSignalled() }, nil) == 0 else { return }
            pthread_detach(thread)
        }
        flags.hasEndingWork.store(true, ordering: .sequentiallyConsistent)
        for number in signals { signal(number, restoreAndEnd) }
    }
}

/// What runs before a handled signal ends the process; see `TerminalRestore.atSignal(_:)`.
private let endingWork = Mutex<(@Sendable () -> Void)?>(nil)

/// The ending thread: waits for a signal's number on the pipe, runs the work, then lets the
/// signal end the process.
private func endWhenSignalled() -> UnsafeMutableRawPointer? {
    var number: UInt8 = 0
    while read(restoring.pointee.endingPipe.read, &number, 1) != 1 {}
    let work = endingWork.withLock { $0 }
    work?()
    end(by: Int32(number))
    return nil
}

/// Lets signal `number` end the process as it asks: its default action, unblocked on this thread.
private func end(by number: Int32) {
    signal(number, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, number)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(number)
}

/// What a handler puts back and writes: set while no handler reads it (by `arm` before it arms;
/// the ending pipe before work is set to run), and kept behind a pointer, whose accesses the
/// runtime does not check, as a handler must not call into it.
private struct Saved {
    var settings = termios()
    var active = termios()
    var descriptor: Int32 = 0
    var farewell: [UInt8] = []
    var greeting: [UInt8] = []
    var output: Int32 = 1
    var wake: Int32 = -1
    var endingPipe: (read: Int32, write: Int32) = (-1, -1)
}

nonisolated(unsafe) private let restoring: UnsafeMutablePointer<Saved> = {
    let saved = UnsafeMutablePointer<Saved>.allocate(capacity: 1)
    saved.initialize(to: Saved())
    return saved
}()

/// What a handler and the program both change, as atomics: a handler runs on the thread it
/// interrupts, so a Swift variable's access checks (the runtime's, for exclusivity) would run
/// inside it and could meet an access that thread had begun. Made before any handler is
/// installed: every function that installs one sets one of them first.
private final class SignalFlags: Sendable {
    let isArmed = Atomic<Bool>(false)
    let isGraceful = Atomic<Bool>(false)
    let endRequested = Atomic<Int32>(0)
    let lineWake = Atomic<Int32>(-1)
    let hasEndingWork = Atomic<Bool>(false)
}

private let flags = SignalFlags()

/// SIGINT, SIGTERM, SIGHUP: to a front that ends gracefully, the first one is a request to end;
/// else the farewell, the terminal's settings back, then the signal ends the process.
private let restoreAndEnd: @convention(c) (Int32) -> Void = { number in
    let armed = flags.isArmed.load(ordering: .sequentiallyConsistent)
    let lineWake = flags.lineWake.load(ordering: .sequentiallyConsistent)
    if flags.endRequested.load(ordering: .sequentiallyConsistent) == 0,
        armed ? flags.isGraceful.load(ordering: .sequentiallyConsistent) : lineWake >= 0
    {
        let saved = errno
        flags.endRequested.store(number, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 0
        _ = write(armed ? restoring.pointee.wake : lineWake, &byte, 1)
        errno = saved
        return
    }
    if armed {
        putTerminalBack()
        flags.isArmed.store(false, ordering: .sequentiallyConsistent)
    }
    if flags.hasEndingWork.load(ordering: .sequentiallyConsistent) {
        // The ending thread runs the work, then ends the process by this signal.
        var byte = UInt8(truncatingIfNeeded: number)
        if write(restoring.pointee.endingPipe.write, &byte, 1) == 1 { return }
    }
    signal(number, SIG_DFL)
    raise(number)
}

/// The farewell, then the terminal's settings as they were before the front: what a handler does
/// for an armed front before the process ends or stops.
private func putTerminalBack() {
    restoring.pointee.farewell.withUnsafeBytes { _ = write(restoring.pointee.output, $0.baseAddress, $0.count) }
    tcsetattr(restoring.pointee.descriptor, TCSANOW, &restoring.pointee.settings)
}

/// SIGTSTP (Ctrl-Z): the farewell and the terminal's settings back, then the process stops as
/// the signal asks. When it goes on (`fg`), SIGCONT's handler sets the front's settings again.
private let restoreAndStop: @convention(c) (Int32) -> Void = { _ in
    let saved = errno
    if flags.isArmed.load(ordering: .sequentiallyConsistent) { putTerminalBack() }
    signal(SIGTSTP, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(SIGTSTP)
    // Continued (or never stopped: an orphaned process group ignores the stop).
    pthread_sigmask(SIG_BLOCK, &only, nil)
    signal(SIGTSTP, restoreAndStop)
    setAgain(SIGCONT)
    errno = saved
}

/// SIGCONT (`fg`): the front's settings and greeting again, and a byte to wake it to draw
/// everything again. Setting them twice (here and after the stop) changes nothing.
private let setAgain: @convention(c) (Int32) -> Void = { _ in
    guard flags.isArmed.load(ordering: .sequentiallyConsistent) else { return }
    let saved = errno
    tcsetattr(restoring.pointee.descriptor, TCSANOW, &restoring.pointee.active)
    restoring.pointee.greeting.withUnsafeBytes { _ = write(restoring.pointee.output, $0.baseAddress, $0.count) }
    if restoring.pointee.wake >= 0 {
        var byte: UInt8 = 1
        _ = write(restoring.pointee.wake, &byte, 1)
    }
    errno = saved
}
