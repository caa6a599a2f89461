import Console
import Domain
import Foundation
import Navigation
import Testing

@testable import App
@testable import Store

/// What a hostile try found in the sixth hardening pass: each test starts from the precondition
/// its item names, and failed before its fix.
@Suite("Hardening 6: kept state across Apps")
struct KeptAcrossAppsTests {
    /// A folder of its own for each test, with the data file in it.
    let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-h6-\(UUID().uuidString)")
    var data: String { folder.appending(path: "w.sqlite").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func app() throws -> RunningApp { try RunningApp(["--data", data], folder: folder) }

    @Test(
        "item 1: from a kept state, A and B both restore it, A keeps a draft and quits, B quits: the next sign-in has A's draft"
    )
    func twoAppsRestoringOneState() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A kept state exists: Alice quit once.
        let first = try app()
        try first.type("login alice", "wonderland", until: "Signed in as Alice Liddell")
        try first.quit()

        let a = try app()
        try a.type("login alice", "wonderland", until: "Restored where you were when you quit")
        try a.type("tab me", "edit", "bio draft from A", until: "Draft:    \"draft from A\" (unsaved)")
        let b = try app()
        try b.type("login alice", "wonderland", until: "Restored where you were when you quit")
        #expect(try a.quit().contains("with your unsaved work on Edit bio. Sign in again to come back to it."))
        try b.quit()

        let next = try app()
        try next.type("login alice", "wonderland", "window 1", "where", until: "link:")
        let printed = try next.quit()
        #expect(printed.contains("Me > [Edit bio], with your unsaved work on Edit bio"), "\(printed)")
        #expect(printed.contains("Draft:    \"draft from A\" (unsaved)"), "\(printed)")
    }
}

/// Apps that start at the same moment on a data file that does not exist yet: one creates it and
/// seeds it, and every one opens it. Before, the others stopped with an error that blamed the
/// file or the disk ("cannot create (File exists)", "not Waypoint's", "the disk refused to
/// write"), and one refused removed the log of another that had opened it.
@Suite("Apps started together on a new data file")
struct StartTogetherTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-together-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("four Apps started at once on a new file, five times: each signs in, and the data is seeded once")
    func fourAtOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 1...5 {
            let data = folder.appending(path: "new\(round).sqlite").path
            // Started back to back, before any has read the file: they race to create it.
            let apps = try (1...4).map { _ in try RunningApp(["--data", data], folder: folder) }
            for app in apps {
                // Each must reach the Login screen: one that stopped at the file has ended by now.
                try app.wait(for: "== Login ==")
                try app.type("login alice", "wonderland", until: "Signed in as Alice Liddell")
                let printed = try app.quit()
                #expect(!printed.contains("error:"), "round \(round): \(printed)")
            }
            let check = try RunningApp(["--data", data], folder: folder)
            try check.type("login bob", "fixit123", "profile 1", until: "Mutual friends")
            let printed = try check.quit()
            #expect(
                printed.contains("Your friends:\n  1. Alice Liddell (@alice)\n  2. Carol Singer (@carol)\n"),
                "\(printed)")
        }
    }
}

/// A cold start from a link, with windows kept (item 2).
@MainActor
@Suite("Hardening 6: a link start with windows kept")
final class LinkStartTests {
    let disk: AppFolder

    init() throws {
        disk = try AppFolder("waypoint-h6-link")
    }

