import Domain
import Foundation
import Testing

@testable import Store

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

        /// Types `line` and Enter, then reads until `marker` appears.
        func type(_ line: String, until marker: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            type(line + "\n")
            try #require(read(until: marker) != nil, "no \(marker)", sourceLocation: sourceLocation)
        }

        /// What App writes until `marker` appears; `nil` if nothing comes for two minutes (a bound
        /// for a hung App only).
        func read(until marker: String) -> String? {
            var seen = ""
            var buffer = [UInt8](repeating: 0, count: 4_096)
            var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            while !seen.contains(marker) {
                guard poll(&descriptor, 1, 120_000) == 1 else { return nil }
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

        init(on terminal: PseudoTerminal, arguments extra: [String] = ["--in-memory"]) throws {
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
            let arguments: [UnsafeMutablePointer<CChar>?] = ([path] + extra).map { strdup($0) } + [nil]
            defer { for argument in arguments { free(argument) } }
            // The test's own variables, but for TERM: the pseudo-terminal is one that moves its
            // cursor, as a terminal emulator says, whatever the shell that runs the tests says.
            var variables = ProcessInfo.processInfo.environment
            variables["TERM"] = "xterm-256color"
            let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0)=\($1)") } + [nil]
            defer { for variable in environment { free(variable) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, &attributes, arguments, environment)
            guard status == 0 else { throw Failure("could not start \(path) (error \(status))") }
            self.pid = pid
        }

        /// How it ended: the signal that killed it, or `nil` when it exited (or had not ended
        /// within two minutes, a bound for a hung App only, after which it is killed).
        func signalThatEndedIt() -> Int32? {
            var status: Int32 = 0
            for _ in 0..<12_000 {
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
        let deadline = Date().addingTimeInterval(60)
        while terminal.echoes, Date() < deadline { usleep(10_000) }
        #expect(!terminal.echoes, "App did not turn echo off at the password prompt")

        kill(app.pid, signal)

        #expect(app.signalThatEndedIt() == signal)
        #expect(terminal.echoes, "the terminal was left with echo off")
    }

    @Test(
        "App --screen ended by a signal puts the terminal back (its settings, the main screen, wrapping at the edge) and still ends by that signal",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func fullScreenSignal(signal: Int32) throws {
        let session = try ScreenApp()
        let (terminal, app, screen) = (session.terminal, session.app, session.screen)
        #expect(terminal.read(into: screen) { $0.text.contains("[l]ogin <username>") })

        kill(app.pid, signal)

        #expect(app.signalThatEndedIt() == signal)
        let last = terminal.drain()
        #expect(last.contains("\u{1B}[?1049l"), "the main screen was not put back")
        #expect(last.contains("\u{1B}[?7h"), "wrapping at the right edge was not put back")
        var after = termios()
        tcgetattr(terminal.secondary, &after)
        #expect(
            after.c_lflag == session.before.c_lflag && after.c_iflag == session.before.c_iflag,
            "the terminal was not put back")
    }

    @Test(
        "App --screen at a terminal: sign-in, a profile, a back gesture cancelled then finished, a tab, a link after ':', a second window, ` to go between them, closing one, quit; the terminal is put back as it was"
    )
    func fullScreen() throws {
        let session = try ScreenApp()
        let (terminal, app, screen) = (session.terminal, session.app, session.screen)

        terminal.signInAsAlice(on: screen)
        #expect(!screen.text.contains("wonderland"), "the password was shown")
        #expect(!screen.wraps, "a row the terminal finds too wide would wrap onto the next")
        terminal.type("\r")
        session.waitFor("Bob's profile") {
            $0.lines[0].hasPrefix(" Friends > [Profile @bob]") && $0.text.contains("Can we fix it?")
        }
        // <- begins a back gesture; -> cancels it, however late the app reads it: the profile
        // stays (past the gesture's 350 ms, it would be gone if the cancel were lost).
        terminal.type("\u{1B}[D\u{1B}[C")
        usleep(500_000)
        session.waitFor("the profile, still there") { $0.lines[0].hasPrefix(" Friends > [Profile @bob]") }
        // <- again, let go: the gesture finishes, the profile is gone.
        terminal.type("\u{1B}[D")
        session.waitFor("the friends list") { $0.lines[0].trimmingTrailing() == " Friends" }
        // `u` unfriends only when pressed again: Esc answers no, and Bob stays.
        terminal.type("u")
        session.waitFor("the question") { $0.text.contains("Press u again to do it") }
        terminal.type("\u{1B}")
        session.waitFor("no") { $0.text.contains("Not done: unfriend 1.") && $0.text.contains("1. Bob Builder") }
        terminal.type("\t")
        session.waitFor("the chats tab") { $0.lines[0].trimmingTrailing() == " Chats" }
        terminal.type(":open waypoint://chats/chat/bob")
        session.waitFor("the link typed") { $0.lines[23].hasPrefix(":open waypoint://chats/chat/bob_") }
        terminal.type("\r")
        session.waitFor("Bob's chat") { $0.lines[0].trimmingTrailing() == " Chats > Chat @bob" }
        // A second window: the breadcrumb starts with its number; ` goes to the next window, each
        // as it was left; closing one leaves the other, whose breadcrumb drops the number.
        terminal.type(":window new\r")
        session.waitFor("window 2") { $0.lines[0].trimmingTrailing() == " Window 2: Friends" }
        terminal.type("`")
        session.waitFor("window 1, as it was") { $0.lines[0].trimmingTrailing() == " Window 1: Chats > Chat @bob" }
        terminal.type("`:window close\r")
        session.waitFor("window 2 closed") { $0.lines[0].trimmingTrailing() == " Chats > Chat @bob" }
        terminal.type(":quit\r")

        #expect(app.signalThatEndedIt() == nil)
        let last = terminal.drain()
        #expect(last.contains("Bye."), "the last words on the main screen")
        screen.feed(Array(last.utf8))
        #expect(screen.wraps, "wrapping at the right edge was not put back")
        var after = termios()
        tcgetattr(terminal.secondary, &after)
        #expect(
            after.c_lflag == session.before.c_lflag && after.c_iflag == session.before.c_iflag,
            "the terminal was not put back")
    }
}

extension TerminalTests {
    @Test(
        "a handled signal (SIGTERM, SIGINT, SIGHUP) ends App by that signal with its database's log in the file: a copy of the file alone has every account and message",
        arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalLeavesOneFile(signal: Int32) async throws {
        let folder = try AppFolder("waypoint-signal")
        let data = folder.path("w.sqlite")
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal, arguments: ["--data", data])
        try #require(terminal.read(until: "Commands: login") != nil, "App showed no Login")
        try terminal.type("signup", until: "Commands: create")
        try terminal.type("create sig Sig Nal", until: "Password: ")
        try terminal.type("secret99", until: "Account @sig created")
        try terminal.type("login alice", until: "Password: ")
        try terminal.type("wonderland", until: "Signed in as Alice")
        try terminal.type("message 1", until: "Commands: send")
        try terminal.type("send Before the signal", until: "You: Before the signal")

        kill(app.pid, signal)

        #expect(app.signalThatEndedIt() == signal)
        let copy = folder.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: data, toPath: copy)
        try await MainActor.run {
            let store = try SQLiteStore(path: copy, iterations: 1)
            #expect(try store.user("sig").name == "Sig Nal")
            #expect(try store.conversation(between: "alice", and: "bob").map(\.text).last == "Before the signal")
        }
    }

    @Test(
        "the line console at a terminal ended by Ctrl-C, kill or a closed terminal, at rest or while a screen loads, ends the session as quit does (where you were kept, and said), then ends by that signal",
        arguments: [(SIGINT, false), (SIGTERM, false), (SIGHUP, false), (SIGINT, true)])
    func lineConsoleSignalKeeps(signal: Int32, loading: Bool) throws {
        let folder = try AppFolder("waypoint-signal")
        let data = folder.path("w.sqlite")
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal, arguments: ["--data", data])
        try #require(terminal.read(until: "Commands: login") != nil, "App showed no Login")
        // Quinn's friend Ivy's profile never answers: its placeholder stands in until the signal.
        let (user, password, command, place) =
            loading
            ? ("quinn", "patience", "profile 3", "Friends")
            : ("alice", "wonderland", "profile 2", "Friends > [Profile @carol]")
        try terminal.type("login \(user)", until: "Password: ")
        try terminal.type(password, until: "Signed in as")
        try terminal.type(command, until: loading ? "Still loading" : "== Friends > [Profile @carol] ==")

        kill(app.pid, signal)

        #expect(app.signalThatEndedIt() == signal)
        let last = terminal.drain()
        #expect(last.contains("Kept where you were, @\(user): \(place)."), "\(last)")
        #expect(last.contains("Bye."))
        let again = try BinaryTests().run(
            ["--data", data], input: Data("login \(user)\n\(password)\nwhere\nquit\n".utf8))
        #expect(again.output.contains("top:     Profile @carol") != loading, "\(again.output)")
    }

    @Test(
        "App --screen ended by Ctrl-C, kill or a closed terminal ends the session as quit does (where you were kept, with a draft, and said), then ends by that signal",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func fullScreenSignalKeeps(signal: Int32) throws {
        let folder = try AppFolder("waypoint-signal")
        let data = folder.path("w.sqlite")
        let session = try ScreenApp(data: ["--data", data])
        let (terminal, app, screen) = (session.terminal, session.app, session.screen)
        terminal.signInAsAlice(on: screen)
        terminal.type(":open waypoint://me/edit-bio\r")
        session.waitFor("Edit bio") { $0.lines[0].hasPrefix(" Profile @alice > [Edit bio]") }
        terminal.type(":bio Half written\r")
        session.waitFor("the draft") { $0.text.contains("\"Half written\" (unsaved)") }

        kill(app.pid, signal)

        #expect(app.signalThatEndedIt() == signal)
        let last = terminal.drain()
        #expect(
            last.contains("Kept where you were, @alice: Me > [Edit bio], with your unsaved work on Edit bio."),
            "\(last)")
        #expect(last.contains("Bye."))
        var after = termios()
        tcgetattr(terminal.secondary, &after)
        #expect(after.c_lflag == session.before.c_lflag, "the terminal was not put back")
        let again = try BinaryTests().run(
            ["--data", data], input: Data("login alice\nwonderland\nwhere\nquit\n".utf8))
        #expect(again.output.contains("top:     Edit bio"), "\(again.output)")
        #expect(again.output.contains("Half written"), "the draft was not kept")
    }

    @Test(
        "App --screen redraws at the new size when the terminal is resized while it waits for a key, after commands ran and threads exist; a terminal 3 rows high shows the message to make it larger, not a trap"
    )
    func resizeWhileIdle() throws {
        let session = try ScreenApp(rows: 30, columns: 100)
        let (terminal, app, screen) = (session.terminal, session.app, session.screen)
        func resize(_ columns: UInt16, _ rows: UInt16) {
            terminal.resize(columns: columns, rows: rows)
            // App's terminal is not its controlling one here, so the test sends what the kernel would.
            kill(app.pid, SIGWINCH)
        }

        terminal.signInAsAlice(on: screen)
        terminal.type(":where\r")
        session.waitFor("where") { $0.text.contains("waypoint://friends") }
        // Idle at the friends list: the resize alone must bring a frame at the new size.
        resize(100, 30)
        session.waitFor("the tab bar on the new last row") { $0.lines[29].contains("friends") }
        resize(80, 3)
        session.waitFor("the message to make the terminal larger") { $0.text.contains("Make the terminal") }
        terminal.type("\r")
        resize(80, 24)
        session.waitFor("the screen again") { $0.lines[23].contains("friends") }
        terminal.type(":quit\r")

        #expect(app.signalThatEndedIt() == nil)
    }

    @Test(
        "App --screen asks for bracketed paste and reads a paste as text: a phrase pasted on the friends list opens the command line with it and unfriends no one; the page keys and those that edit the line typed are read as a terminal sends them; pasted into a message, it is sent with Enter"
    )
    func pasteIsNotKeys() throws {
        let session = try ScreenApp()
        let (terminal, app, screen) = (session.terminal, session.app, session.screen)

        terminal.signInAsAlice(on: screen)
        terminal.type("\u{1B}[6~")
        session.waitFor("Page Down: the last friend chosen") { $0.text.contains("> 4. Frank Outage (@frank)") }
        terminal.type("\u{1B}[5~")
        session.waitFor("Page Up: the first again") { $0.text.contains("> 1. Bob Builder (@bob)") }
        // "you" and "upstairs" hold u (unfriend) twice, p (profile) and s: as keys they acted.
        terminal.type("\u{1B}[200~see you\nups")
        terminal.type("tairs\u{1B}[201~")
        session.waitFor("the command line with the paste") { $0.lines[23].hasPrefix(":see you upstairs_") }
        #expect(screen.text.contains("1. Bob Builder (@bob)") && screen.text.contains("2. Carol Singer (@carol)"))
        terminal.type("\u{1B}")
        session.waitFor("the line gone") { $0.lines[23].contains("friends") }
        terminal.type("m")
        session.waitFor("Bob's chat") { $0.lines[0].trimmingTrailing() == " Friends > Chat @bob" }
        // The line being typed is edited as a terminal sends the keys: Ctrl-A, Delete (three),
        // End, a letter; ← twice, Ctrl-K.
        terminal.type(":xx wher\u{01}\u{1B}[3~\u{1B}[3~\u{1B}[3~\u{1B}[Fe\u{1B}[D\u{1B}[D\u{0B}")
        session.waitFor("the line edited") { $0.lines[23].hasPrefix(":whe_") }
        terminal.type("\u{1B}[Hn\u{05}\u{7F}\u{17}")
        session.waitFor("the line edited again") { $0.lines[23].hasPrefix(":_") }
        terminal.type("\u{1B}")
        terminal.type("s\u{1B}[200~pasted\tmessage\n\u{1B}[201~")
        session.waitFor("the message typed") { $0.lines[23].hasPrefix("send pasted message_") }
        terminal.type("\r")
        session.waitFor("the message sent") { $0.text.contains("You: pasted message") }
        terminal.type(":quit\r")

        #expect(app.signalThatEndedIt() == nil)
        #expect(terminal.drain().contains("\u{1B}[?2004l"), "bracketed paste was not turned off")
    }

    @Test(
        "App --screen: after another program wrote on the terminal, Ctrl-L draws the whole screen again, at the friends list and while a line is typed"
    )
    func controlLRedraws() throws {
        let session = try ScreenApp()
        let (terminal, app, screen) = (session.terminal, session.app, session.screen)
        /// What another program writes on the same terminal (a background job, `wall`).
        func scribble() {
            let text = "\u{1B}[6;3HSCRIBBLE FROM ANOTHER PROGRAM\u{1B}[24;1Hscribble"
            _ = text.utf8CString.withUnsafeBufferPointer { write(terminal.secondary, $0.baseAddress, $0.count - 1) }
            session.waitFor("the scribble") { $0.lines[5].contains("SCRIBBLE") && $0.lines[23].hasPrefix("scribble") }
        }

        terminal.signInAsAlice(on: screen)
        scribble()
        terminal.type("\u{0C}")
        session.waitFor("the friends list whole again") {
            !$0.text.contains("SCRIBBLE") && $0.lines[5].hasPrefix(" > 1. Bob Builder (@bob)")
                && $0.lines[23].contains("friends") && !$0.lines[23].hasPrefix("scribble")
        }
        terminal.type(":wh")
        session.waitFor("the line typed") { $0.lines[23].hasPrefix(":wh_") }
        scribble()
        terminal.type("\u{0C}")
        session.waitFor("the line, still typed, and the list whole again") {
            !$0.text.contains("SCRIBBLE") && $0.lines[5].hasPrefix(" > 1. Bob Builder (@bob)")
                && $0.lines[23].hasPrefix(":wh_")
        }
        terminal.type("ere\r")
        session.waitFor("where") { $0.text.contains("waypoint://friends") }
        terminal.type(":quit\r")

        #expect(app.signalThatEndedIt() == nil)
    }
}

