import Console
import FrontPacing
import Navigation
import TestSupport
import Testing

@testable import FullScreen

/// A window with a list on top, shown by the full-screen front on a scripted device, with the
/// console running its commands.
@MainActor
struct Stage {
    let window: Window<TestPlace>
    let device: ScriptedDevice
    let front: ScreenFront<TestPlace>
    let console: ConsoleFront<TestPlace>
    let display: Display<TestPlace>
    let list: StubScreen

    init(width: Int = 40, height: Int = 12) throws {
        window = Window<TestPlace>()
        device = ScriptedDevice(width: width, height: height)
        front = ScreenFront(window: window, device: device)
        console = front.makeConsole(over: Windows(first: window))
        list = StubScreen(
            "List", lines: [],
            actions: [
                ScreenContent.Action("open", .item("entry"), summary: "open an entry"),
                ScreenContent.Action("note", .text("<text>"), summary: "write a note"),
                ScreenContent.Action("zap", summary: "zap"),
            ])
        list.content.lines = [.text("Entries:"), .item("one"), .item("two"), .item("three")]
        try window.replaceRoot(with: list, as: "List")
        display = Display(window: window, front: front)
    }

    /// The frames' `rows` while the list was on screen, each change once, trailing spaces cut.
    func rowsShown(_ rows: ClosedRange<Int>) -> [[String]] {
        var shown: [[String]] = []
        for frame in device.frames.map(\.frame.lines) where frame[0] == " List" {
            let cut = frame[rows].map { String($0.reversed().drop { $0 == " " }.reversed()) }
            if shown.last != cut { shown.append(cut) }
        }
        return shown
    }
}

@MainActor
@Suite("Full-screen front, on a scripted device")
struct ScreenFrontTests {
    @Test(
        "a number or the arrows choose an item, Enter opens it, a letter runs its action, an action that takes text reads it at the bottom"
    )
    func keys() async throws {
        let stage = try Stage()
        stage.device.press([.character("3"), .up, .enter, .down, .down, .down, .character("o"), .character("z")])
        stage.device.press([.character("n")])
        stage.device.type("hello there")
        await stage.front.run()

        #expect(stage.list.received == ["open 2", "open 3", "zap", "note hello there"])
        let last = try #require(stage.device.frames.last?.frame)
        #expect(last.lines[0] == " List")
        #expect(last.lines[6].hasPrefix(" > 3. three"))
        #expect(last.lines[10].hasPrefix(" [o]pen <n>  [n]ote <text>  [z]ap"))
    }

