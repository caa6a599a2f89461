import Foundation
import Navigation

/// How opening and restoring windows grow with their count: the release App opens 10, 100 and
/// 999 windows (with the first, the session's limit) with `window new`, quits keeping them, and
/// the next run signs in and restores them. Each time is the run's, less that of a run with no
/// window added taken just before it, divided by the count: the median of several such pairs
/// (more where the windows add less to a run), so the machine's drift falls on both runs of a
/// pair. The line says whether the cost a window stays flat (linear in all) from 10 to 999. Each
/// run starts from a copy of one database made first, so the demo's password hashing is paid
/// once, outside the times.
struct WindowScaleBenchmark {
    let app: String
    let scale: Int

    func run(_ report: Report, in folder: URL) throws {
        let base = folder.appendingPathComponent("windows-base.sqlite")
        _ = try session(["quit"], data: base)
        // 1,000 would ask for one window more than a session may have, which App refuses.
        let counts = scale > 1 ? [10, 100] : [10, 100, windowLimit - 1]
        var opening: [Double] = []
        var restoring: [Double] = []
        for count in counts {
            let (open, restore) = try added(windows: count, runs: runCount(adding: count), base: base, in: folder)
            opening.append(max(0, open) / Double(count))
            restoring.append(max(0, restore) / Double(count))
        }
        for (name, each) in [("opening", opening), ("restoring", restoring)] {
            let figures = zip(counts, each).map { "\($0): \(Format.number($1 * 1e6)) µs" }
            let label = "\(name) windows, each (\(figures.joined(separator: ", "))), most against fewest"
            guard let fewest = each.first, fewest > 0 else {
                // One pair (`--smoke`) can read less than nothing: there is no ratio to judge.
                report.line(label, "no ratio: \(counts[0]) windows' cost read as nothing against the noise")
                continue
            }
            let growth = (each.last ?? 0) / fewest
            report.line(label, "\(Format.number(growth))×", measured: growth, target: 2, unit: "×")
        }
    }

    /// How many pairs a count's median takes: ten windows add about a millisecond to a run, which
    /// the machine moves as much, so they take 21; 100 take 11, and 999 five (a third of each with
    /// `--quick`, one with `--smoke`).
    private func runCount(adding windows: Int) -> Int {
        let runs = windows <= 10 ? 21 : windows <= 100 ? 11 : 5
        return scale >= 100 ? 1 : scale > 1 ? max(3, runs / 3) : runs
    }

    /// The median seconds `windows` windows add each way, over `count` pairs of a run with none
    /// and a run with them, in turn.
    private func added(windows: Int, runs count: Int, base: URL, in folder: URL) throws -> (
        open: Double, restore: Double
    ) {
        var opens: [Double] = []
        var restores: [Double] = []
        for _ in 0..<count {
            let none = try runs(windows: 0, base: base, in: folder)
            let some = try runs(windows: windows, base: base, in: folder)
            opens.append(some.open - none.open)
            restores.append(some.restore - none.restore)
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
