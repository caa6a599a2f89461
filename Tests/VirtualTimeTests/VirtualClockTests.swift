import Testing
import VirtualTime

@Suite("Virtual time")
struct VirtualClockTests {
    @Test("sleepers wake when the clock is moved past their deadlines, earliest first, and not before")
    func advance() async throws {
        let clock = VirtualClock()
        let woke = Woken()
        let late = Task {
            try await clock.sleep(for: .seconds(2))
            await woke.add("late")
        }
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            await woke.add("early")
        }
        while clock.sleepers < 2 { await Task.yield() }
        clock.advance(by: .milliseconds(500))
        #expect(await woke.names.isEmpty)
        clock.advance(by: .seconds(2))
        try await early.value
        try await late.value
        #expect(await Set(woke.names) == ["early", "late"])
        #expect(clock.now.offset == .milliseconds(2_500))
    }

    @Test("a clock that advances when idle moves itself to each deadline, and a cancelled sleeper throws")
    func idle() async throws {
        let clock = VirtualClock(advancesWhenIdle: true)
        try await clock.sleep(for: .seconds(86_400))
        #expect(clock.now.offset == .seconds(86_400))
        let still = VirtualClock()
        let sleeper = Task { try await still.sleep(for: .seconds(1)) }
        while still.sleepers < 1 { await Task.yield() }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}

actor Woken {
    private(set) var names: [String] = []
    func add(_ name: String) { names.append(name) }
}
