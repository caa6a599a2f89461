import Console
import Domain
import Foundation
import Store
import TestSupport
import Testing

@testable import App
@testable import Navigation

/// A window's whole state, as another window must never change it: its places, its screens (by
/// identity), what each screen shows of its own (query items), and whether it loads.
@MainActor
struct WindowSnapshot: Equatable {
    let places: NavigationState<AppPlace>
    let screens: [ObjectIdentifier]
    let queries: [QueryItems]
    let isLoading: Bool

    init(_ window: Window<AppPlace>) {
        places = window.state.places
        let all = window.state.screens.stacks.all
        screens = all.map(ObjectIdentifier.init)
        queries = all.map(\.queryItems)
        isLoading = window.loader.isLoading
    }
}

@MainActor
@Suite("Several windows in the app", .timeLimit(.minutes(10)))
struct WindowsAppTests {
    /// Links of every kind: to what either window shows (they bring it forward), new places,
    /// query items, places a rule refuses, and no place at all.
    static let links = [
        "waypoint://friends", "waypoint://chats", "waypoint://me", "waypoint://chat/bob",
        "waypoint://chat/carol?message=1", "waypoint://friends/chat/dave", "waypoint://profile/carol",
        "waypoint://friends?search=b", "waypoint://chats/chat/bob/profile/bob", "waypoint://chat/gina",
        "waypoint://nowhere", "waypoint://profile/bob?x=1", "https://waypoint.example/chats/chat/carol",
    ]

    @Test(
        "10,000 random operations in one window (actions, back, tabs, links, explain, gestures, a load that ends after another window came forward) never change another window; a link that brings another window forward changes only that one"
    )
    func isolation() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("message 1", "window new")
        let app = session.app
        var random = SplitMix(seed: 32)
        var other = app.windows.all[0]
        var acting = app.windows.all[1]
        var kept = WindowSnapshot(other)
        var activations = 0
        for step in 0..<10_000 {
            let before = WindowSnapshot(acting)
            switch random.next(20) {
            case 0, 1:
                try await gesture(in: app, finishing: random.next(2) == 0, session: session)
            case 2:
                // A load that ends after the other window came forward opens in its own window.
                let loading = Task { await app.console.openLink("waypoint://profile/gina") }
                await Task.yield()
                app.windows.bringForward(other)
                await loading.value
                app.windows.bringForward(acting)
            default:
                await session.type(line(for: app, random: &random), "no")
            }
            guard app.windows.front === acting else {
                // A link brought the other window forward: the window it was typed in is as it was.
                #expect(WindowSnapshot(acting) == before, "step \(step)")
                activations += 1
                (other, acting) = (acting, other)
                kept = WindowSnapshot(other)
                continue
            }
            #expect(WindowSnapshot(other) == kept, "step \(step) changed the window behind")
            if WindowSnapshot(other) != kept { return }
        }
        #expect(activations > 10)
        #expect(app.windows.all.count == 2)
    }

    /// A line for the window in front: one of its screen's actions with an argument, or a command
    /// every screen takes. Not a friendship ended or begun: a rule on it closes a chat in every
    /// window, on purpose (the rules' own tests).
    private func line(for app: Waypoint, random: inout SplitMix) -> String {
        let actions = (app.window.state.screens.topScreen?.availableActions.map(\.name) ?? []).filter {
            $0 != "unfriend" && $0 != "befriend"
        }
        switch random.next(10) {
        case 0...4 where !actions.isEmpty:
            let action = actions[random.next(actions.count)]
            return [action, "\(action) \(random.next(5) + 1)", "\(action) hello"][random.next(3)]
        case 5: return "back"
        case 6: return "tab " + ["friends", "chats", "me", "zzz"][random.next(4)]
        case 7: return "explain " + Self.links[random.next(Self.links.count)]
        default: return "open " + Self.links[random.next(Self.links.count)]
        }
    }

    /// A back gesture on the screen on top, cancelled or finished (a question it raises is
    /// answered no).
    private func gesture(in app: Waypoint, finishing: Bool, session: ScriptedApp) async throws {
        let window = app.window
        guard window.state.screens.stacks.path.count > 1, let top = window.state.screens.topScreen,
            let gesture = try? window.backGestureBegan(on: top)
        else { return }
        guard finishing else { return try window.backGestureCancelled(gesture) }
        session.input.append([RawLine("no")])
        _ = try? await window.backGestureFinished(gesture)
        session.input.append([])
        while !session.input.isExhausted { _ = await app.console.step() }
    }
}

