import Console
import Navigation

/// `--replay <file> [--to <n>] [--screen]`: the session a file of events recorded
/// (`EventRecorder`, `--events`), rebuilt after event `to` (the last by default) in an app that
/// `launch` starts, on services of its own that the replay never calls. Without a terminal the
/// line console prints where the session was; on one, the full-screen front shows it, and ← and →
/// step through the events.
@MainActor
public enum ReplayCommand {
    /// Reads `file`, starts the app and shows the replay.
    /// - Parameters:
    ///   - file: the file of events.
    ///   - to: the event to show first, from 1; the last when `nil`.
    ///   - device: the terminal, for `--screen`; `nil` for the line console.
    ///   - output: where the line console's lines go; everything printed from the file is
    ///     display-checked first, so a title or cause it holds can never drive the terminal.
    ///   - errors: where the one error line goes.
    ///   - launch: starts the app, writing to the output it is given (the replay's own lines are
    ///     not the app's to print), and returns its console and, on `device`, its full-screen front.
    /// - Returns: 0; 66 (EX_NOINPUT) when the file cannot be read; 65 (EX_DATAERR) when it is no
    ///   record of a session, or has no event `to`; 70 if the app cannot start.
    public static func run<Places: AppPlaces>(
        _ file: String, to: Int?, device: (any FrontDevice)?, output: any TextOutput, errors: any TextOutput,
        launch: (any TextOutput) async throws -> (ConsoleFront<Places>, ScreenFront<Places>?)
    ) async -> Int32 {
        let output = DisplaySafeOutput(output)
        let named = "--replay \"\(CommandLineOptions.quoted(file))\""
        // The terminal as it was, whatever happens: finishing twice changes nothing.
        defer { device?.finish() }
        let text: String
        do throws(EventsFile.Refusal) {
            text = try EventsFile.read(file, limit: Replay<Places>.fileLimit, lineLimit: Replay<Places>.lineLimit)
        } catch {
            errors.write("error: \(named): \(error)\n")
            return error.exitStatus
        }
        let console: ConsoleFront<Places>
        let screen: ScreenFront<Places>?
        do {
            (console, screen) = try await launch(device == nil ? RecordedOutput() : output)
        } catch {
            errors.write("error: the app could not start to replay: \(error)\n")
            return 70
        }
        do throws(Replay<Places>.Failure) {
            let replay = try Replay(reading: text, into: console.windows, words: console.describe)
            try await replay.show(upTo: to ?? replay.events.count)
            guard let screen else {
                for line in [replay.status] + console.whereLines() { output.write(line + "\n") }
                return 0
            }
            screen.stepper = { step in
                try? await replay.show(upTo: min(max(1, replay.position + step), replay.events.count))
                return replay.status
            }
            screen.show(replay.status)
            await screen.run()
            return 0
        } catch {
            errors.write("error: \(named): \(error)\n")
            return 65
        }
    }
}