    @Test(
        "item 2: five link starts each restore every kept window, name the draft, and open the link as open would; the windows never multiply"
    )
    func linkStartRestoresKeptWindows() async throws {
        let data = disk.path("w.sqlite")
        let kept = await disk.main(
            ["--data", data],
            typing: ["login alice", "wonderland", "tab me", "edit", "bio A draft", "window new", "tab chats", "quit"])
        #expect(kept.output.contains("in 2 windows (2 in front): window 1: Me > [Edit bio]"), "\(kept.output)")

        for round in 1...5 {
            let run = await disk.main(
                ["--data", data, "--link", "waypoint://chat/dave"], typing: ["login alice", "wonderland", "quit"])
            #expect(run.status == 0)
            #expect(
                run.output.contains(
                    "Restored where you were when you quit, in 2 windows:\n  window 1: Me > [Edit bio], with your unsaved work on Edit bio.\n"
                ), "round \(round): \(run.output)")
            // The first opens it in the window in front; later ones find it there, come back.
            #expect(
                run.output.contains(
                    round == 1
                        ? "Opened waypoint://chat/dave, the link you followed before signing in.\n"
                        : "waypoint://chat/dave, the link you followed before signing in, is shown: it came back with where you were.\n"
                ), "round \(round): \(run.output)")
            #expect(!run.output.contains("nothing changed"), "round \(round): \(run.output)")
            #expect(
                run.output.contains(
                    "Kept where you were, @alice, in 2 windows (2 in front): window 1: Me > [Edit bio], with your unsaved work on Edit bio; window 2: Chats > Chat @dave."
                ), "round \(round): \(run.output)")
        }
        let next = await disk.main(["--data", data], typing: ["login alice", "wonderland", "windows", "quit"])
        #expect(
            next.output.contains("  1. Profile @alice > [Edit bio]\n* 2. Chats > Chat @dave\n> quit"), "\(next.output)")
    }

    @Test("item 2: sign-out forgets every window the sign-in restored; the next sign-in starts afresh")
    func signOutForgetsWhatCameBack() async throws {
        let data = disk.path("w.sqlite")
        _ = await disk.main(
            ["--data", data], typing: ["login alice", "wonderland", "window new", "tab chats", "quit"])
        _ = await disk.main(
            ["--data", data, "--link", "waypoint://chat/dave"],
            typing: ["login alice", "wonderland", "signout", "quit"])
        let next = await disk.main(["--data", data], typing: ["login alice", "wonderland", "windows", "quit"])
        #expect(!next.output.contains("Restored"), "\(next.output)")
        #expect(next.output.contains("* 1. Friends\n"), "\(next.output)")
    }
}