extension TerminalTests {
    /// `App --in-memory --screen` at a pseudo-terminal of 80 × 24, the terminal's settings from
    /// before it started, and an emulator of `rows` × `columns` that reads what it shows.
    struct ScreenApp {
        let terminal: PseudoTerminal
        let before: termios
        let app: Child
        let screen: Emulator

        init(rows: Int = 24, columns: Int = 80, data: [String] = ["--in-memory"]) throws {
            terminal = try PseudoTerminal(columns: 80, rows: 24)
            var settings = termios()
            tcgetattr(terminal.secondary, &settings)
            before = settings
            app = try Child(on: terminal, arguments: data + ["--screen"])
            screen = Emulator(rows: rows, columns: columns)
        }

        /// Expects the screen to come to show what `ready` looks for.
        func waitFor(
            _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ ready: (Emulator) -> Bool
        ) {
            terminal.expect(what, on: screen, ready, sourceLocation: sourceLocation)
        }
    }
}

/// Enough of a terminal to read App's full screen: the cursor moves, clearing, text, and whether
/// text wraps at the right edge; styles are ignored. What it shows is what a person would see.
final class Emulator {
    private(set) var lines: [String]
    /// Whether text past the right edge wraps onto the next row (a terminal's default).
    private(set) var wraps = true
    private var cells: [[Character]]
    private var row = 0
    private var column = 0
    private var pending: [UInt8] = []