    @Test(
        "on a terminal too short for the list the chosen item stays in sight, with how many more lines are above and below"
    )
    func chosenInSight() async throws {
        let stage = try Stage(width: 40, height: 8)
        stage.device.press([.down, .down, .up, .up])
        await stage.front.run()

        // The row under the title and the body's two rows.
        #expect(
            stage.rowsShown(2...4) == [
                [" -- 1 more above --", " > 1. one", " -- 2 more below --"],
                [" -- 2 more above --", " > 2. two", "   3. three"],
                [" -- 2 more above --", "   2. two", " > 3. three"],
                [" -- 2 more above --", " > 2. two", "   3. three"],
                [" -- 1 more above --", " > 1. one", " -- 2 more below --"],
            ])
    }

    @Test(
        "a screen of text longer than its rows says how many more lines are above and below, and the arrows scroll it"
    )
    func textScrolls() async throws {
        let stage = try Stage(width: 40, height: 10)
        stage.list.content.lines = (1...7).map { .text("line \($0)") }
        stage.device.press([.down, .down, .down, .down, .down, .up])
        await stage.front.run()

        // The row under the title and the body's four rows.
        #expect(
            stage.rowsShown(2...6) == [
                ["", " line 1", " line 2", " line 3", " -- 4 more below --"],
                [" -- 1 more above --", " line 2", " line 3", " line 4", " -- 3 more below --"],
                [" -- 2 more above --", " line 3", " line 4", " line 5", " -- 2 more below --"],
                // The end, which more ↓ keep (it follows the end as lines come), then ↑.
                [" -- 3 more above --", " line 4", " line 5", " line 6", " line 7"],
                [" -- 2 more above --", " line 3", " line 4", " line 5", " -- 2 more below --"],
            ])
    }

    @Test(
        "Page Down and Page Up scroll a screen of text by its rows less one, and move a list's choice by as many; Home and End go to the first and the last"
    )
    func pages() async throws {
        let stage = try Stage(width: 40, height: 10)
        stage.list.content.lines = (1...12).map { .text("line \($0)") }
        stage.device.press([.pageDown, .pageDown, .pageDown, .pageUp, .home, .end])
        await stage.front.run()
        #expect(
            stage.rowsShown(3...3) == [
                [" line 1"], [" line 4"], [" line 7"], [" line 9"], [" line 6"], [" line 1"], [" line 9"],
            ])

        let list = try Stage(width: 40, height: 10)
        list.list.content.lines = (1...12).map { .item("item \($0)") }
        list.device.press([.pageDown, .pageDown, .pageUp, .pageUp, .pageUp, .end, .home])
        await list.front.run()
        let chosen = list.device.frames.compactMap { $0.frame.lines.first { $0.hasPrefix(" > ") } }
        #expect(
            chosen.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == [
                " > 1. item 1", " > 4. item 4", " > 7. item 7", " > 4. item 4", " > 1. item 1", " > 12. item 12",
                " > 1. item 1",
            ])
    }

    @Test("a screen that opens at its end (a conversation) shows its last lines first, and ↑ goes back")
    func opensAtEnd() async throws {
        let stage = try Stage(width: 40, height: 10)
        stage.list.content.lines = (1...7).map { .text("line \($0)") }
        stage.list.content.opensAtEnd = true
        stage.device.press([.up])
        await stage.front.run()

        #expect(
            stage.rowsShown(2...6) == [
                [" -- 3 more above --", " line 4", " line 5", " line 6", " line 7"],
                [" -- 2 more above --", " line 3", " line 4", " line 5", " -- 2 more below --"],
            ])
    }

    @Test(
        "a box of messages longer than its room opens at its end; ↑ ↓ scroll it, its edges saying how many lines are above and below; Esc closes it and stays; another key closes it and acts"
    )
    func messagesScroll() async throws {
        let stage = try Stage(width: 40, height: 10)
        stage.device.type(":help")
        stage.device.press([.up, .up, .down, .down, .up, .escape, .down])
        await stage.front.run()

        // The box's edges, from the frame after `:help` on (its console commands written `:help`,
        // as typed here); the list's chosen row at the end.
        var edges: [[String]] = []
        for frame in stage.device.frames.map(\.frame.lines) {
            let shown = [frame[2], frame[7]]
            if frame[2].contains("+-"), edges.last != shown { edges.append(shown) }
        }
        #expect(
            edges == [
                [" +- 21 more above ↑ ------------------+", " +- Esc closes -----------------------+"],
                [" +- 20 more above ↑ ------------------+", " +- 1 more below ↓ · Esc closes ------+"],
                [" +- 19 more above ↑ ------------------+", " +- 2 more below ↓ · Esc closes ------+"],
                [" +- 20 more above ↑ ------------------+", " +- 1 more below ↓ · Esc closes ------+"],
                [" +- 21 more above ↑ ------------------+", " +- Esc closes -----------------------+"],
                [" +- 20 more above ↑ ------------------+", " +- 1 more below ↓ · Esc closes ------+"],
            ])
        let last = try #require(stage.device.frames.last?.frame.lines)
        #expect(!last.joined().contains("Esc closes"))
        #expect(last[5].hasPrefix(" > 2. two"), "Esc closed the box without acting; ↓ then chose the next item")
        #expect(stage.list.received == [])
        #expect(!last.joined().contains("error:"))
        #expect(stage.device.frames.contains { $0.frame.lines.contains { $0.contains("| :quit ") } })
    }

    @Test(
        "in a replay too, a status longer than its box scrolls with ↑ ↓ and Esc closes the box alone; then Esc ends the replay"
    )
    func replayStatusScrolls() async throws {
        let stage = try Stage(width: 24, height: 9)
        let status = "Replay: event 1 of 1 (command); window 1 in front; nothing sent to any service."
        stage.front.stepper = { _ in status }
        stage.front.show(status)
        stage.device.press([.up, .escape, .escape, .character("x")])
        await stage.front.run()

        // The frames with the list on screen (the first ones fade the list in).
        let frames = stage.device.frames.map(\.frame.lines).filter { $0[0] == " List" }.map { $0.joined() }
        let box = frames.map { frame in
            frame.contains("more below ↓") ? "scrolled" : frame.contains("more above ↑") ? "at its end" : "closed"
        }
        let changes = box.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(changes == ["at its end", "scrolled", "closed"])
        // The second Esc ended the replay: the x after it was never read.
        #expect(!frames.contains { $0.contains("A replay: <- and -> step") })
    }

    @Test(
        "text pasted is never keys: on a screen it opens the command line with the text, one line, and runs nothing until Enter; in a line being typed it is typed"
    )
    func pasteIsText() async throws {
        #expect(Key.line(pasted: "  see you\nupstairs\t!\r\n") == "see you upstairs !")
        let stage = try Stage()
        stage.device.press([.paste("see you upstairs")])
        stage.device.press([.escape, .character("n"), .paste("a\nnote"), .enter])
        await stage.front.run()

        // u, p and s are keys of actions on some screen; pasted, none of them ran.
        #expect(stage.list.received == ["note a note"])
        let bottoms = stage.device.frames.map { $0.frame.lines[11] }
        #expect(bottoms.contains(":see you upstairs_"))
        #expect(bottoms.contains("note a note_"))
    }

    @Test(
        "after ':', ↑ and ↓ go through the commands typed before, newest first; past the newest, the line as it was typed; Enter runs the one shown"
    )
    func commandHistory() async throws {
        let stage = try Stage()
        stage.device.type(":note one")
        stage.device.type(":note two")
        stage.device.type(":note two")
        stage.device.press([.character(":"), .character("x"), .up, .up, .up, .down, .down, .down, .up, .up, .enter])
        await stage.front.run()

        let typed = stage.device.frames.map { $0.frame.lines[11] }.filter { $0.hasPrefix(":") }
        let shown = typed.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        // A command typed twice in a row is kept once; ↑ at the oldest and ↓ at the line stay.
        #expect(
            shown.suffix(7) == [":x_", ":note two_", ":note one_", ":note two_", ":x_", ":note two_", ":note one_"])
        #expect(stage.list.received == ["note one", "note two", "note two", "note one"])
    }

    @Test("the history keeps the last 100 commands: ↑ a hundred times brings back the oldest kept, not the first")
    func historyLimit() async throws {
        let stage = try Stage()
        for number in 1...101 { stage.device.type(":note \(number)", after: .milliseconds(10)) }
        stage.device.press([.character(":")] + Array(repeating: .up, count: 101) + [.enter], apart: .milliseconds(10))
        await stage.front.run()

        #expect(stage.list.received.count == 102)
        #expect(stage.list.received.last == "note 2")
    }

    @Test("a number past the items chooses none: Enter then opens the item chosen before")
    func numberPastItems() async throws {
        let stage = try Stage()
        stage.device.press([.character("2"), .character("9"), .enter])
        await stage.front.run()

        #expect(stage.list.received == ["open 2"])
    }

    @Test("on a narrow terminal a long line shows whole, wrapped, not cut at the edge")
    func narrowWraps() async throws {
        let stage = try Stage(width: 24, height: 10)
        stage.list.content.lines = [.text("  Bob: a message longer than the row")]
        await stage.front.run()

        #expect(stage.rowsShown(3...5) == [["   Bob: a message longer", "   than the row", ""]])
    }

    @Test(
        "a breadcrumb too wide for the terminal shows its end behind a '…', from a whole screen's title where one fits"
    )
    func breadcrumbEnd() async throws {
        let stage = try Stage(width: 24, height: 12)
        let profile = StubScreen("Profile @bob", lines: ["Bob."])
        try PushTransition().open(profile, as: "Profile", from: stage.list, in: stage.window)
        try ModalTransition().open(
            StubScreen("Pick a friend", lines: ["Whom?"]), as: "Pick", from: profile, in: stage.window)
        await stage.front.run()

        // "List > Profile @bob > [Pick a friend]" is 37 columns; the row has 23 after its space.
        #expect(stage.device.frames.last?.frame.lines.first == " … > [Pick a friend]")
        // A modal's frame names its stack the same way, in the 18 columns it has.
        let other = try Stage(width: 30, height: 12)
        let modal = StubScreen("Profile @bob", lines: ["Bob."])
        try ModalTransition().open(modal, as: "Profile", from: other.list, in: other.window)
        try PushTransition().open(StubScreen("Chat @bob", lines: ["Hi."]), as: "Chat", from: modal, in: other.window)
        await other.front.run()
        let lines = try #require(other.device.frames.last?.frame.lines)
        #expect(lines[0] == " … > Chat @bob]")
        #expect(lines.contains { $0.contains("+- … > Chat @bob -") }, "\(lines)")

        let crumb = "Friends > [Profile @bob > Chat @bob] > [Pick a friend]"
        #expect(Layout.breadcrumb(crumb, fitting: 80) == crumb)
        #expect(Layout.breadcrumb(crumb, fitting: 40) == "… > Chat @bob] > [Pick a friend]")
        #expect(Layout.breadcrumb(crumb, fitting: 27) == "… > [Pick a friend]")
        // A last title too long for the row: its end; wide characters count twice.
        #expect(Layout.breadcrumb(crumb, fitting: 10) == "…a friend]")
        #expect(Layout.breadcrumb("List > 漢字漢字漢字", fitting: 8) == "…字漢字")
        #expect(Layout.breadcrumb(crumb, fitting: 1) == crumb)
    }

    @Test("a tab bar too wide for the terminal shows its tabs side by side, then as many as fit beside the one shown")
    func tabBarFits() async throws {
        let stage = try Stage(width: 20, height: 8)
        try stage.window.replaceRoot(
            withTabs: [
                ("friends", StubScreen("Friends"), "Friends"), ("chats", StubScreen("Chats"), "Chats"),
                ("me", StubScreen("Me"), "Me"),
            ], selecting: "me")
        await stage.front.run()
        // A space apart, the tabs need 23 columns: side by side, "me" is still on the bar.
        #expect(stage.device.frames.last?.frame.lines.last == " friends  chats  me")

        func bar(_ width: Int, _ selected: Int) -> [String] {
            Layout.tabBar(["friends", "chats", "me"], selected: selected, width: width).map {
                String(repeating: ".", count: $0.column) + $0.text + "@\($0.index)"
            }
        }
        #expect(bar(40, 2) == [". friends @0", "........... chats @1", "................... me @2"])
        #expect(bar(20, 2) == [" friends @0", "......... chats @1", "................ me @2"])
        #expect(bar(12, 2) == [" chats @1", "....... me @2"])
        #expect(bar(12, 0) == [" friends @0"])
        #expect(bar(3, 1) == [" chats @1"])
    }

    @Test("a body's rows above and below are said in full, or shorter where its row is narrow")
    func moreFits() {
        #expect(Layout.more(12, "below", "↓", fitting: 20) == "-- 12 more below --")
        #expect(Layout.more(12, "below", "↓", fitting: 14) == "-- 12 more ↓")
        #expect(Layout.more(3, "above", "↑", fitting: 9) == "3 more ↑")
        #expect(Layout.more(3, "above", "↑", fitting: 4) == "3 ↑")
    }

    @Test(
        "a line too wide for its row wraps at its words, its further rows under its text; the chosen item's rows all marked"
    )
    func bodyRowsWrap() {
        let lines: [ScreenContent.Line] = [
            .text("  Bob: a message that is long"), .item("Carol Singer (@carol)"), .item("Dave"),
            .text("Aligned:   yes"),
        ]
        let made = Layout.bodyRows(lines, width: 16, selection: 0)
        #expect(made.chosen == 2)
        #expect(
            made.rows.map(\.text) == [
                "  Bob: a message", "  that is long", "> 1. Carol", "     Singer", "     (@carol)", "  2. Dave",
                "Aligned:   yes",
            ])
        #expect(made.rows.map(\.isChosen) == [false, false, true, true, true, false, false])
        // A word longer than the row is broken within it.
        #expect(Layout.wrap("a abcdefghij b", width: 4) == ["a", "abcd", "efgh", "ij b"])
        // Too narrow to wrap in (under ten columns beside the number), a line is cut at the edge.
        #expect(Layout.bodyRows([.item("Carol Singer (@carol)")], width: 12, selection: nil).rows.count == 1)
    }

    @Test(
        "which lines a body shows: all that fit, the chosen item in sight, the scroll up to the end, and rows that say more"
    )
    func visibleLines() {
        #expect(Layout.visible(count: 4, room: 4, chosen: 3, scroll: 2) == (0, 4, false, false))
        // The chosen line in sight, as high as it can be; the last row says more below.
        #expect(Layout.visible(count: 4, room: 3, chosen: 1, scroll: 0) == (0, 2, false, true))
        #expect(Layout.visible(count: 4, room: 3, chosen: 2, scroll: 0) == (1, 3, true, false))
        #expect(Layout.visible(count: 10, room: 5, chosen: 5, scroll: 0) == (2, 4, true, true))
        // The scroll, kept short of the end; `Int.max` is the end, however many lines came.
        #expect(Layout.visible(count: 8, room: 4, chosen: nil, scroll: 9) == (4, 4, true, false))
        #expect(Layout.visible(count: 20, room: 4, chosen: nil, scroll: .max) == (16, 4, true, false))
        // One row: the line alone.
        #expect(Layout.visible(count: 5, room: 1, chosen: 3, scroll: 0) == (3, 1, true, false))
        #expect(Layout.visible(count: 5, room: 0, chosen: nil, scroll: 0) == (0, 0, false, false))
    }

    @Test(
        "':' types any console command; what the console says shows on the screen, its hints with ':'; a key with no action says so"
    )
    func commands() async throws {
        let stage = try Stage()
        stage.device.type(":bogus")
        stage.device.press([.character("q")])
        await stage.front.run()

        // What each frame says, its wrapped lines joined again.
        let frames = stage.device.frames.map {
            $0.frame.lines.map { $0.split(whereSeparator: { " |".contains($0) }).joined(separator: " ") }
                .joined(separator: " ")
        }
        // A command is typed after ':' here, and the console's hint says so.
        #expect(
            frames.contains {
                $0.contains("error: unknown command \"bogus\" on List; type :help to list the commands here")
            })
        #expect(frames.last?.contains("error: no action has the key q here; the bar at the bottom lists them") == true)
    }

    @Test(
        "a push plays over its animation: the first frame shows what was there, the middle both, the end the new screen"
    )
    func pushPlays() async throws {
        let stage = try Stage()
        let detail = StubScreen("Detail", lines: ["All about it."])
        try PushTransition().open(detail, as: "Detail", from: stage.list, in: stage.window)
        #expect(stage.front.isMoving)
        // Nothing is typed for 400 ms: the front draws a frame every 16 ms until the push is over.
        stage.device.press([.character("1")], apart: .milliseconds(400))
        await stage.front.run()

        let first = try #require(stage.device.frame(at: .zero))
        let middle = try #require(stage.device.frame(at: .milliseconds(125)))
        let end = try #require(stage.device.frame(at: .milliseconds(300)))
        #expect(first.lines[1] == " List")
        #expect(middle.lines[1] != " List" && middle.lines[1] != " Detail")
        #expect(end.lines[1] == " Detail" && end.lines[3] == " All about it.")
        #expect(stage.device.frames.count > 15 && stage.display.isSettled)
    }

    @Test(
        "the row under the bar says how to act in words that fit: shorter on a narrow terminal, never cut in a word",
        arguments: [
            (80, " Waypoint: press a key of the bar above, or ':' to type any command"),
            (60, " Waypoint: a key of the bar above, or ':' for any command"),
            (30, " Keys above · ':' command"), (20, " ':' command"),
        ])
    func hintFits(width: Int, hint: String) async throws {
        let stage = try Stage(width: width, height: 12)
        stage.list.content.actions = []
        await stage.front.run()
        let last = try #require(stage.device.frames.last?.frame.lines.last)
        #expect(String(last.reversed().drop { $0 == " " }.reversed()) == hint)
    }

    @Test("a resize draws the next frame at the new size")
    func resize() async throws {
        let stage = try Stage()
        stage.device.resize(to: 30, 10)
        await stage.front.run()

        #expect(stage.device.frames.last?.frame.width == 30)
        #expect(stage.device.frames.last?.frame.height == 10)
    }

    @Test("keys typed while the terminal is too small to show the screen do nothing; a resize shows it again")
    func tooSmall() async throws {
        let stage = try Stage()
        stage.device.resize(to: 15, 6)
        stage.device.press([.character("3"), .enter, .character("z")])
        stage.device.resize(to: 40, 12)
        stage.device.press([.character("z")])
        await stage.front.run()

        #expect(stage.list.received == ["zap"])
        #expect(stage.device.frames.contains { $0.frame.lines.joined(separator: " ").hasPrefix("Make the terminal") })
        #expect(stage.device.frames.last?.frame.lines[0] == " List")
    }

    @Test("a terminal too small for the screen says so in a wording that fits whole, with the way out")
    func tooSmallWording() async throws {
        for (width, height, expected) in [
            (19, 7, ["Make the terminal", "larger: at least 20", "x 8. q quits."]),
            (12, 4, ["Too small:", "at least 20", "x 8. q", "quits."]),
            (7, 3, ["q quits"]),
        ] {
            let stage = try Stage(width: width, height: height)
            await stage.front.run()

            let lines = stage.device.frames.last?.frame.lines
            #expect(lines?.filter { !$0.isEmpty } == expected, "\(width) x \(height)")
        }
    }

    @Test(
        "a modal the terminal has no room to frame with two lines of its own, or with 14 columns of text, covers the screens under it, so the one on top is shown with what it says"
    )
    func modalWithoutRoom() async throws {
        for (width, height, framed) in [
            (30, 8, false), (30, 9, false), (30, 10, false), (30, 11, true), (30, 14, true), (24, 14, false),
            (25, 14, true),
        ] {
            let stage = try Stage(width: width, height: height)
            try ModalTransition().open(
                StubScreen("One", lines: ["It is One.", "Two lines."]), as: "One", from: stage.list,
                in: stage.window)
            await stage.front.run()

            let lines = try #require(stage.device.frames.last?.frame.lines)
            #expect(lines.contains { $0.contains("It is One.") }, "at \(width) x \(height): \(lines)")
            #expect(!lines.contains { $0.contains("Entries:") }, "at \(width) x \(height): \(lines)")
            #expect(lines.contains { $0.contains("+- One") } == framed, "at \(width) x \(height): \(lines)")
        }
    }

    @Test(
        "a terminal that claims 9999 x 9999 gets a grid of at most 1000 x 1000 that says the terminal is too large, not gigabytes"
    )
    func tooLarge() async throws {
        let stage = try Stage()
        stage.device.resize(to: 9_999, 9_999)
        await stage.front.run()

        let frame = try #require(stage.device.frames.last?.frame)
        #expect(frame.width == 1_000)
        #expect(frame.height == 1_000)
        #expect(frame.lines[0].hasPrefix("Make the terminal smaller: at most 1000 x 1000."))
    }

    /// Whether `frame` shows the "make the terminal larger" message (in one of its wordings, as
    /// much as fits) or a screen with the breadcrumb on its first row (its end, behind a `…`, when
    /// it is too wide).
    private func isMessageOrScreen(_ frame: Grid) -> Bool {
        if frame.width < 20 || frame.height < 8 {
            // As much of a wording as fits, wrapped: its letters in order, no line too long.
            let shown = frame.lines.joined().filter { $0 != " " }
            let wordings = Layout.tooSmall.map { $0.filter { $0 != " " } }
            return !shown.isEmpty && wordings.contains { $0.hasPrefix(shown) }
                && frame.lines.allSatisfy { $0.count <= frame.width }
        }
        return frame.lines[0].hasPrefix(" List") || frame.lines[0].hasPrefix(" …")
    }

    @Test(
        "any size from 1 x 1 up, at rest, mid-push, mid-gesture and across resizes, shows the screen or the message to make the terminal larger"
    )
    func anySize() async throws {
        let sizes = [1, 2, 3, 4, 5, 7, 8, 9, 12].flatMap { height in
            [1, 2, 5, 19, 20, 21, 40].map { (width: $0, height: height) }
        }
        for size in sizes {
            let stage = try Stage(width: size.width, height: size.height)
            // Three modals deep, the last one still rising, then a gesture over it.
            for name in ["One", "Two", "Three"] {
                try ModalTransition().open(
                    StubScreen(name, lines: ["It is \(name)."]), as: .stub(StubPlace(name)),
                    from: stage.window.state.screens.topScreen, in: stage.window)
            }
            stage.device.press([.left], apart: .milliseconds(50))
            for other in sizes.prefix(12) {
                stage.device.resize(to: other.width, other.height, after: .milliseconds(5))
            }
            stage.device.resize(to: size.width, size.height)
            stage.device.press([.escape, .character("1")])
            await stage.front.run()

            let frames = stage.device.frames.map(\.frame)
            #expect(frames.count > 3, "\(size)")
            for frame in frames where !isMessageOrScreen(frame) {
                Issue.record("at \(frame.width) x \(frame.height): \(frame.lines)")
            }
        }
    }
}

