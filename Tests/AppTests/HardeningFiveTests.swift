import Console
import Domain
import Foundation
import Navigation
import Testing

@testable import App
@testable import Store

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a hostile try and a new user found in the fifth hardening pass: each test failed before
/// its fix. Each test has a folder of its own.
@MainActor
@Suite("Hardening 5")
final class HardeningFiveTests {
    let disk: AppFolder

    init() throws {
        disk = try AppFolder("waypoint-h5")
    }

    // MARK: 1. --events naming the data file

    @Test(
        "--events naming the data file, a link to it, a hard link to it or a companion of it is refused before anything is opened, and the accounts are all there",
        arguments: [
            "w.sqlite", "link.sqlite", "hard.sqlite", "w.sqlite-wal", "w.sqlite-shm", "w.sqlite-journal",
            "sub/../w.sqlite",
        ]
    )
    func eventsOnTheDataFile(name: String) async throws {
        let data = disk.path("w.sqlite")
        let made = await disk.main(["--data", data], typing: ["signup", "create zoe Zoe Quill", "quills", "quit"])
        #expect(made.status == 0)
        try FileManager.default.createDirectory(
            at: disk.folder.appending(path: "sub"), withIntermediateDirectories: true)
        #expect(symlink(data, disk.path("link.sqlite")) == 0)
        #expect(link(data, disk.path("hard.sqlite")) == 0)
        let before = try Data(contentsOf: URL(filePath: data))

        let refused = await disk.main(["--data", data, "--events", disk.path(name)], typing: ["quit"])

        let companion = name.hasPrefix("w.sqlite-") ? "'s \(name.dropFirst("w.sqlite".count)) companion" : ""
        let named = name.hasPrefix("w.sqlite-") ? disk.path(name) : data
        #expect(refused.status == 64)
        #expect(refused.output.isEmpty)
        #expect(
            refused.errors
                == "error: --events \"\(disk.path(name))\": it is the data file\(companion) (\(named)), which writing events would destroy; give another file\n"
        )
        #expect(try Data(contentsOf: URL(filePath: data)) == before)
        let again = await disk.main(["--data", data], typing: ["login zoe", "quills", "quit"])
        #expect(again.output.contains("Signed in as Zoe Quill (@zoe)."))
    }

    @Test("--events naming the standard database is refused too, when --data is not given")
    func eventsOnTheStandardFile() async throws {
        #expect(await disk.main([], typing: ["quit"]).status == 0)
        let standard = try #require(Storage.path(of: .standard, environment: ["XDG_DATA_HOME": disk.folder.path]))
        let refused = await disk.main(["--events", standard])
        #expect(refused.status == 64)
        #expect(refused.errors.contains("it is the data file"))
    }

    // MARK: 3. --events to a FIFO with no reader, or a file that cannot be written

    @Test("--events to a FIFO nobody reads fails at once with one error line, instead of blocking")
    func eventsToAFIFOWithNoReader() async throws {
        let fifo = disk.path("events.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = await disk.main(["--in-memory", "--events", fifo], typing: ["quit"])
        #expect(result.status == 73)
        #expect(result.output.isEmpty)
        #expect(
            result.errors
                == "error: --events \"\(fifo)\": it is a FIFO that no one reads; start its reader first, or give a regular file\n"
        )
    }

    @Test("--events naming a file another App records to is refused with one line, and that record is left whole")
    func eventsAnotherAppRecords() async throws {
        let events = disk.path("events.jsonl")
        let first = await disk.main(
            ["--in-memory", "--events", events], typing: ["login alice", "wonderland", "tab chats", "quit"])
        #expect(first.status == 0)
        let recorded = try Data(contentsOf: URL(filePath: events))
        // Another App records to it now: it opened it (emptied) and wrote its first line.
        let held = try EventsFile.openForWriting(events)
        #expect(try Data(contentsOf: URL(filePath: events)).isEmpty)
        Data("{\"time\":0.000}\n".utf8).withUnsafeBytes { #expect(write(held, $0.baseAddress, $0.count) == 15) }

        let refused = await disk.main(["--in-memory", "--events", events], typing: ["quit"])

        #expect(refused.status == 73)
        #expect(refused.output.isEmpty)
        #expect(
            refused.errors
                == "error: --events \"\(events)\": another App is recording to it now; give another file, or end that App first\n"
        )
        #expect(try Data(contentsOf: URL(filePath: events)) == Data("{\"time\":0.000}\n".utf8))
        close(held)
        let again = await disk.main(
            ["--in-memory", "--events", events], typing: ["login alice", "wonderland", "tab chats", "quit"])
        #expect(again.status == 0)
        #expect(try Data(contentsOf: URL(filePath: events)).count == recorded.count)
    }

    @Test("an event that cannot be written is reported once, the session goes on, and the exit status says so")
    func eventsThatCannotBeWritten() async throws {
        try #require(access("/dev/full", W_OK) == 0)
        let result = await disk.main(
            ["--in-memory", "--events", "/dev/full"], typing: ["login alice", "wonderland", "tab chats", "quit"])
        #expect(result.status == 74)
        #expect(result.output.contains("Signed in as Alice Liddell (@alice)."))
        #expect(result.output.hasSuffix("Bye.\n"))
        #expect(
            result.errors
                == "error: --events \"/dev/full\": an event could not be written (No space left on device); no more are written this session\n"
        )
    }

    // MARK: 11. Quit's summary

    @Test("quit names each window and what was kept in it: a draft in window 1 is named on window 1, not the last")
    func quitSummaryPerWindow() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("tab me", "edit", "bio A draft", "window new", "window new")
        _ = session.output.take()
        await session.type("quit")

        #expect(
            session.output.text.contains(
                "Kept where you were, @alice, in 3 windows (3 in front): window 1: Me > [Edit bio], with your unsaved work on Edit bio; window 2: Friends; window 3: Friends. Sign in again to come back to it.\n"
            ), "\(session.output.text)")
    }

    // MARK: 15. Small things

    @Test("--in-memory then quit does not promise to keep anything")
    func inMemoryKeepsNothing() async throws {
        let result = await disk.main(["--in-memory"], typing: ["login alice", "wonderland", "quit"])
        #expect(result.status == 0)
        #expect(!result.output.contains("Kept where you were"))
        #expect(result.output.hasSuffix("Not kept where you were: --in-memory keeps nothing after quit.\nBye.\n"))
    }

    @Test(
        "every option but --flag is given once: --trace, --screen and --new-window twice are refused as --in-memory twice is",
        arguments: [
            (["--trace", "--trace"], "--trace is given twice; give it once"),
            (["--screen", "--screen"], "--screen is given twice; give it once"),
            (
                ["--link", "waypoint://friends", "--new-window", "--new-window"],
                "--new-window is given twice; give it once"
            ),
            (["--in-memory", "--in-memory"], "give one of --data <path> and --in-memory, once"),
        ])
    func givenOnce(arguments: [String], message: String) {
        #expect(throws: UsageError(description: message)) { try CommandLineOptions.parse(arguments) }
    }

    @Test("--data on an existing empty file makes it readable by its owner only, as a new one")
    func emptyFileMode() async throws {
        let data = disk.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: data, contents: nil, attributes: [.posixPermissions: 0o644]))
        #expect(await disk.main(["--data", data], typing: ["quit"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: data)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}