    init(rows: Int, columns: Int) {
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        lines = Array(repeating: "", count: rows)
    }

    var text: String { lines.joined(separator: "\n") }

    func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard index + 1 < pending.count else { break }
                guard pending[index + 1] == UInt8(ascii: "[") else {
                    index += 2
                    continue
                }
                var end = index + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                guard end < pending.count else { break }
                let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
                switch pending[end] {
                case UInt8(ascii: "H"):
                    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                    row = (numbers.first ?? 1) - 1
                    column = (numbers.dropFirst().first ?? 1) - 1
                case UInt8(ascii: "J"), UInt8(ascii: "h"), UInt8(ascii: "l"):
                    if parameters == "2" || parameters == "?1049" {
                        cells = cells.map { $0.map { _ in " " } }
                    }
                    if parameters == "?7" { wraps = pending[end] == UInt8(ascii: "h") }
                default:
                    break
                }
                index = end + 1
                continue
            }
            // One UTF-8 character.
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + length <= pending.count else { break }
            if byte == 0x0D {
                column = 0
            } else if byte == 0x0A {
                row += 1
            } else if byte >= 0x20 {
                if cells.indices.contains(row), cells[row].indices.contains(column) {
                    cells[row][column] = String(decoding: pending[index..<(index + length)], as: UTF8.self).first ?? "?"
                }
                column += 1
            }
            index += length
        }
        pending.removeFirst(index)
        lines = cells.map { String($0) }
    }
}

