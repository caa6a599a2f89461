import Navigation

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
                measured: perCycle / 1000, target: 1, unit: " µs")
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
            measured: perRoot / 1000, target: 1, unit: " µs")

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
            measured: perLoad / 1000, target: 2, unit: " µs")
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
        try depths(report, cycles: cycles / 10)
        shownScreenBytes(report)
    }

    /// A push and its pop on top of a stack 1, 10 and 100 screens deep (the window's limit raised
    /// for the benchmark only): what a change costs as the state grows. Target: within 1.5× of
    /// depth 1 at depth 100, so a deep state does not make every change slower.
    private func depths(_ report: Report, cycles: Int) throws {
        var perDepth: [Int: Double] = [:]
        for depth in [1, 10, 100] {
            let window = Window(maximumDepth: 200)
            var top = Router<Blank>(place: Spot.screen)
            try RootOpener(window: window).open(Blank("Root"), of: top, transition: RootTransition())
            for index in 1..<depth {
                let next = Router<Blank>(place: Spot.screen)
                try top.open(Blank("Level \(index)"), of: next, transition: PushTransition())
                top = next
            }
            let time = try measure(cycles, from: top) { PushTransition() }
            perDepth[depth] = time.nanoseconds / Double(cycles)
        }
        let base = perDepth[1] ?? 1
        for depth in [1, 10, 100] {
            let cost = perDepth[depth] ?? 0
            report.line(
                "a push and its pop on a stack \(depth) deep (\(Format.number(Double(cycles))) cycles)",
                "\(Format.number(cost / 1000)) µs/cycle, \(Format.number(cost / base))× depth 1",
                measured: cost / base, target: 1.5, unit: "×")
        }
    }

    /// The bytes a shown screen costs the core: its window entry and its router, with a screen
    /// that holds nothing but its title (a feature's presenter and view values come on top).
    /// 10,000 screens pushed in one window; the resident growth divided by the count. Target:
    /// 1 KiB, so a deep app's navigation state is small beside its views.
    private func shownScreenBytes(_ report: Report) {
        let count = 10_000
        let window = Window(maximumDepth: count + 1)
        var routers: [Router<Blank>] = []
        routers.reserveCapacity(count + 1)
        let before = Machine.residentBytes()
        do {
            var top = Router<Blank>(place: Spot.screen)
            try RootOpener(window: window).open(Blank("Root"), of: top, transition: RootTransition())
            routers.append(top)
            for _ in 1...count {
                let next = Router<Blank>(place: Spot.screen)
                try top.open(Blank("Screen"), of: next, transition: PushTransition())
                top = next
                routers.append(next)
            }
        } catch {
            return report.line("bytes per shown screen", "not measured: \(error)")
        }
        guard let before, let after = Machine.residentBytes() else {
            return report.line("bytes per shown screen", "not measured: /proc/self/status is missing on this system")
        }
        let bytes = Double(max(0, after - before)) / Double(count)
        report.line(
            "bytes per shown screen (window entry, router, a title-only screen; \(Format.number(Double(count))) pushed)",
            "\(Format.number(bytes)) B", measured: bytes, target: 1024, unit: " B")
        withExtendedLifetime(routers) {}
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
