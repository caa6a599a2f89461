import Console
import Domain
import FullScreen
import Navigation
import NavigationGraph
import Store
import VirtualTime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The launch: the command line, the data file, the flags and the events file, checked and
/// opened in that order, then the app composed (`Waypoint.init`) and run.
extension Waypoint {
    /// Runs App with the given arguments and I/O, as `main.swift` does with the real ones.
    /// - Parameters:
    ///   - arguments: the arguments after the program's name.
    ///   - environment: the variables App reads.
    ///   - input: where the console reads lines.
    ///   - output: standard output.
    ///   - rawErrors: standard error.
    ///   - open: opens the backend the command line chooses (`Storage.open`, or a test's).
    ///   - terminal: takes the terminal over for `--screen`; `nil` when standard input and
    ///     output are not a terminal (the line console runs then, with a note).
    ///   - endsProcess: whether the caller ends the process once this returns (`main.swift`): the
    ///     app is then left to the exit rather than taken apart object by object, which at 1,000
    ///     features costs a tenth of a launch. The data file is closed either way.
    /// - Returns: the exit status: 0, 64 (EX_USAGE) for a bad command line, flag setting or
    ///   start link (or an `--events` file that is the data), 70 if the app cannot start, 73
    ///   (EX_CANTCREAT) or 74 (EX_IOERR) when the database or the events file cannot be created
    ///   or used.
    static func main(
        arguments: [String],
        environment: [String: String] = [:],
        input: @autoclosure () -> any LineSource,
        output: any TextOutput,
        errors rawErrors: any TextOutput,
        open: (StorageChoice) throws(StoreError) -> Backend,
        terminal: () -> (any FrontDevice)? = { nil },
        endsProcess: Bool = false
    ) async -> Int32 {
        // Every line App writes, to either stream, passes the console's display check, so an
        // argument or a link quoted back can never drive the terminal: the console checks each
        // line it writes, App's own lines on standard output are its fixed texts, and standard
        // error, which quotes arguments, goes through the check here.
        let errors = DisplaySafeOutput(rawErrors)
        // `--screen`'s terminal, or a note that the line console runs instead: a terminal that
        // cannot move its cursor (TERM=dumb: Emacs' shell) would print escapes.
        func screenDevice(_ asked: Bool) -> (any FrontDevice)? {
            guard asked else { return nil }
            let dumb = environment["TERM"] == "dumb"
            if !dumb, let device = terminal() { return device }
            let needs = dumb ? "that moves its cursor (TERM is dumb)" : "on standard input and output"
            errors.write("note: --screen needs a terminal \(needs); the line console runs instead\n")
            return nil
        }
        defer {
            output.flush()
            errors.flush()
        }
        let options: RunOptions
        do {
            switch try CommandLineOptions.parse(arguments) {
            case .help:
                output.write(
                    "Waypoint \(version): a routing skeleton with a console front.\n\n" + CommandLineOptions.usage)
                return 0
            case .version:
                output.write("Waypoint \(version)\n")
                return 0
            case .routes(let format):
                // The demo's services in memory: the graph reads declarations, and no data file opens.
                let services = Backend.inMemory().dependencies
                let declarations = Declarations<AppPlace>(environment: services, scheme: scheme, hosts: hosts)
                output.write(NavigationGraph(declarations).printed(as: format))
                return 0
            case .explore(let depth):
                let report = await Explorer(starts: demoStarts, depth: depth, launch: launchForExplorer).run()
                output.write(report.text(depth: depth))
                return report.failures.isEmpty ? 0 : 1
            case .replay(let file, let to, let screen):
                let device = screenDevice(screen)
                // On the demo's services in memory, which the replay never calls.
                return await ReplayCommand.run(file, to: to, device: device, output: output, errors: errors) {
                    output in
                    let backend = Backend.inMemory()
                    let app = try Waypoint(
                        services: backend.dependencies, kept: backend.kept, input: ScriptedInput([]), output: output,
                        device: device)
                    try await app.window.openGate()
                    return (app.console, app.screen)
                }
            case .run(let parsed):
                options = parsed
            }
        } catch {
            errors.write("error: \(error)\n\n" + CommandLineOptions.usage)
            return 64
        }
        // Before anything is opened: the events file must not be the data it would truncate.
        if let path = options.events {
            do throws(EventsFile.Refusal) {
                try EventsFile.check(path, against: Storage.path(of: options.storage, environment: environment))
            } catch {
                errors.write("error: --events \"\(CommandLineOptions.quoted(path))\": \(error)\n")
                return error.exitStatus
            }
        }
        let backend: Backend
        do {
            backend = try open(options.storage)
        } catch {
            errors.write("error: \(error)\n")
            return error.exitStatus
        }
        // However App ends from here (quit, the end of input, an error, a handled signal), the
        // database's log is copied into its file: the file alone holds everything.
        if let checkpoint = backend.checkpointAtSignal { TerminalRestore.atSignal(checkpoint) }
        defer {
            if backend.checkpointAtSignal != nil { TerminalRestore.atSignal(nil) }
            backend.close()
        }
        let flags = FeatureFlags(flagRegistry)
        if let refusal = options.setFlags(flags, saved: backend.kept.savedFlags, environment: environment) {
            errors.write(refusal.line + "\n")
            return refusal.exitStatus
        }
        var live = backend.dependencies
        live.flags = flags
        let device = screenDevice(options.screen)
        var events: EventsFile.Output?
        if let path = options.events {
            do throws(EventsFile.Refusal) {
                events = EventsFile.Output(path: path, descriptor: try EventsFile.openForWriting(path), errors: errors)
            } catch {
                device?.finish()
                errors.write("error: --events \"\(CommandLineOptions.quoted(path))\": \(error)\n")
                return error.exitStatus
            }
        }
        defer {
            events?.flush()
            if let events { close(events.descriptor) }
        }
        let app: Waypoint
        do {
            app = try Waypoint(
                services: live, kept: backend.kept, input: device == nil ? input() : ScriptedInput([]), output: output,
                device: device, events: events)
        } catch {
            device?.finish()
            for line in error.lines { errors.write("error: \(line)\n") }
            return 70
        }
        var link: ResolvedLink<AppPlace>?
        if let text = options.link {
            do throws(LinkFailure<AppPlace>) {
                link = try app.window.resolve(text)
            } catch {
                device?.finish()
                errors.write(
                    "error: --link \"\(CommandLineOptions.quoted(String(text.prefix(80))))\": \(app.console.describe(error))\n"
                )
                return 64
            }
        }
        app.console.isTracing = options.trace
        if options.storage == .inMemory {
            // Nothing outlives this run: the farewell must not promise a next time.
            app.console.restoration = nil
            app.console.notKept = "Not kept where you were: --in-memory keeps nothing after quit."
        }
        let status = await app.run(link: link, newWindow: options.newWindow, errors: errors)
        // Kept once more, so never released: the exit frees the whole app at once.
        if endsProcess { _ = Unmanaged.passRetained(app) }
        // The terminal as it was, whatever happened: finishing twice changes nothing.
        device?.finish()
        // An event that could not be written was said when it happened; the status says it too.
        events?.flush()
        return status == 0 && events?.failed == true ? 74 : status
    }

