import Routing

/// A screen with nothing but a title: the routing core's share of a navigation, without a front.
final class Blank: Screen {
    let title: String

    init(_ title: String) {
        self.title = title
    }
}

/// Open+close cycles of a module (a new router and screen each time) for each transition, and
/// the resident memory around a million of them.
@MainActor
struct TransitionBenchmark {
    let scale: Int
    private let clock = ContinuousClock()

    func run(_ report: Report) async throws {
        let cycles = 1_000_000 / scale
        let window = Window()
        let launcher = RootOpener(window: window)
        let home = Router<Blank>(place: Spot.screen)
        try launcher.open(Blank("Home"), of: home, transition: RootTransition())

        _ = try measure(10_000, from: home) { PushTransition() }  // warm-up
        let before = Machine.residentBytes()
        for (name, make) in [("push", { PushTransition() as any Transition }), ("modal", { ModalTransition() })] {
            let time = try measure(cycles, from: home, transition: make)
            let perCycle = time.nanoseconds / Double(cycles)
            report.line(
                "open+close, \(name) (\(Format.number(Double(cycles))) cycles)",
                "\(Format.number(perCycle / 1000)) µs/cycle, \(Format.number(1e9 / perCycle)) cycles/s",
                measured: perCycle / 1000, target: 2, unit: " µs")
        }
        let after = Machine.residentBytes()

        let roots = cycles / 10
        let rootTime = try clock.measure {
            for index in 0..<roots {
                try launcher.open(
                    Blank("Root \(index & 1)"), of: Router<Blank>(place: Spot.screen), transition: RootTransition())
            }
        }
        let perRoot = rootTime.nanoseconds / Double(roots)
        report.line(
            "root replace, the root's open and the old root's close (\(Format.number(Double(roots))))",
            "\(Format.number(perRoot / 1000)) µs/cycle, \(Format.number(1e9 / perRoot)) cycles/s",
            measured: perRoot / 1000, target: 2, unit: " µs")

        // Through a route's provider: build the module, await its load (which completes
        // without suspending here), open, close, release.
        let loads = cycles
        let next = Router<Blank>(place: Spot.screen)
        try launcher.open(Blank("Home"), of: next, transition: RootTransition())
        let loadsBefore = Machine.residentBytes()
        let start = clock.now
        for _ in 0..<loads {
            let router = Router<Blank>(place: Spot.screen)
            try await next.open(router, transition: PushTransition()) { Blank("Detail") }
            try router.close()
        }
        let perLoad = (clock.now - start).nanoseconds / Double(loads)
        let loadsAfter = Machine.residentBytes()
        report.line(
            "open+close, push through a route's provider (\(Format.number(Double(loads))) cycles)",
            "\(Format.number(perLoad / 1000)) µs/cycle, \(Format.number(1e9 / perLoad)) cycles/s",
            measured: perLoad / 1000, target: 3, unit: " µs")
        if let loadsBefore, let loadsAfter {
            let growth = Double(loadsAfter - loadsBefore) / Double(1 << 20)
            report.line(
                "resident memory around \(Format.number(Double(loads))) cycles through a provider",
                "growth \(Format.number(max(growth, 0))) MiB", measured: max(growth, 0), target: 1, unit: " MiB")
        }

        if let before, let after {
            let growth = Double(after - before) / Double(1 << 20)
            report.line(
                "resident memory around \(Format.number(Double(2 * cycles))) push and modal cycles",
                "\(Format.number(Double(before) / Double(1 << 20))) MiB before, "
                    + "\(Format.number(Double(after) / Double(1 << 20))) MiB after, growth \(Format.number(max(growth, 0))) MiB",
                measured: max(growth, 0), target: 1, unit: " MiB")
        } else {
            report.line("resident memory", "not measured: /proc/self/status is missing on this system")
        }
    }

    /// Opens a new module from `home` and closes it again, `count` times.
    private func measure(_ count: Int, from home: Router<Blank>, transition: () -> any Transition) throws -> Duration {
        try clock.measure {
            for _ in 0..<count {
                let router = Router<Blank>(place: Spot.screen)
                try home.open(Blank("Detail"), of: router, transition: transition())
                try router.close()
            }
        }
    }
}

/// The benchmark's places: one kind of screen is enough to measure opening and closing.
enum Spot: Place {
    case screen

    var title: String { "Screen" }
}