@MainActor
@Suite("Events")
struct EventLogTests {
    @Test(
        "App --events writes one JSON line per change a user sees, when it sees it, with the window's lasting id, the window in front, the cause and the breadcrumb's titles: a link of three steps is one, a link that changes nothing and a cancelled sign-out are none, a delivery says so, a window brought forward or closed is one; each matches the screen the console printed"
    )
    func eventsFile() async throws {
        let path = FileManager.default.temporaryDirectory.appending(
            path: "events-\(UInt64.random(in: 0...UInt64.max)).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = [
            "login alice", "wonderland", "tab friends", "open waypoint://friends/chat/bob/profile/bob",
            "open waypoint://friends/chat/bob/profile/bob", "open waypoint://friends/chat/bob?message=1",
            "open waypoint://friends/chat/bob?message=2", "back", "tab me", "edit", "bio draft", "signout", "no",
            "window new", "open waypoint://chat/bob", "window 1", "window 2", "window close", "quit",
        ]
        let output = RecordedOutput()
        let status = await Waypoint.main(
            arguments: ["--in-memory", "--events", path], input: ScriptedInput(lines.map(RawLine.init)),
            output: output, errors: RecordedOutput(), open: { _ in .inMemory() })
        #expect(status == 0)

        let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        // The time is the app's own clock: each line's is a number of seconds, never going back.
        let times = written.compactMap { line in
            line.firstRange(of: "{\"time\":").flatMap { start in
                Double(line[start.upperBound...].prefix { $0 != "," })
            }
        }
        #expect(times.count == written.count)
        #expect(times == times.sorted())
        // The state each event carries for `--replay` has tests of its own (ReplayTests).
        let events = written.map {
            $0.replacing(/^\{"time":[0-9.]+,/, with: "{").replacing(/,"state":.*$/, with: "}")
        }
        #expect(
            events == [
                #"{"window":1,"id":1,"front":1,"cause":"command","screens":["Login"],"tab":null,"link":"waypoint://login","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"command","screens":["Friends"],"tab":"friends","link":"waypoint://friends","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"link","screens":["Friends","Chat @bob","Profile @bob"],"tab":"friends","link":"waypoint://friends/chat/bob/profile/bob","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"link","screens":["Friends","Chat @bob"],"tab":"friends","link":"waypoint://friends/chat/bob?message=1","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"link","screens":["Friends","Chat @bob"],"tab":"friends","link":"waypoint://friends/chat/bob?message=2","delivery":true}"#,
                #"{"window":1,"id":1,"front":1,"cause":"command","screens":["Friends"],"tab":"friends","link":"waypoint://friends","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"command","screens":["Profile @alice"],"tab":"me","link":"waypoint://me","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"command","screens":["Profile @alice","Edit bio"],"tab":"me","link":"waypoint://me/edit-bio","delivery":false}"#,
                #"{"window":2,"id":2,"front":2,"cause":"command","screens":["Friends"],"tab":"friends","link":"waypoint://friends","delivery":false}"#,
                #"{"window":2,"id":2,"front":2,"cause":"link","screens":["Friends","Chat @bob"],"tab":"friends","link":"waypoint://friends/chat/bob","delivery":false}"#,
                #"{"window":1,"id":1,"front":1,"cause":"window","screens":["Profile @alice","Edit bio"],"tab":"me","link":"waypoint://me/edit-bio","delivery":false}"#,
                #"{"window":2,"id":2,"front":2,"cause":"window","screens":["Friends","Chat @bob"],"tab":"friends","link":"waypoint://friends/chat/bob","delivery":false}"#,
                #"{"window":2,"id":2,"front":1,"cause":"closed","screens":[],"tab":null,"link":null,"delivery":false}"#,
            ], "\(written.joined(separator: "\n"))")
        // Line by line, each event names what the console printed: its screen's breadcrumb, in
        // its window, in the order printed (a screen printed again with nothing changed, as after
        // a cancelled sign-out, is no event).
        var printed = output.text.split(separator: "\n").filter { $0.hasPrefix("== ") }.map {
            $0.dropFirst(3).dropLast(3).replacing(#/^Window [0-9]+: /#, with: "").filter { $0 != "[" && $0 != "]" }
        }[...]
        for event in events where !event.contains(#""cause":"closed""#) {
            let screens = try #require(event.firstMatch(of: /"screens":\[([^\]]*)\]/)).1
            let crumb = screens.replacing("\",\"", with: " > ").filter { $0 != "\"" }
            let index = printed.firstIndex(of: crumb)
            #expect(index != nil, "\(event) was never printed")
            if let index { printed = printed[(index + 1)...] }
        }
    }

    @Test("--events names a file App can write, once; --new-window comes with --link")
    func badEvents() async {
        let errors = RecordedOutput()
        let status = await Waypoint.main(
            arguments: ["--in-memory", "--events", "/no/such/folder/events.jsonl"], input: ScriptedInput([]),
            output: RecordedOutput(), errors: errors, open: { _ in .inMemory() })
        #expect(status == 73)
        #expect(
            errors.text
                == "error: --events \"/no/such/folder/events.jsonl\": No such file or directory; give a file in a folder you can write to\n"
        )
        #expect(throws: UsageError(description: "--events is given twice; give one file")) {
            try CommandLineOptions.parse(["--events", "a", "--events", "b"])
        }
        #expect(throws: UsageError(description: "--new-window says where --link opens; give --link <link> with it")) {
            try CommandLineOptions.parse(["--new-window"])
        }
    }
}

