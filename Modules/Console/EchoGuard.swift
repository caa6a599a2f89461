#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal back when a signal ends the process while a secret is read with echo off.
///
/// Ctrl-C, `kill` or a closed terminal at `Password:` would otherwise leave the terminal silent
/// for whatever runs next, when the parent (a script, `dash`) does not repair it. While armed,
/// SIGINT, SIGTERM and SIGHUP restore the saved settings, then end the process the way the
/// signal asks (the handler puts back the default action and raises the signal again), so the
/// parent still sees "killed by SIGINT". A signal the process was told to ignore stays ignored.
///
/// A signal handler cannot be handed anything, so the settings live in the one process-wide
/// slot below; it holds a value only between `arm` and `disarm`.
enum EchoGuard {
    /// The signals that end a process and that a user or a parent sends to a prompt.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The terminal to restore, and its settings; written only while no handler is installed.
    private nonisolated(unsafe) static var saved: (descriptor: Int32, settings: termios)?

    /// Saves `settings` of the terminal at `descriptor` and installs the handlers.
    /// - Returns: the handlers that were there before, for `disarm`.
    static func arm(descriptor: Int32, settings: termios) -> [(Int32, Handler)] {
        saved = (descriptor, settings)
        var previous: [(Int32, Handler)] = []
        for number in signals {
            let old = signal(number, restoreThenRaise)
            if isIgnore(old) {
                signal(number, old)  // ignored before: stays ignored.
            } else {
                previous.append((number, old))
            }
        }
        return previous
    }

    /// Puts back the handlers `arm` replaced and forgets the settings.
    static func disarm(_ previous: [(Int32, Handler)]) {
        for (number, handler) in previous { signal(number, handler) }
        saved = nil
    }

    #if canImport(Darwin)
        typealias Handler = sig_t?
    #else
        typealias Handler = __sighandler_t?
    #endif

    private static func isIgnore(_ handler: Handler) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The handler: restore the terminal, then die of the signal as if no handler had been there.
/// Only async-signal-safe calls: `tcsetattr`, `signal`, `raise`.
private func restoreThenRaise(_ number: Int32) {
    EchoGuard.restoreFromHandler()
    signal(number, SIG_DFL)
    raise(number)
}

extension EchoGuard {
    fileprivate static func restoreFromHandler() {
        guard let saved else { return }
        var settings = saved.settings
        tcsetattr(saved.descriptor, TCSANOW, &settings)
    }
}