/// An open question is answered once across Apps, a failed answer is forgotten, and a picker
/// follows the data (items 3, 4, 5).
@MainActor
@Suite("Hardening 6: answers exactly once")
final class AnswersOnceTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-h6-answers-\(UUID().uuidString)")
    var data: String { folder.appending(path: "w.sqlite").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// An App on the data file, with a connection of its own, as another process has.
    func app() throws -> ScriptedApp {
        try ScriptedApp(data: try SQLiteStore(path: data, iterations: 1))
    }

    /// The profiles Alice shared in her chat with Bob.
    func shares() throws -> [String] {
        try SQLiteStore(path: data, iterations: 1).conversation(between: "alice", and: "bob").map(\.text)
            .filter { $0.hasPrefix("Shared a profile") }
    }

    /// Alice quit at Bob's chat's picker; two Apps sign in and both are restored at it.
    func twoAppsAtThePicker() async throws -> (ScriptedApp, ScriptedApp) {
        let first = try app()
        try await first.signedIn()
        await first.type("message 1", "share", "quit")
        let a = try app()
        let b = try app()
        try await a.signedIn()
        try await b.signedIn()
        for app in [a, b] {
            #expect(
                app.output.text.contains(
                    "Restored where you were when you quit: Friends > Chat @bob > [Pick a friend]."),
                "\(app.output.text)")
        }
        return (a, b)
    }

    @Test(
        "item 3: two Apps restored at one picker, pick 1 in one and pick 2 in the other: one share is sent, and the other App's picker says in one line that it was answered elsewhere, and closes"
    )
    func oneShareAcrossTwoApps() async throws {
        let (a, b) = try await twoAppsAtThePicker()
        await a.type("pick 1")
        _ = b.output.take()
        await b.type("pick 2")

        #expect(try shares() == ["Shared a profile: Carol Singer (@carol)"])
        let said = b.output.take()
        #expect(
            said.contains(
                "Closed Pick a friend: it was answered or closed in another App, so nothing is sent from here.\n"),
            "\(said)")
        #expect(b.state.modals.isEmpty, "\(said)")
        #expect(try SQLiteStore(path: data, iterations: 1).keptAnswers(of: "alice").isEmpty)
    }

    @Test(
        "item 3: a picker kept at quit whose question another App answered or closed meanwhile comes back closed, said in one line, and sends nothing"
    )
    func pickerClosedMeanwhile() async throws {
        let first = try app()
        try await first.signedIn()
        await first.type("message 1", "share", "quit")
        let store = try SQLiteStore(path: data, iterations: 1)
        let kept = try #require(try store.keptPlaces(of: "alice").first?.text)
        let record = try #require(kept.split(separator: "!").last.flatMap { Int($0) })
        try store.dropAnswer(record)

        let next = try app()
        try await next.signedIn()

        #expect(
            next.output.text.contains(
                "Restored where you were when you quit: Friends > Chat @bob.\n"
                    + "Dropped Pick a friend: it was answered or closed in another App.\n"), "\(next.output.text)")
        #expect(next.state.modals.isEmpty)
        #expect(try shares().isEmpty)
    }

    @Test(
        "item 3: a pick that reaches the store second, before the App looked at the data, closes the picker with one line and sends nothing"
    )
    func secondPickLoses() async throws {
        let (a, b) = try await twoAppsAtThePicker()
        // B does not look at the data between commands: its pick meets A's answer in the store.
        b.app.console.dataVersion = nil
        await a.type("pick 1")
        _ = b.output.take()
        await b.type("pick 2")

        #expect(try shares() == ["Shared a profile: Carol Singer (@carol)"])
        let said = b.output.take()
        #expect(
            said.contains(
                "error: Pick a friend was answered or closed in another App, so it closed here and answered nothing\n"),
            "\(said)")
        #expect(!said.contains("No friend picked"), "\(said)")
        #expect(b.state.modals.isEmpty, "\(said)")
    }

    @Test(
        "item 4: sharing Frank, whose profile service is down, sends the share (the friends list names him), keeps no answer, and no later sign-in says anything of it"
    )
    func shareNeedsNoProfileService() async throws {
        let backend = InMemoryBackend()
        let session = try ScriptedApp(backend: backend)
        try await session.signedIn()
        await session.type("message 1", "share", "pick 3")

        let text = session.output.take()
        #expect(text.contains("You: Shared a profile: Frank Outage (@frank) -> waypoint://profile/frank"), "\(text)")
        #expect(!text.contains("error:"), "\(text)")
        #expect(backend.keptAnswers(of: "alice").isEmpty)
        let next = try ScriptedApp(backend: backend)
        try await next.signedIn()
        #expect(!next.output.text.contains("error:"), "\(next.output.text)")
    }

    @Test(
        "item 4: a kept answer whose share fails for good (the friend picked is no friend now) is said once, in one line that says the share was not sent, and forgotten"
    )
    func failedShareIsForgotten() async throws {
        let backend = InMemoryBackend()
        let first = try ScriptedApp(backend: backend)
        try await first.signedIn()
        await first.type("message 1")
        _ = backend.keepAnswer("carol", action: "share", asker: "chat/bob", of: "alice")
        await first.type("quit")
        try backend.setFriendship("alice", "carol", areFriends: false)

        let session = try ScriptedApp(backend: backend)
        try await session.signedIn()
        let text = session.output.text
        #expect(
            text.contains(
                "error: the share was not sent: @carol is not your friend any more; the pick is forgotten, so share again to pick anew\n"
            ), "\(text)")
        #expect(backend.keptAnswers(of: "alice").isEmpty)
        let next = try ScriptedApp(backend: backend)
        try await next.signedIn()
        #expect(!next.output.text.contains("share was not sent"), "\(next.output.text)")
    }

    @Test(
        "item 5: a picker in window 1 follows the data: Carol unfriended in window 2 is gone from it when window 1 comes back, and pick 1 sends Dave"
    )
    func pickerFollowsTheData() async throws {
        let backend = InMemoryBackend()
        let session = try ScriptedApp(backend: backend)
        try await session.signedIn()
        await session.type("message 1", "share", "window new", "unfriend 2", "window 1")
        let shown = session.output.take()
        let picker = try #require(shown.range(of: "== Window 1: Friends > Chat @bob > [Pick a friend] =="))
        #expect(!shown[picker.upperBound...].contains("Carol Singer"), "\(shown)")
        await session.type("pick 1")

        #expect(
            try backend.conversation(between: "alice", and: "bob").last?.text
                == "Shared a profile: Dave Miller (@dave)")
    }

    @Test("item 5: a pick of a friend who left since the list was drawn is refused with one line, and nothing is sent")
    func stalePickIsRefused() async throws {
        let backend = InMemoryBackend()
        let session = try ScriptedApp(backend: backend)
        try await session.signedIn()
        await session.type("message 1", "share")
        // Another App, unseen by this one's data check, unfriends Carol.
        session.app.console.dataVersion = nil
        try backend.setFriendship("alice", "carol", areFriends: false)
        _ = session.output.take()
        await session.type("pick 1")

        let text = session.output.take()
        #expect(
            text.contains(
                "error: Carol Singer (@carol) is not your friend any more, so you cannot pick them; pick from the list as it is now\n"
            ), "\(text)")
        #expect(session.state.modals.map(\.last) == ["Pick a friend"])
        #expect(
            !(try backend.conversation(between: "alice", and: "bob").contains { $0.text.hasPrefix("Shared") }))
    }
}

