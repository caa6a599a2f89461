import Foundation
import Navigation

// Waypoint's benchmark: a program, not a test. `Scripts/bench` builds it and the App in release
// mode and runs it; it prints one figure a line, each against its target. Its arguments are in
// its `--help` below. `--smoke` is CI's run on the debug build; `--only store` runs the
// store's figures and then start-up, which starts App on the database they leave.

var app: String?
var hello: String?
var scale = 1
let parts = ["transitions", "links", "console", "store", "screen"]
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--app" where !arguments.isEmpty: app = arguments.popFirst()
    case "--hello" where !arguments.isEmpty: hello = arguments.popFirst()
    case "--quick": scale = 10
    case "--smoke": scale = 100
    case "--session":
        // The console session whose instructions are counted, for `Scripts/bench --compare` to
        // count both sides on: one definition of it, here.
        print(ConsoleBenchmark.countedSession.joined(separator: "\n"))
        exit(0)
    case "--help", "-h":
        print(
            """
            Waypoint's benchmark program; Scripts/bench builds it and the App in release mode and runs it.

              Benchmarks --app <path of the release App binary> --hello <path of Hello> [--quick | --smoke] [--only <part>]

              --quick         a tenth of every workload
              --smoke         a hundredth: that every part runs, not what it costs (CI)
              --only <part>   one part: \(parts.joined(separator: ", ")) (store includes start-up)
              --session       prints the console session whose instructions are counted, and runs nothing
              --help, -h      prints this, and runs nothing
            """)
        exit(0)
    case "--only" where !arguments.isEmpty:
        only = arguments.popFirst()
        guard let only, parts.contains(only) else {
            FileHandle.standardError.write(
                Data("error: --only takes one of \(parts.joined(separator: ", ")), not \"\(only ?? "")\"\n".utf8))
            exit(64)
        }
    default:
        FileHandle.standardError.write(
            Data(
                "error: unknown argument \"\(argument)\"; use --app <path> --hello <path> [--quick | --smoke] [--only <part>], or --help\n"
                    .utf8))
        exit(64)
    }
}
guard let app, FileManager.default.isExecutableFile(atPath: app) else {
    FileHandle.standardError.write(Data("error: give the App binary to run: --app <path>\n".utf8))
    exit(64)
}
guard let hello, FileManager.default.isExecutableFile(atPath: hello) else {
    FileHandle.standardError.write(Data("error: give the hello-world binary to compare with: --hello <path>\n".utf8))
    exit(64)
}

let report = Report()
print("Waypoint benchmark, \(Machine.describe())")

/// Whether the part `name` runs: every part, unless `--only` picked one.
@MainActor func runs(_ name: String) -> Bool { only == nil || only == name }

do {
    if runs("transitions") {
        try await TransitionBenchmark(scale: scale).run(report)
        try await WindowsBenchmark(scale: scale).run(report)
    }
    if runs("links") { try LinkBenchmark(scale: scale).run(report) }
    if runs("screen") { try await ScreenBenchmark(scale: scale).run(report) }
    if runs("console") {
        try ConsoleBenchmark(app: app, scale: scale).run(report)
        try AppWindowBenchmark(app: app, scale: scale).run(report)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-windows-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try WindowScaleBenchmark(app: app, scale: scale).run(report, in: folder)
    }
    if runs("store") {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try StoreBenchmark(app: app, scale: scale).run(report, in: folder)
        try StartBenchmark(app: app, hello: hello, database: database, scale: scale).run(report)
    }
} catch {
    FileHandle.standardError.write(Data("error: the benchmark failed: \(error)\n".utf8))
    exit(70)
}
print(report.summary)