/// Two Apps on one data file, signed in as one user: what each keeps stays (item 2).
@MainActor
@Suite("Hardening 5: two Apps on one data file")
final class TwoAppsOneFileTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-two-\(UUID().uuidString)")
    var data: String { folder.appending(path: "w.sqlite").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// An App on the data file, with a connection of its own, as another process has.
    func app() throws -> ScriptedApp {
        try ScriptedApp(data: try SQLiteStore(path: data, iterations: 1))
    }

    @Test(
        "A keeps a draft and quits, B quits later: the next sign-in brings back both Apps' windows, A's draft with them"
    )
    func bothKept() async throws {
        let a = try app()
        let b = try app()
        try await a.signedIn()
        try await b.signedIn()
        await a.type("tab me", "edit", "bio A's draft")
        await b.type("tab chats", "chat 2")
        await a.type("quit")
        await b.type("quit")
        #expect(a.output.text.contains("with your unsaved work on Edit bio. Sign in again to come back to it.\n"))

        let next = try app()
        try await next.signedIn()
        await next.type("windows", "window 1", "save")

        let text = next.output.text
        #expect(
            text.contains(
                "Restored where you were when you quit, in 2 windows:\n  window 1: Me > [Edit bio], with your unsaved work on Edit bio.\n  window 2: Chats > Chat @bob.\n"
            ), "\(text)")
        #expect(text.contains("Draft:    \"A's draft\" (unsaved)\n"), "\(text)")
        #expect(try SQLiteStore(path: data, iterations: 1).keptPlaces(of: "alice").count == 2)
    }

    @Test(
        "signout in B forgets only what B kept: A's draft, kept while B was signed in, comes back at the next sign-in")
    func signOutKeepsTheOther() async throws {
        let a = try app()
        let b = try app()
        try await a.signedIn()
        try await b.signedIn()
        await a.type("tab me", "edit", "bio A's draft", "quit")
        await b.type("signout", "quit")

        let next = try app()
        try await next.signedIn()

        #expect(
            next.output.text.contains(
                "Restored where you were when you quit: Me > [Edit bio], with your unsaved work on Edit bio.\n"),
            "\(next.output.text)")
    }

    @Test("what a session brought back is replaced by what it keeps at quit, not kept twice")
    func replacedNotDoubled() async throws {
        let first = try app()
        try await first.signedIn()
        await first.type("tab chats", "quit")
        let second = try app()
        try await second.signedIn()
        await second.type("tab me", "quit")

        let kept = try SQLiteStore(path: data, iterations: 1).keptPlaces(of: "alice")
        #expect(kept.count == 1)
        #expect(kept.first?.text.contains("selected 2") == true, "\(kept)")
    }
}

