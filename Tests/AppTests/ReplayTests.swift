import Console
import Foundation
import FullScreen
import Store
import Testing

@testable import App

/// `App --replay`: a session recorded with `--events`, rebuilt after any event, calling no service.
@MainActor
@Suite("Replaying a recorded session")
struct ReplayTests {
    /// A session that goes through every kind of state an event carries: a link that waits for
    /// sign-in, a pushed screen, a modal, tabs, query items, a second window, one brought forward,
    /// one closed, a sign-out.
    static let commands = [
        "open waypoint://friends/chat/bob", "signup", "back", "login alice\nwonderland", "share", "back",
        "profile", "tab me", "edit", "tab chats", "open waypoint://chats/chat/carol?message=1",
        "open --new-window waypoint://profile/carol", "window 1", "window close", "signout",
    ]

    @Test(
        "replaying a scripted session to each event gives the where the session printed when that event was the last"
    )
    func replayEqualsSession() async throws {
        let events = RecordedOutput()
        let session = try ScriptedApp(events: events)
        try await session.start()
        var printed: [Int: String] = [:]
        func note() async {
            let count = events.text.split(separator: "\n").count
            guard printed[count] == nil else { return }
            _ = session.output.take()
            await session.type("where")
            printed[count] = session.output.take().replacing("> where\n", with: "")
        }
        await note()
        for command in Self.commands {
            await session.type(command.split(separator: "\n").map(String.init))
            await note()
        }
        let count = events.text.split(separator: "\n").count
        #expect(count == 16, "\(events.text)")
        #expect(printed.count == 16, "one where for every event: \(printed.keys.sorted())")
        // The link that waits for sign-in is in the state of the events written while it waits.
        #expect(printed[2]?.contains("pending: waypoint://friends/chat/bob, after sign-in") == true)

        let folder = try AppFolder("waypoint-replay")
        let file = folder.path("events.jsonl")
        try events.text.write(toFile: file, atomically: true, encoding: .utf8)
        for (n, expected) in printed.sorted(by: { $0.key < $1.key }) {
            let replay = await folder.main(["--replay", file, "--to", "\(n)"])
            #expect(replay.status == 0, "\(replay.errors)")
            let lines = replay.output.split(separator: "\n", maxSplits: 1)
            #expect(lines.first?.hasPrefix("Replay: event \(n) of \(count) (") == true, "\(replay.output)")
            #expect(lines.count == 2 && String(lines[1]) == expected, "event \(n): \(replay.output) vs \(expected)")
        }
        // Without --to, the last event.
        let last = await folder.main(["--replay", file])
        #expect(last.output.hasSuffix(try #require(printed[count])))
    }