@MainActor
@Suite("Full-screen front, several windows")
struct ScreenWindowsTests {
    @Test(
        "` brings the next window forward mid-push: the push finishes at once (its window shows the new screen when it comes back), the breadcrumb starts with the window's number, and each window's animations are its own"
    )
    func switching() async throws {
        let first = Window<TestPlace>()
        let device = ScriptedDevice(width: 40, height: 12)
        let front = ScreenFront(window: first, device: device)
        let windows = Windows(first: first)
        front.makeConsole(over: windows)
        try first.replaceRoot(with: StubScreen("List"), as: "List")
        let second = windows.open()
        try second.replaceRoot(with: StubScreen("Other"), as: "Other")
        windows.bringForward(first)
        front.attach(windows)

        let detail = StubScreen("Detail", lines: ["All about it."])
        try PushTransition().open(detail, as: "Detail", from: first.state.screens.topScreen, in: first)
        #expect(front.isMoving)
        // 100 ms into the push's 300, ` brings window 2 forward; 100 ms later ` brings window 1 back.
        device.press([.character("`"), .character("`")], apart: .milliseconds(100))
        await front.run()

        #expect(windows.front === first)
        func at(_ time: Duration) -> String? {
            device.frame(at: time).map {
                String($0.lines[0].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }
        }
        #expect(at(.zero) == "Window 1: List")
        #expect(at(.milliseconds(100)) == "Window 2: Other")
        // Back in window 1 the push is over: the detail is shown whole, with no animation left.
        let back = try #require(device.frame(at: .milliseconds(200)))
        #expect(at(.milliseconds(200)) == "Window 1: List > Detail")
        // The keys name the key to the next window while there are several (on the actions bar,
        // or at the end of the tab bar when the bar has no room).
        let footer = (back.lines[10] + back.lines[11])
        #expect(footer.contains("`: window") || footer.contains("` window"), "\(back.lines)")
        #expect(back.lines[3] == " All about it.")
        #expect(!front.isMoving)
    }
}

@MainActor
@Suite("Full-screen front, too small to show")
struct TooSmallTests {
    @Test(
        "quitting works at any size: q, or :quit typed blind, ends the session on a terminal too small or too large to show the screen",
        arguments: [
            ([Key.character("q")], 15, 6), (Array(":quit").map(Key.character) + [.enter], 15, 6),
            ([.character("q")], 2_000, 50),
        ])
    func quitsAtAnySize(keys: [Key], width: Int, height: Int) async throws {
        let stage = try Stage()
        stage.device.resize(to: width, height)
        stage.device.press(keys)
        // Had the keys done nothing, the next one would zap, and the session would end at the
        // end of input all the same.
        stage.device.resize(to: 40, 12)
        stage.device.press([.character("z")])
        await stage.front.run()

        // The session ended at the quit: the z after the resize never arrived.
        #expect(stage.list.received == [])
    }
}
