import Foundation
import Routing

// Waypoint's benchmark: a program, not a test. `Scripts/bench` builds it and the App in release
// mode and runs it; it prints one figure a line, each against its target.
//
//   Benchmarks --app <path of the release App binary> --hello <path of Hello> [--quick]
//
// `--quick` runs a tenth of every workload (a smoke run: CI's debug build uses it).

var app: String?
var hello: String?
var scale = 1
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--app" where !arguments.isEmpty: app = arguments.popFirst()
    case "--hello" where !arguments.isEmpty: hello = arguments.popFirst()
    case "--quick": scale = 10
    default:
        FileHandle.standardError.write(
            Data("error: unknown argument \"\(argument)\"; use --app <path> --hello <path> [--quick]\n".utf8))
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

do {
    try await TransitionBenchmark(scale: scale).run(report)
    try LinkBenchmark(scale: scale).run(report)
    try ConsoleBenchmark(app: app, scale: scale).run(report)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try StoreBenchmark(app: app, scale: scale).run(report, in: folder)
    try StartBenchmark(app: app, hello: hello, database: database, scale: scale).run(report)
} catch {
    FileHandle.standardError.write(Data("error: the benchmark failed: \(error)\n".utf8))
    exit(70)
}
print(report.summary)