    /// Greets the user and opens Login as the root, then the start link if there is one, in a new
    /// window with `newWindow` (`--new-window`).
    /// - Throws: `RoutingError` if Login cannot be shown.
    func start(link: ResolvedLink<AppPlace>? = nil, newWindow: Bool = false) async throws {
        if let screen {
            screen.messages.write("Waypoint \(Self.version). Keys are on the bar below; ':' types any command.\n")
        } else {
            output.write("Waypoint \(Self.version). Type help on any screen to list its commands.\n")
        }
        try await window.openGate()
        guard let link else { return }
        await console.open(link, newWindow: newWindow)
    }

    /// Starts, then runs the console until `quit` or the end of input.
    /// - Returns: the exit status: 0, or 70 (EX_SOFTWARE) if Login cannot be shown.
    func run(link: ResolvedLink<AppPlace>? = nil, newWindow: Bool = false, errors: any TextOutput) async -> Int32 {
        do {
            try await start(link: link, newWindow: newWindow)
        } catch {
            errors.write("error: could not open Login: \(console.describe(error))\n")
            return 70
        }
        if let screen {
            await screen.run()
            events?.flush()
            screen.device.finish()
            // The session's last words, on the terminal's main screen.
            for line in screen.lastWords() { output.write(line + "\n") }
            return 0
        }
        await console.run()
        events?.flush()
        return 0
    }

    /// Signed out; as Alice, whose friends all answer at once (Frank's profile fails); as Quinn,
    /// whose friends' screens are slow, flaky or silent (the load policies' demo).
    static let demoStarts = [[], ["login alice", "wonderland"], ["login quinn", "patience"]]

    /// A fresh app on the demo data, started, for `App --explore`: time moves to the next
    /// deadline once nothing else runs, as in the transcripts, so a slow screen, a retry's backoff
    /// or a timeout cost no real time.
    static func launchForExplorer(_ input: ScriptedInput) async -> ConsoleFront<AppPlace>? {
        let clock = VirtualClock(advancesWhenIdle: true)
        let backend = Backend.inMemory(clock: clock)
        guard
            let app = try? Waypoint(
                services: backend.dependencies, kept: backend.kept, input: input, output: RecordedOutput(), clock: clock
            )
        else { return nil }
        do { try await app.start() } catch { return nil }
        return app.console
    }
}