/// A command typed for a screen a rule took away (item 6).
@MainActor
@Suite("Hardening 6: a command after its screen left")
final class CommandAfterItsScreenTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-h6-after-\(UUID().uuidString)")
    var data: String { folder.appending(path: "w.sqlite").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test(
        "item 6: piped, another App unfriends Bob while A is in Bob's chat: A's send is answered with one line naming what was not done, and nothing is stored"
    )
    func pipedSendAfterUnfriend() async throws {
        let a = try ScriptedApp(data: try SQLiteStore(path: data, iterations: 1))
        let b = try ScriptedApp(data: try SQLiteStore(path: data, iterations: 1))
        try await a.signedIn()
        try await b.signedIn()
        await a.type("message 1")
        await b.type("unfriend 1")
        _ = a.output.take()
        await a.type("send after unfriend", "where")

        let text = a.output.take()
        #expect(text.contains("Left Chat @bob: you and @bob are not friends"), "\(text)")
        #expect(
            text.contains(
                "error: \"send after unfriend\" was not done: it was typed for Chat @bob, which left before it arrived\n"
            ),
            "\(text)")
        #expect(text.contains("top:  Friends\n"), "\(text)")
        let store = try SQLiteStore(path: data, iterations: 1)
        let stored = try store.connection.statement("SELECT count(*) FROM messages WHERE text = 'after unfriend'")
            .first { $0.integer(0) }
        #expect(stored == 0)
    }
}

/// `--replay` shows the file, all of it and nothing else, or refuses it in one line (items 7 to
/// 11, and 14).
@MainActor
@Suite("Hardening 6: replay cannot lie")
final class ReplayCannotLieTests {
    let disk: AppFolder

    init() throws {
        disk = try AppFolder("waypoint-h6-replay")
    }

    /// An event of Alice signed in, on her friends list, each string field as the arguments say.
    nonisolated static func event(
        cause: String = "command", screen: String = "Friends", tab: String = "friends",
        link: String = "waypoint://friends", tabName: String = "friends", path: String = "friends",
        title: String = "Friends", pending: String = "null", selected: String = "0", state: String? = nil,
        window: Int = 1, id: Int = 1, front: Int = 1
    ) -> String {
        let whole =
            state
            ?? "\"waypoint-state 2\\nselected \(selected)\\ntab \(tabName) \(path)\\ntab chats chats\\ntab me me\""
        return "{\"time\":0.1,\"window\":\(window),\"id\":\(id),\"front\":\(front),\"cause\":\"\(cause)\","
            + "\"screens\":[\"\(screen)\"],\"tab\":\"\(tab)\",\"link\":\"\(link)\",\"delivery\":false,"
            + "\"state\":\(whole),\"pending\":\(pending)}\n"
    }

    func replay(_ text: String, _ extra: [String] = []) async throws -> (status: Int32, output: String, errors: String)
    {
        let file = disk.path("events.jsonl")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return await disk.main(["--replay", file] + extra)
    }

