import Navigation
import Testing

@testable import FullScreen

@MainActor
@Suite("Grid, composer and frame diff")
struct GridTests {
    @Test("text is written a cell a character, cut at the edge, control characters shown as their code")
    func write() {
        var grid = Grid(width: 14, height: 2)
        let end = grid.write("ab\u{1B}cdefghij", row: 0, column: 1, style: .bold)
        grid.write("x", row: 5, column: 0)
        #expect(end == 14)
        #expect(grid.lines == [" ab<U+001B>cde", ""])
        #expect(grid[0, 1].style == .bold && grid[0, 0].style == [])
    }

    @Test("bidi controls and C1 controls show as their code, as the line console shows them")
    func bidi() {
        var grid = Grid(width: 40, height: 1)
        grid.write("a\u{202E}b\u{2066}c\u{202C}d\u{85}", row: 0, column: 0)
        #expect(grid.lines == ["a<U+202E>b<U+2066>c<U+202C>d<U+0085>"])
    }

    @Test(
        "a wide character takes two cells, an invisible one none, a combining mark stays on its letter; text never passes its limit"
    )
    func displayWidth() {
        var grid = Grid(width: 10, height: 3)
        let end = grid.write("中文ＡB😀x", row: 0, column: 0)
        #expect(end == 10)
        #expect(grid.lines[0] == "中文ＡB😀x")
        #expect(grid[0, 1].isContinuation && grid[0, 8].isContinuation && !grid[0, 6].isContinuation)
        // Zero-width space, joiner and a lone combining mark take no column; é is one column.
        let invisible = grid.write("\u{301}e\u{301}\u{200B}f\u{2060}g", row: 1, column: 0)
        #expect(invisible == 3 && grid.lines[1] == "e\u{301}fg")
        // A wide character that does not fit the limit leaves a blank, and the limit holds.
        let cut = grid.write("ab中", row: 2, column: 0, limit: 3)
        #expect(cut == 3 && grid.lines[2] == "ab")
        // Overwriting half of a wide character blanks the other half.
        grid.write("z", row: 0, column: 1)
        #expect(grid.lines[0] == " z文ＡB😀x")
        grid[0, 2] = Cell("y")
        #expect(grid.lines[0] == " zy ＡB😀x")
    }

    @Test("a wide character is sent once, and sent again whole when either half changes")
    func wideDiff() {
        var first = Grid(width: 4, height: 1)
        first.write("中a", row: 0, column: 0)
        #expect(FrameDiff.text(from: nil, to: first) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0m中a \u{1B}[0m")
        var second = first
        second.write("文", row: 0, column: 0)
        #expect(FrameDiff.text(from: first, to: second) == "\u{1B}[1;1H\u{1B}[0m文\u{1B}[0m")
        var third = first
        third.write("b", row: 0, column: 1)
        #expect(FrameDiff.text(from: first, to: third) == "\u{1B}[1;1H\u{1B}[0m b\u{1B}[0m")
    }

