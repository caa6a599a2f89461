import Console
import Routing
import TestSupport
import Testing

@testable import FullScreen

/// A window with a list on top, shown by the full-screen front on a scripted device, with the
/// console running its commands.
@MainActor
struct Stage {
    let window: Window
    let device: ScriptedDevice
    let front: ScreenFront
    let console: ConsoleFront
    let display: Display
    let list: StubScreen

    init(width: Int = 40, height: Int = 12) throws {
        window = Window()
        device = ScriptedDevice(width: width, height: height)
        front = ScreenFront(window: window, device: device)
        console = ConsoleFront(window: window, input: front.prompts, output: front.messages)
        console.drawsScreens = false
        front.console = console
        list = StubScreen(
            "List", lines: [],
            actions: [
                ScreenContent.Action("open", .item("entry"), summary: "open an entry"),
                ScreenContent.Action("note", .text("<text>"), summary: "write a note"),
                ScreenContent.Action("zap", summary: "zap"),
            ])
        list.content.lines = [.text("Entries:"), .item("one"), .item("two"), .item("three")]
        try window.replaceRoot(with: list, as: AnyPlace("List"))
        display = Display(window: window, front: front)
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

    @Test("':' types any console command; what the console says shows on the screen; a key with no action says so")
    func commands() async throws {
        let stage = try Stage()
        stage.device.type(":bogus")
        stage.device.press([.character("q")])
        await stage.front.run()

        let frames = stage.device.frames.map(\.frame.text)
        #expect(frames.contains { $0.contains("error: unknown command \"bogus\"") })
        #expect(frames.last?.contains("error: no action has the key q here") == true)
    }

    @Test(
        "a push plays over its animation: the first frame shows what was there, the middle both, the end the new screen"
    )
    func pushPlays() async throws {
        let stage = try Stage()
        let detail = StubScreen("Detail", lines: ["All about it."])
        try PushTransition().open(detail, as: AnyPlace("Detail"), from: stage.list, in: stage.window)
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

    @Test("a resize draws the next frame at the new size")
    func resize() async throws {
        let stage = try Stage()
        stage.device.resize(to: 30, 10)
        await stage.front.run()

        #expect(stage.device.frames.last?.frame.width == 30)
        #expect(stage.device.frames.last?.frame.height == 10)
    }
}