    /// Every C0 control, DEL, every C1 control and every bidi control.
    nonisolated static let controls: [UInt32] =
        Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) + [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E)
        + Array(0x2066...0x2069)

    @Test(
        "item 7: every C0, C1 and bidi control in every string field of an event never reaches the terminal raw: what replay prints from the file is display-checked"
    )
    func controlsNeverReachTheTerminal() async throws {
        // Line breaks end the lines printed; a tab cannot drive a terminal, and the display check
        // passes it, as it passes a typed one.
        let safe = Set<Unicode.Scalar>(["\n", "\t"])
        var leaks: [String] = []
        for code in Self.controls {
            let escape =
                "\\u" + String(repeating: "0", count: 4 - String(code, radix: 16).count) + String(code, radix: 16)
            let fields: [(String, String)] = [
                ("cause", Self.event(cause: "link" + escape + "]0;PWNED")),
                ("screens", Self.event(screen: "Friends" + escape)),
                ("tab", Self.event(tab: "friends" + escape)),
                ("link", Self.event(link: "waypoint://friends" + escape)),
                ("state.tabs", Self.event(tabName: "friends" + escape)),
                ("path", Self.event(path: "friends" + escape)),
                ("title", Self.event(title: "Friends" + escape + "[2J")),
                ("pending", Self.event(pending: "\"waypoint://chat/bob" + escape + "\"")),
            ]
            for (field, text) in fields {
                let result = try await replay(text)
                let printed = result.output + result.errors
                if printed.unicodeScalars.contains(where: {
                    Self.controls.contains($0.value) && !safe.contains($0)
                }) {
                    leaks.append("U+\(String(code, radix: 16)) in \(field)")
                }
            }
        }
        #expect(leaks.isEmpty, "\(leaks.prefix(20))")
    }

    @Test("item 8: a line of 100,000 [ is refused in one line with exit 65, not a crash")
    func deepNesting() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-h6-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "deep.jsonl")
        try Data(String(repeating: "[", count: 100_000).utf8).write(to: file)

        let result = try BinaryTests().run(["--replay", file.path])

        #expect(result.status == 65)
        #expect(result.output.isEmpty)
        #expect(
            result.errors
                == "error: --replay \"\(file.path)\": line 1 nests deeper than 16 levels, which no event does\n")
    }

    @Test(
        "item 8: /dev/zero and /dev/urandom are refused once past the documented limits, in one line with exit 65",
        arguments: [
            ("/dev/zero", "line 1 is longer than 1 MB, longer than any event; give a file --events wrote"),
            (
                "/dev/urandom",
                "it is larger than 64 MB, more than --events writes for any session; give a file --events wrote"
            ),
        ])
    func endlessFiles(path: String, problem: String) throws {
        let result = try BinaryTests().run(["--replay", path])
        #expect(result.status == 65)
        #expect(result.output.isEmpty)
        // urandom may end a line past the limit before the file is past its own.
        #expect(
            result.errors == "error: --replay \"\(path)\": \(problem)\n"
                || (path == "/dev/urandom" && result.errors.contains("longer than 1 MB")), "\(result.errors)")
    }

    @Test(
        "item 9: an event no session could show is refused in one line naming the event and the field, exit 65",
        arguments: [
            (
                Self.event(selected: "7"),
                "event 1: \"state\" does not read: the tab you were on: it was not kept, so the first tab is shown"
            ),
            (
                Self.event(selected: "-1"),
                "event 1: \"state\" does not read: the tab you were on: it was not kept, so the first tab is shown"
            ),
            (
                Self.event(state: "null"),
                "event 1: \"state\" is missing, or null for a window that did not close (cause \"closed\")"
            ),
            (
                Self.event(state: "\"waypoint-state 2\\nselected 0\""),
                "event 1: \"state\" does not read: the tabs: none was kept"
            ),
            (
                Self.event(path: "nowhere/x"),
                "event 1: \"state\" does not read: nowhere/x and what followed it in the friends tab: no link names it now"
            ),
            (
                Self.event(path: "friends edit-bio"),
                "event 1: \"state\" does not read: edit-bio and what followed it in the friends tab: it cannot open from friends now"
            ),
            (Self.event(front: 2), "event 1: \"front\" is 2, but 1 window is open"),
            (Self.event(window: 2), "event 1: \"window\" is 2, but the window of id 1 is number 1 of the 1 open"),
            (
                Self.event(path: "profile/bob"),
                "event 1: \"state\" does not read: profile/bob and what followed it in the friends tab: it cannot begin the friends tab now"
            ),
            (
                Self.event(state: "\"waypoint-state 2\\nselected 0\\nroot logon\""),
                "event 1: \"state\" does not read: logon and what followed it in the root stack: no link names it now"
            ),
        ])
    func refusedEvents(text: String, line: String) async throws {
        let result = try await replay(text)
        let file = disk.path("events.jsonl")
        #expect(result.status == 65)
        #expect(result.output.isEmpty)
        #expect(result.errors == "error: --replay \"\(file)\": \(line)\n", "\(result.errors)")
    }

    @Test("item 9: 1,501 windows are refused at the first past a session's 1,000, in one line, exit 65")
    func tooManyWindows() async throws {
        let text = (1...1_501).map { Self.event(window: $0, id: $0, front: $0) }.joined()
        let result = try await replay(text)
        let file = disk.path("events.jsonl")
        #expect(result.status == 65)
        #expect(
            result.errors
                == "error: --replay \"\(file)\": event 1001: \"id\" 1001 opens window 1001, but a session has at most 1000 windows\n",
            "\(result.errors)")
    }

    @Test(
        "item 10: window new twice, window 2, window close, window 2: the event names the window the user saw, and replay's status and where agree with the session"
    )
    func windowNumbersAgree() async throws {
        let events = RecordedOutput()
        let session = try ScriptedApp(events: events)
        try await session.signedIn()
        await session.type("window new", "window new", "window 2", "window close", "window 2", "tab chats", "chat 1")
        _ = session.output.take()
        await session.type("where")
        let live = session.output.take().replacing("> where\n", with: "")
        #expect(live.hasPrefix("window: 2 of 2\n"), "\(live)")
        let last = try #require(events.text.split(separator: "\n").last)
        #expect(last.contains("\"window\":2,\"id\":3,\"front\":2,"), "\(last)")

        let result = try await replay(events.text)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n", maxSplits: 1).map(String.init)
        #expect(lines.first?.contains("window 2 in front") == true, "\(result.output)")
        #expect(lines.last == live, "\(result.output)")
    }

    @Test(
        "item 11: a link that waits for sign-in, then is cancelled, writes events: replay's where equals the live where, with no pending link"
    )
    func pendingIsAnEvent() async throws {
        let events = RecordedOutput()
        let session = try ScriptedApp(events: events)
        try await session.start()
        await session.type("open waypoint://chat/bob", "signup", "cancel")
        _ = session.output.take()
        await session.type("where")
        let live = session.output.take().replacing("> where\n", with: "")
        #expect(!live.contains("pending"), "\(live)")

        let result = try await replay(events.text)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.split(separator: "\n", maxSplits: 1).last.map(String.init) == live, "\(result.output)")
    }

    @Test("item 14: --to past what a number holds is too large, not a count from 1")
    func toTooLarge() {
        #expect(
            throws: UsageError(
                description:
                    "--to: 99999999999999999999 is too large for an event's number; give one the file holds, as in --to 3"
            )
        ) { try CommandLineOptions.parse(["--replay", "f", "--to", "99999999999999999999"]) }
    }
}

