import Console
import Foundation
import Navigation
import TestSupport
import Testing

@testable import FullScreen

/// `ReplayCommand`: a session recorded on a test app, replayed at the line console and on a
/// scripted device, and a file or an app it cannot use.
@MainActor
@Suite("Replaying a recorded session")
struct ReplayCommandTests {
    /// A file in a folder of its own, removed when the test ends.
    final class File {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-replay-\(UUID().uuidString)")
        var path: String { folder.appending(path: "events.jsonl").path }

        init(_ text: String?) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text?.write(toFile: path, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// The events of a session on the test app: List at the root, then Detail in its place.
    static func recorded() throws -> String {
        let events = RecordedOutput()
        let windows = Windows(first: Window<TestPlace>())
        let recorder = EventRecorder(windows, write: { events.write($0) }, now: { ContinuousClock.now })
        for title in ["List", "Detail"] {
            try windows.front.replaceRoot(with: StubScreen(title), as: .stub(StubPlace(title)))
            recorder.flush()
        }
        return events.text
    }

    /// A test app's console and, on `device`, its full-screen front, as `launch` returns them.
    static func launch(on device: ScriptedDevice?) throws -> (ConsoleFront<TestPlace>, ScreenFront<TestPlace>?) {
        let window = Window<TestPlace>()
        try window.replaceRoot(with: StubScreen("Host"), as: "Host")
        guard let device else {
            return (ConsoleFront(window: window, input: ScriptedInput([]), output: RecordedOutput()), nil)
        }
        let screen = ScreenFront(window: window, device: device)
        let windows = Windows(first: window)
        let console = screen.makeConsole(over: windows)
        screen.attach(windows)
        return (console, screen)
    }

    @Test("at the line console, a replay prints where the session was after the event asked for, and nothing else")
    func lineConsole() async throws {
        let file = try File(try Self.recorded())
        let output = RecordedOutput()
        let errors = RecordedOutput()

        let status = await ReplayCommand.run(file.path, to: 1, device: nil, output: output, errors: errors) { _ in
            try Self.launch(on: nil)
        }

        #expect(status == 0)
        #expect(errors.text == "")
        #expect(
            output.text.hasPrefix("Replay: event 1 of 2 (command); window 1 in front; nothing sent to any service.\n"))
        #expect(output.text.contains("top:  List\n"), "\(output.text)")
    }

    @Test("on a device, a replay opens at the last event, ← steps back and q ends it; the device is given back")
    func screen() async throws {
        let file = try File(try Self.recorded())
        let device = ScriptedDevice(width: 80, height: 10)
        device.press([.left, .character("q")])

        let status = await ReplayCommand.run(
            file.path, to: nil, device: device, output: RecordedOutput(), errors: RecordedOutput()
        ) {
            _ in try Self.launch(on: device)
        }

        #expect(status == 0)
        let tops = device.frames.map { $0.frame.lines[0].trimmingCharacters(in: .whitespaces) }
        #expect(tops.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == ["Detail", "List"])
        #expect(device.finishes == 1)
    }

    @Test("on a narrow device the last line still says it is a replay, in fewer words")
    func narrow() async throws {
        let file = try File(try Self.recorded())
        let device = ScriptedDevice(width: 20, height: 10)
        device.press([.character("q")])

        let status = await ReplayCommand.run(
            file.path, to: nil, device: device, output: RecordedOutput(), errors: RecordedOutput()
        ) {
            _ in try Self.launch(on: device)
        }

        #expect(status == 0)
        // " A replay of a recorded session" has 31 columns: at 20 the row was cut after "recorde".
        #expect(device.frames.last?.frame.lines.last == " A replay")
    }

    @Test(
        "a file it cannot read, one that holds no event, an app that cannot start: one line each, the status says which, and the device is given back",
        arguments: [
            (nil, Int32(66), "No such file or directory"), ("", 65, "it holds no event"),
            ("start", 70, "could not start"),
        ]
            as [(String?, Int32, String)])
    func refused(text: String?, status expected: Int32, says: String) async throws {
        struct Broken: Error {}
        let file = try File(text == "start" ? try Self.recorded() : text)
        let device = ScriptedDevice(width: 80, height: 10)
        let output = RecordedOutput()
        let errors = RecordedOutput()

        let status = await ReplayCommand.run(file.path, to: nil, device: device, output: output, errors: errors) { _ in
            if text == "start" { throw Broken() }
            return try Self.launch(on: device)
        }

        #expect(status == expected)
        #expect(errors.text.hasPrefix("error: ") && errors.text.contains(says), "\(errors.text)")
        #expect(errors.text.split(separator: "\n").count == 1)
        #expect(output.text == "")
        #expect(device.finishes == 1, "the terminal is left as the replay found it")
    }
}