/// A kept state whose `front` names a window that is not there (item 9).
@MainActor
@Suite("Hardening 5: kept front out of range")
struct KeptFrontTests {
    @Test("a kept state whose front line names window 7 of 3 says so, and the first window is in front")
    func frontOutOfRange() async throws {
        let backend = InMemoryBackend()
        backend.savePlaces(
            "waypoint-state 3\nfront 6\nwindow\nselected 1\ntab friends friends\ntab chats chats chat/bob\ntab me me\n"
                + "window\nselected 0\ntab friends friends\ntab chats chats\ntab me me\n"
                + "window\nselected 2\ntab friends friends\ntab chats chats\ntab me me",
            of: "alice")
        let session = try ScriptedApp(backend: backend)
        try await session.signedIn()

        #expect(
            session.output.text.contains(
                "  window 3: Me.\n  Left out the window in front: the kept state names window 7 of 3, so the first is in front.\n"
            ), "\(session.output.text)")
        #expect(session.app.windows.front === session.app.windows.all.first)
    }
}

/// Windows that do what `explain` says (items 5, 6, 8, and `explain --new-window` of 15).
@MainActor
@Suite("Hardening 5: the window a link opens in")
struct LinkWindowTests {
    /// Alice signed in, with window 2 on Bob's chat in the chats tab, and window 1 in front.
    func twoWindows() async throws -> ScriptedApp {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("window new", "open waypoint://chats/chat/bob", "window 1")
        _ = session.output.take()
        return session
    }

