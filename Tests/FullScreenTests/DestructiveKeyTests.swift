import Navigation
import TestSupport
import Testing

@testable import FullScreen

/// What each frame says, its wrapped lines joined again.
@MainActor
private func said(_ stage: Stage) -> [String] {
    stage.device.frames.map {
        $0.frame.lines.map { $0.split(whereSeparator: { " |".contains($0) }).joined(separator: " ") }
            .joined(separator: " ")
    }
}

@MainActor
@Suite("Full-screen front: an action going back would not undo asks for its key again")
struct DestructiveKeyTests {
    @Test(
        "its key asks, naming the item; any other key does nothing but say so; the key again runs it; Enter asks the same way"
    )
    func asksFirst() async throws {
        let stage = try Stage(width: 60, height: 14)
        stage.list.destructive = ["open", "zap"]
        stage.device.press([.down, .character("o"), .escape, .character("z"), .character("z")])
        stage.device.press([.enter, .enter])
        await stage.front.run()

        #expect(stage.list.received == ["zap", "open 2"])
        let frames = said(stage)
        #expect(
            frames.contains { $0.contains("open 2, two: open an entry. Press o again to do it, any other key not to.") }
        )
        #expect(frames.contains { $0.contains("Not done: open 2.") })
        #expect(frames.contains { $0.contains("zap on List: zap. Press z again to do it, any other key not to.") })
        #expect(frames.contains { $0.contains("Press Enter again to do it") })
        // Esc, the key that answered no, did not also go back.
        let titles = stage.device.frames.map { $0.frame.lines[0] }.drop { $0 != " List" }
        #expect(!titles.isEmpty && titles.allSatisfy { $0 == " List" })
    }

    @Test("on a terminal too small for the whole question, the key after it still answers it: ↓ is a no, not a scroll")
    func smallTerminal() async throws {
        let stage = try Stage(width: 24, height: 9)
        stage.list.destructive = ["open"]
        stage.device.press([.character("o"), .down, .character("o"), .character("o")])
        await stage.front.run()

        #expect(stage.list.received == ["open 1"])
        #expect(said(stage).contains { $0.contains("Not done: open 1.") })
    }

    @Test("? says which action going back does not undo, before its key is pressed")
    func graphSaysSo() async throws {
        let stage = try Stage(width: 100, height: 14)
        stage.list.destructive = ["zap"]
        stage.device.press([.character("?")])
        await stage.front.run()

        let frames = said(stage)
        #expect(
            frames.contains {
                $0.contains(
                    "zap opens no place: it acts on this screen, and going back does not undo it (its key asks first)")
            })
        // Another action that acts on the screen says nothing of undoing.
        #expect(frames.contains { $0.contains("note opens no place: it acts on this screen") })
        #expect(!frames.contains { $0.contains("note opens no place: it acts on this screen, and going back") })
    }

    @Test("typed in whole after ':', it runs at once; an action that is not destructive runs from its key at once")
    func typedRuns() async throws {
        let stage = try Stage(width: 60, height: 14)
        stage.list.destructive = ["zap"]
        stage.device.type(":zap")
        stage.device.press([.character("o")])
        await stage.front.run()

        #expect(stage.list.received == ["zap", "open 1"])
        #expect(!said(stage).contains { $0.contains("again to do it") })
    }

    @Test("an item that is no longer the one asked about when the key comes again runs nothing, and says why")
    func itemChanged() async throws {
        let stage = try Stage(width: 60, height: 14)
        stage.list.destructive = ["open"]
        // As if the list had read `zero` at 1 when it asked, and reloaded since.
        stage.front.confirming = Confirming(
            key: .character("o"), screen: stage.list, action: "open", argument: "1", item: "zero")
        stage.device.press([.character("o")])
        await stage.front.run()

        #expect(stage.list.received == [])
        #expect(
            said(stage).contains {
                $0.contains("error: the screen changed before you answered, so open 1 was not done; choose again")
            })
    }
}
