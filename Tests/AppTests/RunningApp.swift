import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built App binary running as a process of its own, its input and output piped: a test types
/// lines and waits for the line that shows they were handled, as a user at another terminal would.
/// Two of them on one data file are two Apps on it.
final class RunningApp {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// Everything the App printed so far.
    private(set) var printed = ""

    /// Starts the binary with `arguments`, in a data folder of its own unless `--data` says.
    init(_ arguments: [String], folder: URL) throws {
        try #require(FileManager.default.isExecutableFile(atPath: appBinary.path), "no App binary; swift build")
        process.executableURL = appBinary
        process.arguments = arguments
        process.environment = ["XDG_DATA_HOME": folder.path, "HOME": folder.path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Types `lines`, then waits until `marker` is printed after them.
    /// - Throws: when the App ends, or prints nothing for two minutes, before `marker`.
    func type(_ lines: String..., until marker: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        try wait(for: marker)
    }

    /// Waits until `marker` is printed, counting from what was printed after the last wait.
    func wait(for marker: String) throws {
        let from = printed.endIndex
        var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !printed[from...].contains(marker) {
            guard poll(&descriptor, 1, 120_000) == 1 else { throw Stopped(marker: marker, printed: printed) }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Stopped(marker: marker, printed: printed) }
            printed += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Types `quit` and waits for the App to end.
    /// - Returns: everything it printed.
    @discardableResult
    func quit() throws -> String {
        try type("quit", until: "Bye.")
        try input.fileHandleForWriting.close()
        printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return printed
    }

    /// The App ended, or went silent, before printing what a test waited for.
    struct Stopped: Error, CustomStringConvertible {
        let marker: String
        let printed: String
        var description: String { "no \"\(marker)\" in what App printed:\n\(printed)" }
    }
}