    @Test(
        "on --screen, a replay opens at the last event, and <- and -> step through the events, each frame the state after its event, with where it is at the bottom"
    )
    func screen() async throws {
        let events = RecordedOutput()
        let session = try ScriptedApp(events: events)
        try await session.start()
        await session.type(
            "login alice", "wonderland", "message 1", "share", "back", "open --new-window waypoint://profile/carol")
        let folder = try AppFolder("waypoint-replay")
        let file = folder.path("events.jsonl")
        try events.text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(events.text.split(separator: "\n").count == 6, "\(events.text)")
        // Back to the first event and one past it, then forward to the end and past it, then q.
        let keys: [Key] = Array(repeating: .left, count: 6) + Array(repeating: .right, count: 6) + [.character("x")]
        let device = ScriptedDevice(width: 100, height: 12)
        device.press(keys + [.character("q")])

        let status = await Self.main(["--replay", file, "--screen"], on: device)

        #expect(status == 0)
        var seen: [String] = []
        for at in [Duration.seconds(0)] + (1...keys.count).map({ Duration.seconds($0) }) {
            let frame = try #require(device.frame(at: at + .milliseconds(999)))
            let said = frame.lines.last { $0.contains("Replay: ") || $0.contains("A replay: ") } ?? frame.text
            seen.append(
                frame.lines[0].trimmingCharacters(in: .whitespaces) + " | "
                    + said.trimmingCharacters(in: CharacterSet(charactersIn: " |")))
        }
        #expect(
            seen == [
                "Window 2: Friends > [Profile @carol] | Replay: event 6 of 6 (link); window 2 in front; nothing sent to any service.",
                "Friends > Chat @bob | Replay: event 5 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends > Chat @bob > [Pick a friend] | Replay: event 4 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends > Chat @bob | Replay: event 3 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends | Replay: event 2 of 6 (command); window 1 in front; nothing sent to any service.",
                "Login | Replay: event 1 of 6 (command); window 1 in front; nothing sent to any service.",
                "Login | Replay: event 1 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends | Replay: event 2 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends > Chat @bob | Replay: event 3 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends > Chat @bob > [Pick a friend] | Replay: event 4 of 6 (command); window 1 in front; nothing sent to any service.",
                "Friends > Chat @bob | Replay: event 5 of 6 (command); window 1 in front; nothing sent to any service.",
                "Window 2: Friends > [Profile @carol] | Replay: event 6 of 6 (link); window 2 in front; nothing sent to any service.",
                "Window 2: Friends > [Profile @carol] | Replay: event 6 of 6 (link); window 2 in front; nothing sent to any service.",
                "Window 2: Friends > [Profile @carol] | A replay: <- and -> step through the events, q quits.",
            ], "\(seen.joined(separator: "\n"))")
    }

    @Test("a replay calls no service: its app is on data of its own, and nothing the session sent is sent again")
    func callsNoService() async throws {
        let folder = try AppFolder("waypoint-replay")
        let events = folder.path("events.jsonl")
        let recorded = await folder.main(
            ["--data", folder.path("w.sqlite"), "--events", events, "--link", "waypoint://chat/bob"],
            typing: ["login alice", "wonderland", "send Hi"])
        #expect(recorded.status == 0, "\(recorded.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.folder.path).sorted()
        let before = try Data(contentsOf: URL(filePath: folder.path("w.sqlite")))

        let replay = await folder.main(["--replay", events])

        #expect(replay.status == 0, "\(replay.errors)")
        #expect(replay.output.contains("top:  Chat @bob\n"), "\(replay.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.folder.path).sorted() == files)
        #expect(try Data(contentsOf: URL(filePath: folder.path("w.sqlite"))) == before)
    }

    @Test(
        "a file that is not one, holds no event, a line that is no event or an event it does not hold: one line each, and the exit status says which",
        arguments: [
            (
                "", ["--replay"], Int32(64),
                "error: --replay needs the file --events wrote, as in --replay /tmp/events.jsonl"
            ),
            ("", ["--replay", "FILE", "--to", "0"], 64, "error: --to: an event's number counts from 1, as in --to 3"),
            (
                "", ["--replay", "FILE", "--speed"], 64,
                "error: --replay takes --to <n> and --screen, not \"--speed\"; see App --help"
            ),
            (
                "", ["--replay", "FILE"], 65,
                "error: --replay \"FILE\": it holds no event; record a session with --events"
            ),
            (
                "{\"window\":1}\n", ["--replay", "FILE"], 65,
                "error: --replay \"FILE\": event 1: \"front\" is missing, or not a number"
            ),
            (
                Self.oneEvent, ["--replay", "FILE", "--to", "2"], 65,
                "error: --replay \"FILE\": there is no event 2: the file holds 1, numbered from 1"
            ),
            (
                nil, ["--replay", "FILE"], 66,
                "error: --replay \"FILE\": No such file or directory; give a file --events wrote"
            ),
        ] as [(String?, [String], Int32, String)])
    func badInput(text: String?, arguments: [String], status: Int32, line: String) async throws {
        let folder = try AppFolder("waypoint-replay")
        let file = folder.path("events.jsonl")
        if let text { try text.write(toFile: file, atomically: true, encoding: .utf8) }
        let result = await folder.main(arguments.map { $0 == "FILE" ? file : $0 })
        #expect(result.status == status)
        // A bad command line is followed by the usage.
        #expect(result.errors.split(separator: "\n").first.map(String.init) == line.replacing("FILE", with: file))
        #expect(result.output.isEmpty)
    }

    @Test("on --screen, a file it cannot replay is said on standard error, with the terminal given back first")
    func screenRefused() async throws {
        let folder = try AppFolder("waypoint-replay")
        let device = ScriptedDevice(width: 100, height: 12)
        let errors = RecordedOutput()

        let status = await Self.main(["--replay", folder.path("none.jsonl"), "--screen"], on: device, errors: errors)

        #expect(status == 66)
        #expect(errors.text.hasPrefix("error: --replay "), "\(errors.text)")
        #expect(device.finishes == 1, "the terminal was left in the front's mode")
    }

    @Test(
        "--replay --screen without a terminal prints the replay as the line console does, with the note --screen gives")
    func screenWithoutTerminal() async throws {
        let folder = try AppFolder("waypoint-replay")
        let file = folder.path("events.jsonl")
        try Self.oneEvent.write(toFile: file, atomically: true, encoding: .utf8)

        let result = await folder.main(["--replay", file, "--screen"])

        #expect(result.status == 0)
        #expect(
            result.errors
                == "note: --screen needs a terminal on standard input and output; the line console runs instead\n")
        #expect(result.output.hasPrefix("Replay: event 1 of 1 (command); window 1 in front;"), "\(result.output)")
    }

    /// App's command line on `device` as its terminal; no data file opens for a replay.
    static func main(_ arguments: [String], on device: ScriptedDevice, errors: RecordedOutput = RecordedOutput()) async
        -> Int32
    {
        await Waypoint.main(
            arguments: arguments, input: ScriptedInput([]), output: RecordedOutput(), errors: errors,
            open: { _ throws(StoreError) in Backend.inMemory() }, terminal: { device })
    }

    nonisolated static let oneEvent = """
        {"time":0.002,"window":1,"front":1,"cause":"command","screens":["Login"],"tab":null,"link":"waypoint://login",\
        "delivery":false,"state":"waypoint-state 2\\nselected 0\\nroot login","pending":null}

        """
}