    @Test(
        "a link whose last place another window shows, but not the rest of it, opens in the window in front as with one window, with its tab, every place and its query items; explain says so"
    )
    func wholeLinkOnly() async throws {
        let session = try await twoWindows()
        let link = "waypoint://friends/profile/bob/chat/bob?message=2"
        await session.type("explain \(link)")
        let explained = session.output.take()
        await session.type("open \(link)", "windows")

        #expect(explained.contains("window: 1, in front: no other window shows its last screen\n"), "\(explained)")
        #expect(
            explained.contains(
                "from:   Friends\nstep 1: open Profile @bob from Friends\nstep 2: open Chat @bob from Profile @bob\nstep 3: deliver message=2 to Chat @bob\n"
            ), "\(explained)")
        let opened = session.output.take()
        #expect(opened.contains("* 1. Friends > [Profile @bob > Chat @bob]\n  2. Chats > Chat @bob\n"), "\(opened)")
        #expect(!opened.contains("came forward"), "\(opened)")
        #expect(session.app.windows.front === session.app.windows.all.first)
    }

    @Test("query items for a place before the last keep a link out of a window that shows its places")
    func earlierQueryItems() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("window new", "open waypoint://friends/chat/bob", "window 1", "tab chats")
        _ = session.output.take()
        await session.type("explain waypoint://friends/chat/bob?search=b", "open waypoint://friends/chat/bob?search=b")

        let text = session.output.take()
        #expect(text.contains("window: 1, in front: no other window shows its last screen\n"), "\(text)")
        #expect(!text.contains("came forward"), "\(text)")
        #expect(session.app.windows.front === session.app.windows.all.first)
        #expect(session.app.window.state.screens.titles.description == "Friends > Chat @bob", "\(text)")
    }

    @Test(
        "a link another window shows whole brings it forward; explain names that window and what open does there, and the console does not say nothing changed"
    )
    func wholeLinkComesForward() async throws {
        let session = try await twoWindows()
        await session.type("explain waypoint://chats/chat/bob")
        let explained = session.output.take()
        await session.type("open waypoint://chats/chat/bob")
        let opened = session.output.take()

        #expect(explained.contains("window: 2, which shows it on top: it comes forward\n"), "\(explained)")
        #expect(
            explained.contains("from:   Chats > Chat @bob\nsteps:  none: the window shows it already\n"), "\(explained)"
        )
        #expect(opened.contains("Window 2 shows it on top, so it came forward instead of opening a copy.\n"))
        #expect(!opened.contains("nothing changed"), "\(opened)")
        #expect(session.app.windows.front === session.app.windows.all.last)
    }

    @Test("explain --new-window explains the link from a new window's first screen, not as a link with a space")
    func explainNewWindow() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        _ = session.output.take()
        await session.type("explain --new-window waypoint://chats/chat/bob")

        let text = session.output.take()
        #expect(
            text.contains(
                "link:   waypoint://chats/chat/bob\nwindow: a new one (--new-window)\n"), "\(text)")
        #expect(
            text.contains(
                "from:   Friends (a new window)\nstep 1: switch to the chats tab\nstep 2: open Chat @bob from Chats\n"),
            "\(text)")
        #expect(session.app.windows.all.count == 1)
    }

    @Test("open --new-window whose load fails says why and leaves the windows as they were")
    func failedNewWindow() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("login quinn", "patience")
        _ = session.output.take()
        await session.type("open --new-window waypoint://friends/profile/ivy", "windows")

        let text = session.output.take()
        #expect(text.contains("error: "), "\(text)")
        #expect(session.app.windows.all.count == 1, "\(text)")
        #expect(text.hasSuffix("> windows\n* 1. Friends\n") || text.contains("> windows\n* 1. Friends\n"), "\(text)")
    }
}

/// The core stays readable file by file (item 18).
@Suite("Hardening 5: the core's files")
struct CoreFileTests {
    @Test("every file of the navigation family (Navigation and the modules beside it) and of App has at most 300 lines")
    func coreFilesAreShort() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..")
        for module in [
            "Modules/LinkMatching", "Modules/Navigation", "Modules/NavigationGraph", "Modules/FrontPacing", "App",
        ] {
            let folder = root.appending(path: module)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift")
            }
            #expect(!files.isEmpty)
            for file in files {
                let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                #expect(lines <= 300, "\(module)/\(file) has \(lines) lines; split it by concern")
            }
        }
    }
}

/// Every window showing a place shows the same data (item 10).
@MainActor
@Suite("Hardening 5: one chat in two windows")
struct ChatInTwoWindowsTests {
    @Test("a message sent in window 1's chat with Bob shows in window 2's chat with Bob when window 2 comes forward")
    func sameData() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type(
            "open waypoint://chats/chat/bob", "window new", "open waypoint://friends/chat/bob", "window 1")
        await session.type("send Seen in both windows?")
        _ = session.output.take()
        await session.type("window 2")

