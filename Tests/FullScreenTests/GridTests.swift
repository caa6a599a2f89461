import Routing
import Testing

@testable import FullScreen

@MainActor
@Suite("Grid, composer and frame diff")
struct GridTests {
    @Test("text is written a cell a character, cut at the edge, control characters shown as ?")
    func write() {
        var grid = Grid(width: 8, height: 2)
        let end = grid.write("ab\u{1B}cdefghij", row: 0, column: 1, style: .bold)
        grid.write("x", row: 5, column: 0)
        #expect(end == 8)
        #expect(grid.lines == [" ab?cdef", ""])
        #expect(grid[0, 1].style == .bold && grid[0, 0].style == [])
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
