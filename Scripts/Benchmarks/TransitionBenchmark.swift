import Navigation

/// A screen with nothing but a title, which keeps its module's router as a presenter does: the
/// routing core's share of a navigation, without a front.
final class Blank: Screen {
    let title: String
    var router: AnyObject?

    init(_ title: String) {
        self.title = title
    }
}

/// The benchmark's places, its app's and its one feature's: a root, a screen built at once, and
/// one loaded through a provider as a feature's screen loads.
enum Spot: AppPlaces, FeaturePlace {
    typealias Environment = Void

    case root, screen, loaded

    var title: String { "Screen" }

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Spot {
        visitor.visit(self, of: Blanks.self)
    }

    static var gate: Spot { .root }
    static var tabs: [Spot] { [] }
    static func passer(in environment: Void) -> GatePasser? { nil }
    static func closeGate(in environment: Void) {}
}

enum Blanks: Feature {
    typealias Place = Spot
    typealias Places = Spot

    static var name: String { "Blanks" }
    static func embed(_ place: Spot) -> Spot { place }
    static func link(of place: Spot) -> PlaceLink { PlaceLink("\(place)") }
    static func access(of place: Spot) -> PlaceAccess { .unguarded }
    static func policy(of place: Spot) -> LoadPolicy? { place == .loaded ? .standard : nil }

    static func check(_ place: Spot, in environment: Spot.Environment) async throws {}

    static func open(_ place: Spot, checking: Checking<Void>, in opening: Opening<Spot>) throws -> ModuleLoad {
        let router = Router<Blank, Spot>(place: place)
        guard place == .loaded else {
            let screen = Blank("Detail")
            screen.router = router
            return try opening.open(screen, of: router)
        }
        return opening.open(router, checking) { _ in
            let screen = Blank("Detail")
            screen.router = router
            return screen
        }
    }
}

extension Window<Spot> {
    /// A window of the benchmark's app, its root shown.
    static func benchmark(maximumDepth: Int = standardDepthLimit) async throws -> Window<Spot> {
        let window = Window(Declarations(environment: (), scheme: "b"), maximumDepth: maximumDepth)
        try await window.openGate()
        return window
    }

    /// Opens `place` by `transition` from the screen on top, as a router opens a route.
    func open(_ place: Spot, by transition: any Transition) async throws {
        guard let top = state.screens.topScreen else { throw RoutingError.noSource }
        try await open(Route(place, transition: transition), from: top)
    }

    /// Opens a module made at once (a router and its screen) from the screen on top by
    /// `transition`, and closes it by the same transition: the window's share of a navigation,
    /// as the benchmark measured it before the typed core (a router opened a screen it was
    /// handed). Opening by a route, with its check and load, is the provider's figure.
    func cycle(by transition: any Transition) throws {
        guard let top = state.screens.topScreen else { throw RoutingError.noSource }
        let screen = Blank("Detail")
        screen.router = Router<Blank, Spot>(place: .screen)
        try transition.open(screen, as: .screen, from: top, in: self)
        try transition.close(screen, in: self)
    }

    /// Pushes a module made at once on the screen on top.
    func pushScreen() throws {
        guard let top = state.screens.topScreen else { throw RoutingError.noSource }
        let screen = Blank("Screen")
        screen.router = Router<Blank, Spot>(place: .screen)
        try PushTransition().open(screen, as: .screen, from: top, in: self)
    }

    /// Closes the screen on top through its router.
    func closeTop() throws {
        guard let top = state.screens.topScreen, let router = state.screens.router(of: top) else {
            throw RoutingError.noSource
        }
        try router.close()
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
        let window = try await Window.benchmark()

        _ = try await measure(10_000, in: window) { PushTransition() }  // warm-up
        let before = Machine.residentBytes()
        for (name, make) in [("push", { PushTransition() as any Transition }), ("modal", { ModalTransition() })] {
            let time = try await measure(cycles, in: window, transition: make)
            let perCycle = time.nanoseconds / Double(cycles)
            report.line(
                "open+close, \(name) (\(Format.number(Double(cycles))) cycles)",
                "\(Format.number(perCycle / 1000)) µs/cycle, \(Format.number(1e9 / perCycle)) cycles/s",
                measured: perCycle / 1000, target: 1, unit: " µs")
        }
        let after = Machine.residentBytes()

        let roots = cycles / 10
        let rootStart = clock.now
        for index in 0..<roots {
            let screen = Blank("Root \(index & 1)")
            screen.router = Router<Blank, Spot>(place: .screen)
            try RootTransition().open(screen, as: .screen, from: nil, in: window)
        }
        let rootTime = clock.now - rootStart
        let perRoot = rootTime.nanoseconds / Double(roots)
        report.line(
            "root replace, the root's open and the old root's close (\(Format.number(Double(roots))))",
            "\(Format.number(perRoot / 1000)) µs/cycle, \(Format.number(1e9 / perRoot)) cycles/s",
            measured: perRoot / 1000, target: 1, unit: " µs")

        // Through a route's provider: build the module, await its load (which completes
        // without suspending here), open, close, release.
        let loads = cycles
        try await window.open(.root, by: RootTransition())
        let loadsBefore = Machine.residentBytes()
        let start = clock.now
        for _ in 0..<loads {
            try await window.open(.loaded, by: PushTransition())
            try window.closeTop()
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
        try await depths(report, cycles: cycles / 10)
        await shownScreenBytes(report)
    }

    /// A push and its pop on top of a stack 1, 10 and 100 screens deep (the window's limit raised
    /// for the benchmark only): what a change costs as the state grows. Target: within 1.5× of
    /// depth 1 at depth 100, so a deep state does not make every change slower.
    private func depths(_ report: Report, cycles: Int) async throws {
        var perDepth: [Int: Double] = [:]
        for depth in [1, 10, 100] {
            let window = try await Window.benchmark(maximumDepth: 200)
            for _ in 1..<depth { try window.pushScreen() }
            let time = try await measure(cycles, in: window) { PushTransition() }
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
    private func shownScreenBytes(_ report: Report) async {
        let count = 10_000
        let before = Machine.residentBytes()
        let window: Window<Spot>
        do {
            window = try await Window.benchmark(maximumDepth: count + 1)
            for _ in 1...count { try window.pushScreen() }
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
        withExtendedLifetime(window) {}
    }

    /// Opens a new module from the screen on top of `window` and closes it again, `count` times.
    private func measure(_ count: Int, in window: Window<Spot>, transition: () -> any Transition) async throws
        -> Duration
    {
        let start = clock.now
        for _ in 0..<count { try window.cycle(by: transition()) }
        return clock.now - start
    }
}