extension String {
    func trimmingTrailing() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

extension TerminalTests.PseudoTerminal {
    /// A pseudo-terminal of `columns` × `rows`.
    convenience init(columns: UInt16, rows: UInt16) throws {
        try self.init()
        resize(columns: columns, rows: rows)
    }

    /// Makes the terminal `columns` × `rows`.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(secondary, UInt(TIOCSWINSZ), &size)
    }

    /// Signs in as Alice on App --screen, 24 rows high: the username at the bottom, the password,
    /// then the friends tab.
    func signInAsAlice(on screen: Emulator, sourceLocation: SourceLocation = #_sourceLocation) {
        expect("Login", on: screen, { $0.text.contains("[l]ogin <username>") }, sourceLocation: sourceLocation)
        type("l")
        expect("the username field", on: screen, { $0.lines[23].hasPrefix("login _") }, sourceLocation: sourceLocation)
        type("alice\r")
        expect(
            "the password field", on: screen, { $0.lines[23].hasPrefix("Password: _") }, sourceLocation: sourceLocation)
        type("wonderland\r")
        expect(
            "the friends tab", on: screen,
            { $0.lines[0].hasPrefix(" Friends") && $0.text.contains("> 1. Bob Builder (@bob)") },
            sourceLocation: sourceLocation)
    }