    @Test(
        "after a character of several scalars the cursor is put at the next cell, as terminals measure those their own way"
    )
    func clusterDiff() {
        var grid = Grid(width: 8, height: 2)
        // An emoji with a skin tone (tmux: four columns), a flag, an e with its accent apart.
        grid.write("a👍🏽b🇯🇵e\u{301}f", row: 1, column: 0)
        #expect(grid.lines[1] == "a👍🏽b🇯🇵éf")
        #expect(
            FrameDiff.text(from: Grid(width: 8, height: 2), to: grid)
                == "\u{1B}[2;1H\u{1B}[0ma👍🏽\u{1B}[2;4Hb🇯🇵\u{1B}[2;7He\u{301}\u{1B}[2;8Hf\u{1B}[0m")
        // At the row's end there is no next cell to go to.
        var last = Grid(width: 3, height: 1)
        last.write("a👍🏽", row: 0, column: 0)
        #expect(FrameDiff.text(from: Grid(width: 3, height: 1), to: last) == "\u{1B}[1;1H\u{1B}[0ma👍🏽\u{1B}[0m")
    }

    @Test(
        "the line being typed scrolls: the text before the cursor shows its end behind an ellipsis, the text after it as much as fits, wide characters counted as two"
    )
    func inputScrolls() {
        func shown(_ text: String, cursor: Int? = nil) -> String {
            let line = Layout.inputLine(prompt: ":", text: text, cursor: cursor, width: 11)
            return line.before + "[" + (line.under.map(String.init) ?? "_") + "]" + line.after
        }
        #expect(shown("open") == ":open[_]")
        #expect(shown("open waypoint://chats") == ":…://chats[_]")
        #expect(shown("send 中文字符") == ":…中文字符[_]")
        #expect(shown("open waypoint://chats", cursor: 0) == ":[o]pen waypo")
        #expect(shown("open waypoint://chats", cursor: 5) == ":open [w]aypo")
        #expect(shown("open waypoint://chats", cursor: 14) == ":…aypoint:[/]")
        #expect(shown("send 中文字符", cursor: 5) == ":send [中]文")
    }

    @Test(
        "keys edit the line being typed as in a shell: at the cursor, which the arrows, Home and End move; Backspace, Delete, Ctrl-U, Ctrl-K and Ctrl-W take text out"
    )
    func lineEditing() {
        var input = Overlay.Input(prompt: ":", text: "")
        func type(_ keys: [Key]) -> String {
            for key in keys {
                let edited = input.edit(key)
                #expect(edited, "\(key)")
            }
            let text = Array(input.text)
            let at = input.cursor ?? text.count
            return String(text[..<at]) + "|" + String(text[at...])
        }
        #expect(type("helo".map { .character($0) }) == "helo|")
        #expect(type([.left, .character("l")]) == "hell|o")
        #expect(type([.home, .character(">"), .character(" ")]) == "> |hello")
        #expect(type([.delete, .end]) == "> ello|")
        #expect(type([.character(" "), .paste("big\nworld"), .control("w")]) == "> ello big |")
        #expect(type([.control("a"), .right, .right, .control("k")]) == "> |")
        #expect(type([.control("e"), .backspace, .control("u")]) == "|")
        #expect(type([.backspace, .delete, .left, .right]) == "|")
        let others = [Key.enter, .escape, .up, .tab].filter { input.edit($0) }
        #expect(others.isEmpty)
    }

    @Test("a message too long for one line wraps in a box over the screen; the box's rows hold nothing else")
    func messageBox() {
        var grid = Grid(width: 20, height: 8)
        for row in 0..<8 { grid.write(String(repeating: "x", count: 20), row: row, column: 0) }
        Layout.drawMessages(["error: no tabs before you sign in"], into: &grid, bodyEnd: 6)
        #expect(
            grid.lines == [
                "xxxxxxxxxxxxxxxxxxxx",
                "xxxxxxxxxxxxxxxxxxxx",
                " +----------------+",
                " | error: no tabs |",
                " | before you     |",
                " | sign in        |",
                " +----------------+",
                "xxxxxxxxxxxxxxxxxxxx",
            ])
    }

    @Test(
        "messages longer than the box's rows show their last lines, or those from a scroll; the box's edges say how many more are above and below (and, where there is room, the keys)"
    )
    func messageBoxCut() {
        func drawn(scroll: Int) -> [String] {
            var grid = Grid(width: 20, height: 8)
            Layout.drawMessages(["one", "two", "three", "four", "five"], scroll: scroll, into: &grid, bodyEnd: 6)
            return grid.lines
        }
        #expect(
            drawn(scroll: .max) == [
                "",
                "",
                " +- 2 more above -+",
                " | three          |",
                " | four           |",
                " | five           |",
                " +- Esc closes ---+",
                "",
            ])
        #expect(
            drawn(scroll: 1) == [
                "",
                "",
                " +- 1 more above -+",
                " | two            |",
                " | three          |",
                " | four           |",
                " +- 1 more below -+",
                "",
            ])
        #expect(drawn(scroll: 0)[2...3] == [" +----------------+", " | one            |"])
    }

    @Test("a box frames its rows and columns, its title on its top edge")
    func box() {
        var grid = Grid(width: 12, height: 4)
        grid.box(rows: 0..<4, columns: 0..<12, title: "Hi")
        #expect(grid.lines == ["+- Hi -----+", "|          |", "|          |", "+----------+"])
    }

    @Test("a slide moves the cells that change in from its edge, over what was shown; at the end, it is the new frame")
    func slide() {
        var before = Grid(width: 10, height: 3)
        before.write("old", row: 1, column: 0)
        var after = Grid(width: 10, height: 3)
        after.write("new screen", row: 1, column: 0)
        let animation = Animation(duration: .milliseconds(200), curve: .linear, effect: .slide(from: .trailing))

        let start = Composer.frame(from: before, to: after, animation, isPresenting: true, at: 0, rows: 1..<2)
        let middle = Composer.frame(from: before, to: after, animation, isPresenting: true, at: 0.5, rows: 1..<2)
        let end = Composer.frame(from: before, to: after, animation, isPresenting: true, at: 1, rows: 1..<2)
        let back = Composer.frame(from: after, to: before, animation, isPresenting: false, at: 0.5, rows: 1..<2)

        #expect(start.lines[1] == "old")
        #expect(middle.lines[1] == "old  new s")
        #expect(end == after)
        #expect(back.lines[1] == "old  new s")
    }

    @Test("a fade dims what changes, the old frame first, the new one from halfway; a cut shows the new one at once")
    func fadeAndCut() {
        var before = Grid(width: 4, height: 3)
        before.write("ab", row: 1, column: 0)
        var after = Grid(width: 4, height: 3)
        after.write("cd", row: 1, column: 0)
        let fade = Animation(duration: .milliseconds(200), curve: .linear, effect: .fade)

        let early = Composer.frame(from: before, to: after, fade, isPresenting: true, at: 0.25, rows: 0..<3)
        let late = Composer.frame(from: before, to: after, fade, isPresenting: true, at: 0.75, rows: 0..<3)
        #expect(early.lines[1] == "ab" && early[1, 0].style == .dim)
        #expect(late.lines[1] == "cd" && late[1, 1].style == .dim && late[0, 0].style == [])
        #expect(Composer.frame(from: before, to: after, .none, isPresenting: true, at: 0.1, rows: 0..<3) == after)
    }

    @Test(
        "the terminal is sent only the runs of cells that changed, with the style when it changes; a new size is drawn whole"
    )
    func diff() {
        var first = Grid(width: 6, height: 2)
        first.write("abcdef", row: 0, column: 0)
        var second = first
        second.write("XY", row: 0, column: 2, style: .inverse)
        second.write("z", row: 1, column: 5)

        #expect(FrameDiff.text(from: first, to: second) == "\u{1B}[1;3H\u{1B}[0;7mXY\u{1B}[2;6H\u{1B}[0mz\u{1B}[0m")
        #expect(FrameDiff.text(from: second, to: second) == "")
        let whole = FrameDiff.text(from: Grid(width: 3, height: 1), to: second)
        #expect(whole.hasPrefix("\u{1B}[0m\u{1B}[2J\u{1B}[1;1H"))
    }

    @Test("each action gets the first letter of its name no other has, shown in brackets")
    func actionKeys() {
        let actions = [
            ScreenContent.Action("send", .text("<text>"), summary: ""), ScreenContent.Action("share", summary: ""),
            ScreenContent.Action("profile", summary: ""),
        ]
        let keys = ActionKeys.assign(actions)
        #expect(keys.map(\.key) == ["s", "h", "p"])
        #expect(keys.map { ActionKeys.label($0.key, $0.action) } == ["[s]end <text>", "s[h]are", "[p]rofile"])
    }
}
