import Console
import Foundation
import Testing

@testable import App
@testable import Store

/// A folder of its own for one test, removed when the test ends, and App run as `main.swift`
/// runs it there: on the real storage, with a quick password hash (the hash has tests of its own).
final class AppFolder {
    let folder: URL

    /// - Parameter name: how the folder's name starts, so a leftover names its suite.
    /// - Throws: the file system's error if the folder cannot be made.
    init(_ name: String) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { folder.appending(path: name).path }

    /// Runs App with `arguments`, typing `lines`, its data under the folder.
    @MainActor
    func main(_ arguments: [String], typing lines: [String] = []) async -> (
        status: Int32, output: String, errors: String
    ) {
        let output = RecordedOutput()
        let errors = RecordedOutput()
        let environment = ["XDG_DATA_HOME": folder.path, "HOME": folder.path]
        let status = await Waypoint.main(
            arguments: arguments, environment: environment, input: ScriptedInput(lines.map(RawLine.init)),
            output: output, errors: errors,
            open: { choice throws(StoreError) in try Storage.open(choice, environment: environment, iterations: 1) })
        return (status, output.text, errors.text)
    }
}
