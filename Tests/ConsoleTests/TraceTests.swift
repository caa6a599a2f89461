import Console
import Navigation
import TestSupport
import Testing

/// A clock that moves by `step` each time it is read.
@MainActor
final class SteppingClock {
    private var time = ContinuousClock.now
    private let step: Duration

    init(step: Duration) {
        self.step = step
    }

    func now() -> ContinuousClock.Instant {
        time += step
        return time
    }
}

@MainActor
@Suite("Trace")
struct TraceTests {
    @Test("each event is one line with the time since the one before; a load's end says how long it took")
    func lines() {
        let output = RecordedOutput()
        let clock = SteppingClock(step: .microseconds(250))
        let trace = ConsoleTrace<TestPlace>(output: output, now: clock.now)
        let window = Window<TestPlace>()
        let chat = StubScreen("Chat @bob")
        let events: [NavigationEvent] = [
            .loadStarted(number: 4), .loadFinished(number: 4), .arrived(chat, .push), .left(chat, .pop),
            .loadStarted(number: 5), .loadSuperseded(number: 5), .loadStarted(number: 6),
            .loadFailed(number: 6, error: RoutingError.windowReleased), .left(chat, .replaceRoot),
        ]
        for event in events { trace.window(window, did: event) }
        #expect(
            output.text == """
                trace +0.000 ms  load 4 started
                trace +0.250 ms  load 4 finished (0.250 ms)
                trace +0.250 ms  arrived Chat @bob (push)
                trace +0.250 ms  left Chat @bob (pop)
                trace +0.250 ms  load 5 started
                trace +0.250 ms  load 5 superseded by a newer navigation (0.250 ms)
                trace +0.250 ms  load 6 started
                trace +0.250 ms  load 6 failed (0.250 ms): the window is gone; nothing can be opened or closed
                trace +0.250 ms  left Chat @bob (replaceRoot)

                """)
    }

    @Test(
        "a front's back gesture shows as it begins, is cancelled or finishes, and a refused report with why; a batch settling adds no line"
    )
    func gestures() {
        let output = RecordedOutput()
        let trace = ConsoleTrace<TestPlace>(output: output, now: SteppingClock(step: .microseconds(250)).now)
        let window = Window<TestPlace>()
        let chat = StubScreen("Chat @bob")
        let events: [NavigationEvent] = [
            .backGesture(chat, .began), .backGesture(chat, .cancelled), .settled, .backGesture(chat, .finished),
            .backGestureRefused(screen: "Chat @bob", .notInWindow(screen: "Chat @bob")),
        ]
        for event in events { trace.window(window, did: event) }
        #expect(
            output.text == """
                trace +0.000 ms  back gesture on Chat @bob began
                trace +0.250 ms  back gesture on Chat @bob cancelled
                trace +0.250 ms  back gesture on Chat @bob finished
                trace +0.250 ms  back gesture on Chat @bob refused: Chat @bob is not on screen; it was closed already or never opened

                """)
    }

    @Test("durations print in milliseconds with three decimals")
    func milliseconds() {
        let output = RecordedOutput()
        let clock = SteppingClock(step: .nanoseconds(1_234_567_890))
        let trace = ConsoleTrace<TestPlace>(output: output, now: clock.now)
        // One window: the trace keeps each load's start by its window, and a second window made
        // after the first is freed has its address only when the allocator happens to reuse it.
        let window = Window<TestPlace>()
        trace.window(window, did: .loadStarted(number: 1))
        trace.window(window, did: .loadFinished(number: 1))
        #expect(output.text.hasSuffix("trace +1234.567 ms  load 1 finished (1234.567 ms)\n"))
    }

    @Test("trace on turns tracing on, trace off turns it off; anything else is an error")
    func onOff() async throws {
        let session = try Session(script: "trace on\ntrace on\ntrace off\ntrace maybe\ntrace")
        _ = await session.run()
        #expect(!session.console.isTracing)
        #expect(
            session.output.text.contains(
                """
                > trace on
                Tracing: every change to the window is printed, with the time since the one before.
                > trace on
                Tracing: every change to the window is printed, with the time since the one before.
                > trace off
                Tracing is off.
                > trace maybe
                error: trace takes on or off: trace on, or trace off
                > trace
                error: trace takes on or off: trace on, or trace off
                """))
        session.console.isTracing = true
        #expect(session.console.isTracing)
    }
}
