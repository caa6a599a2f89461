import Console
import FullScreen
import Routing

/// A screen with a page of text and a list: what a frame of the full-screen front draws.
final class Page: Screen {
    let title: String
    let content: ScreenContent

    init(_ title: String) {
        self.title = title
        content = ScreenContent(
            lines: [.text("\(title): a page of text to draw.")]
                + (1...8).map { .text("Line \($0) of \(title), as long as a line of a chat usually is.") }
                + (1...5).map { .item("Entry \($0) of \(title)") },
            actions: [
                ScreenContent.Action("open", .item("entry"), summary: ""),
                ScreenContent.Action("send", .text("<text>"), summary: ""),
            ])
    }
}

/// The cost of a frame of the full-screen front, 80 × 24: drawn at rest, and in the middle of a
/// push (composed from the frames before and after), each with the text sent to the terminal
/// for the cells that changed since the frame before.
@MainActor
struct ScreenBenchmark {
    let scale: Int

    func run(_ report: Report) throws {
        let window = Window()
        let device = ScriptedDevice(width: 80, height: 24)
        device.keepsFrames = false
        let front = ScreenFront(window: window, device: device)
        let console = ConsoleFront(window: window, input: front.prompts, output: front.messages)
        console.drawsScreens = false
        front.console = console
        let home = Page("Home")
        try window.replaceRoot(with: home, as: AnyPlace("Home"), animator: StandardAnimator.tab)
        let display = Display(window: window, front: front)
        let frames = 20_000 / scale

        var last: Grid?
        var sent = 0
        let rest = ContinuousClock().measure {
            for _ in 0..<frames {
                let frame = front.frame(at: device.now())
                sent &+= FrameDiff.text(from: last, to: frame).utf8.count
                last = frame
            }
        }
        try window.push(Page("Detail"), as: AnyPlace("Detail"), from: home)
        let moving = ContinuousClock().measure {
            for index in 0..<frames {
                // The push's 250 ms, a frame every 16 ms, over and over.
                let frame = front.frame(at: .milliseconds(16 * (index % 15)))
                sent &+= FrameDiff.text(from: last, to: frame).utf8.count
                last = frame
            }
        }
        _ = (display, sent)
        for (name, time) in [("at rest", rest), ("in the middle of a push", moving)] {
            let perFrame = time.nanoseconds / Double(frames) / 1000
            report.line(
                "a frame of App --screen, 80 x 24, \(name), drawn and diffed for the terminal (\(Format.number(Double(frames))) frames)",
                "\(Format.number(perFrame)) µs/frame", measured: perFrame, target: 1_000, unit: " µs")
        }
    }
}