    /// Expects `screen` to come to show what `ready` looks for, as App writes to it.
    func expect(
        _ what: String, on screen: Emulator, _ ready: (Emulator) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let came = read(into: screen, until: ready)
        #expect(came, "waiting for \(what); the screen: \(screen.text)", sourceLocation: sourceLocation)
    }

    /// Feeds what App writes to `screen` until `ready` says so; `false` if 10 seconds pass.
    func read(into screen: Emulator, until ready: (Emulator) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8_192)
        var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(60)
        while !ready(screen) {
            guard Date() < deadline, poll(&descriptor, 1, 200) >= 0 else { return false }
            guard descriptor.revents & Int16(POLLIN) != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            screen.feed(Array(buffer[..<count]))
        }
        return true
    }

    /// Everything App writes from now until it stops writing for half a second.
    func drain() -> String {
        var seen = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 8_192)
        var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 500) == 1 {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            seen += buffer[..<count]
        }
        return String(decoding: seen, as: UTF8.self)
    }
}

extension TerminalTests {
    @Test(
        "a line half typed at the prompt a load gave back is shown after the next prompt once the loaded screen is drawn, and runs when ended"
    )
    func halfTypedLineAfterALoad() throws {
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal, arguments: ["--in-memory"])
        #expect(terminal.read(until: "Commands: login") != nil)
        terminal.type("login quinn\n")
        #expect(terminal.read(until: "Password: ") != nil)
        terminal.type("patience\n")
        #expect(terminal.read(until: "Signed in as Quinn") != nil)
        // Gina's profile takes 2 seconds: a placeholder stands in, and the prompt comes back.
        terminal.type("profile 1\n")
        #expect(terminal.read(until: "Still loading; type back to stop waiting, or another command.\r\n> ") != nil)
        terminal.type("wher")
        // The screen drawn ended the prompt's line: what was typed after it shows after the next.
        let loaded = terminal.read(until: "signout, quit\r\n> wher")
        #expect(loaded?.contains("Gina Slowe (@gina)") == true, "the half-typed line was not shown again")
        terminal.type("e\n")
        let answered = terminal.read(until: "link:    waypoint://friends/profile/gina")
        #expect(answered != nil)
        terminal.type("quit\n")
        #expect(app.signalThatEndedIt() == nil)
    }

    @Test(
        "a line half typed when another App's change takes its screen away stays shown after the prompt, and when it is ended it is not run on the screen shown now: one line says what was not done"
    )
    func halfTypedLineAfterARule() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-half-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appending(path: "w.sqlite").path
        let terminal = try PseudoTerminal()
        let app = try Child(on: terminal, arguments: ["--data", data])
        #expect(terminal.read(until: "Commands: login") != nil)
        terminal.type("login alice\n")
        #expect(terminal.read(until: "Password: ") != nil)
        terminal.type("wonderland\n")
        #expect(terminal.read(until: "Signed in as Alice Liddell") != nil)
        terminal.type("message 1\n")
        #expect(terminal.read(until: "Commands: send") != nil)
        terminal.type("send aft")
        #expect(terminal.read(until: "send aft") != nil)

        // Another App on the file unfriends Bob: this one sees it within half a second.
        try await MainActor.run {
            let other = try SQLiteStore(path: data, iterations: 1)
            defer { other.close() }
            try other.setFriendship("alice", "bob", areFriends: false)
        }
        let redrawn = terminal.read(until: "> send aft")
        #expect(redrawn?.contains("Left Chat @bob: you and @bob are not friends") == true, "\(redrawn ?? "")")
        terminal.type("er unfriend\n")
        let answered = terminal.read(until: "which left before it arrived")
        #expect(
            answered?.contains(
                "error: \"send after unfriend\" was not done: it was typed for Chat @bob, which left before it arrived")
                == true, "\(answered ?? "")")
        terminal.type("quit\n")
        #expect(app.signalThatEndedIt() == nil)
        let stored = try await MainActor.run {
            let store = try SQLiteStore(path: data, iterations: 1)
            defer { store.close() }
            return try store.connection.statement("SELECT count(*) FROM messages WHERE text LIKE '%unfriend%'")
                .first { $0.integer(0) }
        }
        #expect(stored == 0)
    }
}