        let text = session.output.take()
        #expect(text.contains("== Window 2: Friends > Chat @bob =="), "\(text)")
        #expect(text.contains("  You: Seen in both windows?\n"), "\(text)")
    }
}

/// A session's windows are bounded (item 12).
@MainActor
@Suite("Hardening 5: the window limit")
struct WindowLimitTests {
    @Test("past the session's window limit, window new and open --new-window get one error line, and nothing opens")
    func refusedAboveTheLimit() async throws {
        let session = try ScriptedApp(windowLimit: 3)
        try await session.signedIn()
        await session.type("window new", "window new")
        _ = session.output.take()
        await session.type("window new", "open --new-window waypoint://chats")

        let text = session.output.take()
        #expect(
            text.components(
                separatedBy: "error: 3 windows are open, the most a session has; close one first (window close)\n"
            )
            .count == 3, "\(text)")
        #expect(session.app.windows.all.count == 3)
    }

    @Test("a kept session of more windows than the limit brings back as many as it may and names the rest in one line")
    func restoresUpToTheLimit() async throws {
        let backend = InMemoryBackend()
        let window = "window\nselected 0\ntab friends friends\ntab chats chats\ntab me me\n"
        backend.savePlaces("waypoint-state 3\nfront 0\n" + String(repeating: window, count: 5), of: "alice")
        let session = try ScriptedApp(backend: backend, windowLimit: 3)
        try await session.signedIn()

        #expect(
            session.output.text.contains(
                "  Left out the window kept as window 4 and the 1 after it: a session has at most 3 windows.\n"),
            "\(session.output.text)")
        #expect(session.app.windows.all.count == 3)
    }
}

/// Loads are per window, and the console does not wait for another window's (item 7).
@MainActor
@Suite("Hardening 5: a load in another window")
struct LoadInAnotherWindowTests {
    @Test(
        "at a terminal, while window 1 waits for a profile that never answers, window new and where act at once, and the load's failure names window 1 when window 2 is in front"
    )
    func consoleDoesNotWait() async throws {
        let session = try ScriptedApp(
            ["login quinn", "patience", "profile 3", "window new", "where"].map(RawLine.init), atTerminal: true)
        #expect(try await session.run() == 0)

        let text = session.output.text
        // window new was handled before the load failed: window 2 was drawn, and where answered.
        let opened = try #require(text.range(of: "== Window 2: Friends =="))
        let failed = try #require(
            text.range(of: "error: window 1: the screen did not load within 3 seconds; try again later\n"), "\(text)")
        #expect(opened.upperBound < failed.lowerBound, "\(text)")
        let answered = try #require(text.firstMatch(of: #/link: +waypoint://friends\n/#)?.range, "\(text)")
        #expect(answered.upperBound < failed.lowerBound, "\(text)")
        #expect(!text.contains("\nerror: the screen did not load"), "the failure did not name its window: \(text)")
        #expect(text.contains("\n~ window 1: dismissed Profile @ivy\n"), "\(text)")
    }
}

/// A command that brings another window forward itself speaks plainly: only a command whose
/// load the user left behind names its window (item 7).
@MainActor
@Suite("Hardening 5: words of a command that changes the window in front")
struct PlainWordsTests {
    @Test("at a terminal, a link that brings another window forward says so without naming the window it was typed in")
    func linkBringsWindowForward() async throws {
        let session = try ScriptedApp(
            [
                "login alice", "wonderland", "window new", "open waypoint://chats/chat/bob", "window 1",
                "open waypoint://chats/chat/bob",
            ].map(RawLine.init), atTerminal: true)
        #expect(try await session.run() == 0)

        let text = session.output.text
        #expect(
            text.contains("\nWindow 2 shows it on top, so it came forward instead of opening a copy.\n"), "\(text)")
        #expect(!text.contains("Window 1: Window 2"), "\(text)")
    }
}
