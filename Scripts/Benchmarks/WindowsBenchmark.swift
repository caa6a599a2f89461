import Navigation

/// What several windows cost: the bytes a window at rest takes (its state, its loader, a root
/// screen and its router), and bringing another window forward (the session's observers told,
/// as a front's and the links' are).
@MainActor
struct WindowsBenchmark {
    let scale: Int
    private let clock = ContinuousClock()

    func run(_ report: Report) async throws {
        try await bytesPerWindow(report)
        try await switching(report)
    }

    /// 10,000 windows opened, each with a root screen, resident growth divided by the count.
    /// Target: 4 KiB, so a second window is small beside what its screens show.
    private func bytesPerWindow(_ report: Report) async throws {
        let count = 10_000 / max(1, scale / 10)
        let windows = Windows(first: try await Window.benchmark(), limit: count + 1)
        let before = Machine.residentBytes()
        for _ in 0..<count { try await windows.open().openGate() }
        guard let before, let after = Machine.residentBytes() else {
            return report.line("bytes per window at rest", "not measured: /proc/self/status is missing on this system")
        }
        let bytes = Double(max(0, after - before)) / Double(count)
        report.line(
            "bytes per window at rest (window, loader, a root screen and its router; \(Format.number(Double(count))))",
            "\(Format.number(bytes)) B", measured: bytes, target: 4096, unit: " B")
        withExtendedLifetime(windows) {}
    }

    /// Two windows brought forward in turn, with three observers of the session (a front, the
    /// links, the console's watch each hear it). Target: 1 µs a switch.
    private func switching(_ report: Report) async throws {
        let first = try await Window.benchmark()
        let windows = Windows(first: first)
        let second = windows.open()
        try await second.openGate()
        let observers = (0..<3).map { _ in Listener() }
        for observer in observers { windows.addObserver(observer) }
        let switches = 1_000_000 / scale
        let time = clock.measure {
            for _ in 0..<(switches / 2) {
                windows.bringForward(first)
                windows.bringForward(second)
            }
        }
        let each = time.nanoseconds / Double(switches)
        report.line(
            "bringing another window forward (\(Format.number(Double(switches))) switches)",
            "\(Format.number(each / 1000)) µs/switch", measured: each / 1000, target: 1, unit: " µs")
        withExtendedLifetime(observers) {}
        _ = observers.reduce(0) { $0 + $1.heard }
    }
}

/// An observer of the windows that counts what it hears.
@MainActor
private final class Listener: WindowsObserver {
    var heard = 0

    func windows(_ windows: Windows<Spot>, did change: WindowsChange<Spot>) {
        heard += 1
    }
}
