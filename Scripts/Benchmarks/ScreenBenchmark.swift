import Console
import FrontPacing
import FullScreen
import Navigation

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

    func run(_ report: Report) async throws {
        let window = Window(Declarations<Spot>(environment: (), scheme: "b"))
        let device = ScriptedDevice(width: 80, height: 24)
        device.keepsFrames = false
        let front = ScreenFront(window: window, device: device)
        front.makeConsole(over: Windows(first: window))
        let home = Page("Home")
        try window.replaceRoot(with: home, as: .screen, animator: StandardAnimator.tab)
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
        try window.push(Page("Detail"), as: .screen, from: home)
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
        try await fiveStepLink(report)
    }

    /// A link of five steps, as `open waypoint://chats/chat/bob/profile/bob` from a profile and a
    /// chat presented over the friends tab while the chats tab shows another chat: the modal is
    /// dismissed, the chats tab selected, its chat popped, and a chat and a profile pushed, in one
    /// batch. A paced front plays one animation per container it changes; the figure is the time
    /// those animations take end to end (the front's own clock, not this machine's), and the cost
    /// of applying the link's changes and handing them over. Target: 600 ms, two standard
    /// animations, where five played one after another would take about 1.3 s.
    private func fiveStepLink(_ report: Report) async throws {
        let rounds = 10_000 / scale
        let front = TimingFront()
        var played: Duration = .zero
        let cost = try await ContinuousClock().measure {
            for _ in 0..<rounds {
                let window = Window(Declarations<Spot>(environment: (), scheme: "b"))
                let display = Display(window: window, front: front)
                let friends = Page("Friends")
                let chats = Page("Chats")
                try window.replaceRoot(
                    withTabs: [
                        (name: "friends", screen: friends, place: .screen),
                        (name: "chats", screen: chats, place: .screen),
                    ], selecting: "chats")
                let dave = Page("Chat @dave")
                try window.push(dave, as: .screen, from: chats)
                try window.select(tab: "friends")
                let carol = Page("Profile @carol")
                try window.present(carol, as: .screen, from: friends)
                try window.push(Page("Chat @carol"), as: .screen, from: carol)
                front.played = .zero
                front.changes = 0
                try await window.batch { () throws(RoutingError) in
                    try window.dismiss(carol)
                    try window.select(tab: "chats")
                    try window.pop(dave)
                    let bob = Page("Chat @bob")
                    try window.push(bob, as: .screen, from: chats)
                    try window.push(Page("Profile @bob"), as: .screen, from: bob)
                }
                played = front.played
                withExtendedLifetime(display) {}
            }
        }
        let milliseconds = played.nanoseconds / 1e6
        report.line(
            "a five-step link on a paced front (dismiss, tab, pop, push, push): the animations it plays",
            "\(Format.number(milliseconds)) ms, \(front.changes) changes handed over",
            measured: milliseconds, target: 600, unit: " ms")
        let micros = cost.nanoseconds / Double(rounds) / 1000
        report.line(
            "that link's changes applied and handed to the front, with the window built (\(Format.number(Double(rounds))) times)",
            "\(Format.number(micros)) µs", measured: micros, target: 100, unit: " µs")
    }
}

/// A paced front that plays each change at once and adds up how long it would have animated.
@MainActor
final class TimingFront: PacedFront {
    var played: Duration = .zero
    var changes = 0

    func show(_ change: DisplayChange, done: @escaping @MainActor () -> Void) {
        played += change.animation.duration
        changes += 1
        done()
    }

    func finishAnimating() {}
}
