import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `App` binary at a real terminal: a pseudo-terminal this test opens, as a person's
/// terminal emulator would.
@Suite("App binary at a terminal", .serialized)
struct TerminalTests {
    /// A pseudo-terminal: the side the test types into and reads from, and the side App gets as
    /// its standard input, output and error.
    final class PseudoTerminal {
        let primary: Int32
        let secondary: Int32

        init() throws {
            // The XSI calls, looked up at run time: Glibc's Swift module leaves them out.
            guard let library = dlopen(nil, RTLD_NOW),
                let openPrimary = TerminalTests.symbol(
                    "posix_openpt", in: library, as: (@convention(c) (Int32) -> Int32).self),
                let grant = TerminalTests.symbol("grantpt", in: library, as: (@convention(c) (Int32) -> Int32).self),
                let unlock = TerminalTests.symbol("unlockpt", in: library, as: (@convention(c) (Int32) -> Int32).self),
                let nameOf = TerminalTests.symbol(
                    "ptsname", in: library, as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
            else { throw Failure("this C library has no posix_openpt") }
            primary = openPrimary(O_RDWR | O_NOCTTY)
            guard primary >= 0, grant(primary) == 0, unlock(primary) == 0, let name = nameOf(primary) else {
                throw Failure("could not open a pseudo-terminal (errno \(errno))")
            }
            secondary = open(name, O_RDWR | O_NOCTTY)
            guard secondary >= 0 else { throw Failure("could not open \(String(cString: name)) (errno \(errno))") }
        }

        deinit {
            close(secondary)
            close(primary)
        }

        /// Whether the terminal echoes what is typed.
        var echoes: Bool {
            var settings = termios()
            guard tcgetattr(secondary, &settings) == 0 else { return false }
            return settings.c_lflag & tcflag_t(ECHO) != 0
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(primary, $0.baseAddress, $0.count - 1) }
        }

        /// What App writes until `marker` appears; `nil` if nothing comes for 10 seconds.
        func read(until marker: String) -> String? {
            var seen = ""
            var buffer = [UInt8](repeating: 0, count: 4_096)
            var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            while !seen.contains(marker) {
                guard poll(&descriptor, 1, 10_000) == 1 else { return nil }
                let count = buffer.withUnsafeMutableBytes { Foundation.read(primary, $0.baseAddress, $0.count) }
                guard count > 0 else { return nil }
                seen += String(decoding: buffer[..<count], as: UTF8.self)
            }
            return seen
        }
    }

    static func symbol<T>(_ name: String, in library: UnsafeMutableRawPointer, as type: T.Type) -> T? {
        dlsym(library, name).map { unsafeBitCast($0, to: type) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// App, started on `terminal` as a shell starts a program: with no signal blocked and every
    /// signal's default action. (`Process` would hand on the signal mask of the test's worker
    /// thread, which blocks SIGINT.)
    struct Child {
        let pid: pid_t

        init(on terminal: PseudoTerminal) throws {
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for standard: Int32 in [0, 1, 2] {
                posix_spawn_file_actions_adddup2(&actions, terminal.secondary, standard)
            }
            let path = appBinary.path
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("--in-memory"), nil]
            defer { for argument in arguments { free(argument) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, &attributes, arguments, environ)
            guard status == 0 else { throw Failure("could not start \(path) (error \(status))") }
            self.pid = pid
        }

        /// How it ended: the signal that killed it, or `nil` when it exited (or had not ended
        /// within 10 seconds, after which it is killed).
        func signalThatEndedIt() -> Int32? {
            var status: Int32 = 0
            for _ in 0..<1_000 {
                if waitpid(pid, &status, WNOHANG) == pid {
                    let signal = status & 0x7F
                    return signal != 0 && signal != 0x7F ? signal : nil
                }
                usleep(10_000)
            }
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return nil
        }
    }

    @Test(
        "a signal at Password: puts echo back on, and App still ends by that signal",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalAtPasswordPrompt(signal: Int32) throws {
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal)

        #expect(terminal.read(until: "Commands: login") != nil)
        #expect(terminal.echoes)
        terminal.type("login alice\n")
        #expect(terminal.read(until: "Password: ") != nil)
        let deadline = Date().addingTimeInterval(10)
        while terminal.echoes, Date() < deadline { usleep(10_000) }
        #expect(!terminal.echoes, "App did not turn echo off at the password prompt")

        kill(app.pid, signal)

        #expect(app.signalThatEndedIt() == signal)
        #expect(terminal.echoes, "the terminal was left with echo off")
    }
}