/// Standard output on a full disk (item 12).
@Suite("Hardening 6: a full disk on standard output")
struct FullDiskTests {
    @Test(
        "item 12: App --routes, --help, --replay and a session with standard output on /dev/full say so in one line on standard error and exit 74",
        arguments: [["--routes"], ["--help"], ["--replay", "EVENTS"], ["--in-memory"]])
    func fullDisk(arguments: [String]) throws {
        try #require(FileManager.default.isWritableFile(atPath: "/dev/full"))
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-h6-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appending(path: "events.jsonl")
        try Data(ReplayTests.oneEvent.utf8).write(to: events)

        let process = Process()
        process.executableURL = appBinary
        process.arguments = arguments.map { $0 == "EVENTS" ? events.path : $0 }
        process.environment = ["XDG_DATA_HOME": folder.path, "HOME": folder.path]
        // The session's input is a file, not a pipe: App may end (its output refused) before it
        // reads, and a write to a pipe nobody reads would end this test process by SIGPIPE.
        let script = folder.appending(path: "input.txt")
        try Data("quit\n".utf8).write(to: script)
        let errors = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: script)
        process.standardOutput = try FileHandle(forWritingTo: URL(filePath: "/dev/full"))
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(
            said
                == "error: standard output could not be written (No space left on device); what App printed is incomplete\n"
        )
    }
}