@MainActor
@Suite("Several windows kept")
struct WindowsKeptTests {
    @Test(
        "a kept window whose state no longer reads is left out with its reason, the others come back, the one in front in front; the restoration is one change a user sees per window, caused by restoration"
    )
    func leftOutWindow() async throws {
        let backend = InMemoryBackend()
        backend.savePlaces(
            "waypoint-state 3\nfront 2\nwindow\nselected 1\ntab friends friends\ntab chats chats chat/bob\ntab me me\n"
                + "window\nselected 0\ntab nowhere nowhere\n"
                + "window\nselected 0\ntab friends friends chat/carol?message=1\ntab chats chats\ntab me me",
            of: "alice")
        let events = RecordedOutput()
        let session = try ScriptedApp(
            ["login alice", "wonderland", "windows", "quit"].map(RawLine.init), backend: backend, events: events)
        #expect(try await session.run() == 0)

        let text = session.output.text
        #expect(
            text.contains(
                "Restored where you were when you quit, in 2 windows:\n  window 1: Chats > Chat @bob.\n"
                    + "  window 2: Friends > Chat @carol.\n  Left out the window kept as window 2: nowhere and what followed it in the nowhere tab: no link names it now.\n"
            ), "\(text)")
        #expect(text.contains("> windows\n  1. Chats > Chat @bob\n* 2. Friends > Chat @carol\n"), "\(text)")
        let causes = events.text.split(separator: "\n").map {
            $0.replacing(/^\{"time":[0-9.]+,/, with: "{").replacing(/,"screens".*$/, with: "}")
        }
        // The tabs the sign-in opened and the new window's first tab were never on display on
        // their own: each window's one event is its restoration, and window 2, which the kept
        // state had in front, is in front.
        #expect(
            causes == [
                #"{"window":1,"id":1,"front":1,"cause":"command"}"#,
                #"{"window":1,"id":1,"front":2,"cause":"restoration"}"#,
                #"{"window":2,"id":2,"front":2,"cause":"restoration"}"#,
            ], "\(events.text)")
    }

    @Test("kept text of several windows, damaged any way, reads as the windows that still read, never more")
    func damaged() throws {
        let session = try ScriptedApp()
        let good = "selected 0\ntab friends friends\ntab chats chats\ntab me me"
        let texts = [
            "waypoint-state 3", "waypoint-state 3\nfront 9", "waypoint-state 3\nwindow",
            "waypoint-state 3\nfront x\nwindow\n\(good)",
            "waypoint-state 3\nwindow\nwindow\n\(good)\nwindow\nselected",
            "waypoint-state 3\nfront 1\nwindow\n\(good)\nwindow\n\(good)",
            "waypoint-state 3\n\(good)\nwindow\n\(good)",
        ]
        let readable = [0, 0, 0, 1, 1, 2, 1]
        for (text, expected) in zip(texts, readable) {
            let session3 = try #require(StateText.windows(in: text))
            let declarations = session.app.window.declarations
            let read = session3.windows.filter { StateText.read($0, by: declarations, limit: 12).state != nil }
            #expect(read.count == expected, "\(text)")
            #expect(session3.windows.indices.contains(session3.front) || session3.windows.isEmpty)
        }
    }
}

@MainActor
@Suite("Several windows signed out")
struct WindowsSignedOutTests {
    @Test(
        "a link waiting for sign-in waits in its window: closing that window drops it, and says so; the other window's stays"
    )
    func pendingDropped() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("open waypoint://chats", "window new", "open waypoint://chat/bob", "window close")

        let text = session.output.text
        #expect(
            text.contains(
                "Closed window 2. In front: window 1, Login.\nDropped waypoint://chat/bob: its window closed before you signed in.\n"
            ), "\(text)")
        #expect(session.app.window.pending?.text == "waypoint://chats")
        #expect(session.app.windows.all.count == 1)
    }
}
