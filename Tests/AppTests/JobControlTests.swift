import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-Z and `fg` on a real terminal (Hardening 5, item 4): every mode App set is left while it
/// is stopped, and set again when it goes on, on both fronts.
extension TerminalTests {
    /// Waits until App has stopped (SIGTSTP took effect); `false` after two minutes (a bound for
    /// a hung App only).
    static func stopped(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        for _ in 0..<12_000 {
            if waitpid(pid, &status, WUNTRACED | WNOHANG) == pid { return status & 0xFF == 0x7F }
            usleep(10_000)
        }
        return false
    }

    /// Waits until the terminal's echo is `on`; `false` after two minutes.
    static func echo(of terminal: PseudoTerminal, becomes on: Bool) -> Bool {
        for _ in 0..<12_000 {
            if terminal.echoes == on { return true }
            usleep(10_000)
        }
        return false
    }

    @Test(
        "Ctrl-Z at Password: puts echo back on while App is stopped; fg turns it off again, and the password typed then is not echoed"
    )
    func stopAtPasswordPrompt() throws {
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal)
        #expect(terminal.read(until: "Commands: login") != nil)
        terminal.type("login alice\n")
        #expect(terminal.read(until: "Password: ") != nil)
        #expect(Self.echo(of: terminal, becomes: false), "App did not turn echo off at the password prompt")

        kill(app.pid, SIGTSTP)
        #expect(Self.stopped(app.pid), "App did not stop")
        #expect(terminal.echoes, "echo was left off while App is stopped: the shell would not show what is typed")
        kill(app.pid, SIGCONT)
        #expect(Self.echo(of: terminal, becomes: false), "echo was not turned off again after fg")

        terminal.type("wonderland\n")
        let after = try #require(terminal.read(until: "Signed in as Alice"))
        #expect(!after.contains("wonderland"), "the password was echoed after fg")
        terminal.type("quit\n")
        #expect(app.signalThatEndedIt() == nil)
    }

    @Test("Ctrl-Z at the console's prompt leaves echo on, and after fg the console reads the next line")
    func stopAtLinePrompt() throws {
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal)
        #expect(terminal.read(until: "Commands: login") != nil)

        kill(app.pid, SIGTSTP)
        #expect(Self.stopped(app.pid), "App did not stop")
        #expect(terminal.echoes)
        kill(app.pid, SIGCONT)

        terminal.type("login alice\n")
        #expect(terminal.read(until: "Password: ") != nil)
        terminal.type("wonderland\n")
        #expect(terminal.read(until: "Signed in as Alice") != nil)
        #expect(terminal.echoes)
        terminal.type("quit\n")
        #expect(app.signalThatEndedIt() == nil)
    }

    @Test(
        "Ctrl-Z on --screen puts the main screen and the terminal's settings back while stopped; fg takes raw keys and the alternate screen again and draws everything"
    )
    func stopOnTheFullScreen() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        var before = termios()
        tcgetattr(terminal.secondary, &before)
        let app = try Child(on: terminal, arguments: ["--in-memory", "--screen"])
        let screen = Emulator(rows: 24, columns: 80)
        terminal.expect("the login screen", on: screen) { $0.text.contains("[l]ogin <username>") }

        kill(app.pid, SIGTSTP)
        #expect(terminal.read(until: "\u{1B}[?1049l") != nil, "the main screen was not put back")
        #expect(Self.stopped(app.pid), "App did not stop")
        var stopped = termios()
        tcgetattr(terminal.secondary, &stopped)
        #expect(stopped.c_lflag == before.c_lflag && stopped.c_iflag == before.c_iflag, "the terminal was not put back")

        kill(app.pid, SIGCONT)
        // A blank emulator shows the login screen again only if App draws all of it.
        let redrawn = Emulator(rows: 24, columns: 80)
        terminal.expect("the whole screen drawn again", on: redrawn) { $0.text.contains("[l]ogin <username>") }
        var continued = termios()
        tcgetattr(terminal.secondary, &continued)
        #expect(continued.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw keys were not taken again")

        terminal.type(":quit\r")
        #expect(app.signalThatEndedIt() == nil)
        var after = termios()
        tcgetattr(terminal.secondary, &after)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "the terminal was not put back")
    }
}
