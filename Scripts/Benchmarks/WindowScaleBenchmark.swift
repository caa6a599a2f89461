import Foundation

/// How opening and restoring windows grow with their count: the release App opens 10, 100 and
/// 1,000 windows (the session's limit) with `window new`, quits keeping them, and the next run
/// signs in and restores them. Each time is the run's, less the same run with no window added,
/// divided by the count, each the median of five runs; the line says whether the cost a window
/// stays flat (linear in all) from 10 to 1,000. Each run starts from a copy of one database made
/// first, so the demo's password hashing is paid once, outside the times.
struct WindowScaleBenchmark {
    let app: String
    let scale: Int

    func run(_ report: Report, in folder: URL) throws {
        let base = folder.appendingPathComponent("windows-base.sqlite")
        _ = try session(["quit"], data: base)
        let counts = scale > 1 ? [10, 100] : [10, 100, 1_000]
        var opening: [Double] = []
        var restoring: [Double] = []
        let (openNone, restoreNone) = try medians(windows: 0, base: base, in: folder)
        for count in counts {
            let (open, restore) = try medians(windows: count, base: base, in: folder)
            opening.append(max(0, open - openNone) / Double(count))
            restoring.append(max(0, restore - restoreNone) / Double(count))
        }
        for (name, each) in [("opening", opening), ("restoring", restoring)] {
            let figures = zip(counts, each).map { "\($0): \(Format.number($1 * 1e6)) µs" }
            let growth = (each.last ?? 0) / max(each.first ?? 1, 1e-9)
            report.line(
                "\(name) windows, each (\(figures.joined(separator: ", "))), most against fewest",
                "\(Format.number(growth))×", measured: growth, target: 2, unit: "×")
        }
    }

    /// The median seconds of five runs each way (three with `--quick`, one with `--smoke`).
    private func medians(windows: Int, base: URL, in folder: URL) throws -> (open: Double, restore: Double) {
        var opens: [Double] = []
        var restores: [Double] = []
        for _ in 0..<(scale >= 100 ? 1 : scale > 1 ? 3 : 5) {
            let (open, restore) = try runs(windows: windows, base: base, in: folder)
            opens.append(open)
            restores.append(restore)
        }
        return (opens.sorted()[opens.count / 2], restores.sorted()[restores.count / 2])
    }

    /// The seconds a run that opens `windows` windows takes, and then one that restores them.
    private func runs(windows: Int, base: URL, in folder: URL) throws -> (open: Double, restore: Double) {
        let data = folder.appendingPathComponent("windows-\(windows).sqlite")
        try? FileManager.default.removeItem(at: data)
        try FileManager.default.copyItem(at: base, to: data)
        defer { try? FileManager.default.removeItem(at: data) }
        let open = try session(
            ["login alice", "wonderland"] + Array(repeating: "window new", count: windows) + ["quit"], data: data)
        let restore = try session(["login alice", "wonderland", "quit"], data: data)
        return (open, restore)
    }

    /// Runs App on `data` with `lines`, its output discarded, and times it to its exit.
    private func session(_ lines: [String], data: URL) throws -> Double {
        let process = appProcess(app, arguments: ["--data", data.path])
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let start = ContinuousClock.now
        try process.run()
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        exited.wait()
        let time = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("App exited with \(process.terminationStatus)")
        }
        return time.nanoseconds / 1e9
    }
}
