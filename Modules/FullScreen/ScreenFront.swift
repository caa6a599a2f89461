import Console
import FrontPacing
import Navigation
import NavigationGraph

/// The full-screen front: the window drawn as a whole terminal screen, changed frame by frame as
/// each transition's animator says, and driven by keys.
///
/// It is a `PacedFront`: a `Display` hands it the window's changes one at a time, and it plays
/// each over its animation's duration, calling back when it is done. Keys are read while a change
/// animates, so none is lost: the window changes at once, and the display cuts the animation in
/// flight short.
///
/// Keys: a number or ↑ ↓ choose an item (on a screen with none, ↑ ↓ scroll lines that do not
/// fit), Enter opens it (the screen's first action on an item), a letter shown in brackets runs
/// that action, Esc goes back, ← goes back with a gesture that plays over time (→ or Esc while it
/// plays cancels it), Tab shows the next tab, `` ` `` brings the next window forward, and `:`
/// types any console command or link.
///
/// With several windows (`attach(_:)`), each window has a display of its own: the window in
/// front animates its changes on the screen; the others take theirs at once, out of sight.
/// Bringing another window forward finishes the animation in flight and draws that window as
/// it is. A key hands the console a typed command (`FrontCommand`: Esc is `.everywhere(.back)`),
/// and a line typed after `:` is the console's own, so the two fronts share every command,
/// check and word.
@MainActor
public final class ScreenFront<Places: AppPlaces>: PacedFront {
    /// A change being played: the frame before it, its animation, and whom to tell at its end.
    struct Playing {
        let before: Grid
        let animation: Animation
        let isPresenting: Bool
        let start: Duration
        let done: @MainActor () -> Void
    }

    /// A going-back gesture under way: it plays over `gestureDuration`, then finishes.
    struct Gesturing {
        let gesture: BackGesture
        let start: Duration
    }

    /// How long a going-back gesture takes to finish when nothing cancels it.
    public static var gestureDuration: Duration { .milliseconds(350) }
    /// How often a frame is drawn while something moves.
    public static var frameInterval: Duration { .milliseconds(16) }

    /// The window it was made with; with `windows`, the one in front is drawn instead.
    private let first: Window<Places>
    /// The session's windows, once attached.
    private(set) weak var windows: Windows<Places>?
    /// Each window's display, by window: the one in front paces this front.
    private var displays: [ObjectIdentifier: Display<Places>] = [:]
    /// The window drawn: the one in front.
    var window: Window<Places> { windows?.front ?? first }
    /// Where it reads keys and draws.
    public let device: any FrontDevice
    /// The console that runs commands; its output is `messages`, its input `prompts`.
    public var console: ConsoleFront<Places>? {
        // A command is typed after `:` here: the console's hints say so (`type :help`).
        didSet { console?.commandMark = ":" }
    }
    /// A replay of a recorded session (`App --replay --screen`): ← and → step back and forth
    /// through its events (the stepper rebuilds the windows and says where it is), q or Esc quits,
    /// and no other key acts.
    public var stepper: (@MainActor (_ step: Int) async -> String)? {
        didSet { overlay.isReplay = stepper != nil }
    }
    /// The navigation graph the `?` key reads, made from the declarations the first time it is
    /// pressed.
    var graph: NavigationGraph?
    /// What the console writes: shown on the screen after each key.
    public let messages = MessageBuffer()
    /// Where the console reads answers and passwords: a line typed at the bottom of the screen.
    public private(set) lazy var prompts = PromptLine<Places>(front: self)
    /// What is on display once the change being played ends.
    fileprivate(set) var model = DisplayState()
    var overlay = Overlay()
    private var playing: Playing?
    var gesturing: Gesturing?
    /// The screen the selection is on, held weakly: a new screen on top starts at its first item.
    private weak var selectionOwner: (any Screen)?
    /// How many frames were drawn: a benchmark reads it.
    public private(set) var framesDrawn = 0
    /// Keys typed while a gesture plays, handled once it ends: no key is lost.
    var queued: [Key] = []
    /// The commands typed after `:`, oldest first (the last 100): ↑ and ↓ bring them back.
    var history: [String] = []
    /// An action a key chose that asks first (`Screen.isDestructive(_:)`): the next key decides.
    var confirming: Confirming?

    public init(window: Window<Places>, device: any FrontDevice) {
        first = window
        self.device = device
    }

    /// Makes the line console this front runs its commands through, over `windows`, and keeps it
    /// as `console`: it reads what is typed at the bottom of the screen (`prompts`), writes into
    /// `messages`, and draws no screen of its own.
    /// - Parameters:
    ///   - windows: the session's windows, as the console's own initializer takes them.
    ///   - traceClock: what `trace on` times changes with.
    /// - Returns: the console.
    @discardableResult
    public func makeConsole(
        over windows: Windows<Places>, traceClock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) -> ConsoleFront<Places> {
        let console = ConsoleFront(windows: windows, input: prompts, output: messages, traceClock: traceClock)
        console.drawsScreens = false
        self.console = console
        return console
    }

    /// Draws the window in front of `windows`, each with a display of its own, and follows the
    /// windows as they open, close and come forward.
    public func attach(_ windows: Windows<Places>) {
        self.windows = windows
        for window in windows.all { addDisplay(for: window) }
        windows.addObserver(self)
        overlay.window = windows.all.count > 1 ? windows.number(of: windows.front) : nil
    }

    private func addDisplay(for window: Window<Places>) {
        displays[ObjectIdentifier(window)] = Display(window: window, front: WindowPacer(window: window, screen: self))
    }

    // MARK: - PacedFront

    public func show(_ change: DisplayChange, done: @escaping @MainActor () -> Void) {
        let before = currentFrame(at: device.now())
        model.apply(change)
        guard !change.animation.isInstant else { return done() }
        playing = Playing(
            before: before, animation: change.animation, isPresenting: change.isPresenting, start: device.now(),
            done: done)
    }

    public func finishAnimating() {
        guard let playing else { return }
        self.playing = nil
        playing.done()
    }

    /// Whether a change or a gesture is moving on the screen.
    public var isMoving: Bool { playing != nil || gesturing != nil }

    // MARK: - The loop

    /// Draws the window, then reads keys until the session ends (`:quit`, or the end of input).
    public func run() async {
        // What the console has to say before the first key (a start link that waits for sign-in).
        console?.refresh()
        collectMessages()
        draw()
        while true {
            // Keys typed while a command loaded, before waiting for the next.
            while gesturing == nil, !queued.isEmpty {
                guard await handle(queued.removeFirst()) else { return }
                draw()
            }
            // At rest at a real terminal, the wait ends now and then to look whether the data the
            // rules read changed (another App): what a rule no longer allows leaves at once.
            let watching = device.passesTime && console?.dataVersion != nil
            let event = device.read(waiting: isMoving ? Self.frameInterval : watching ? Self.dataInterval : nil)
            // A key that cancels a gesture was typed while it played, however late it is read:
            // it acts before the gesture may finish by time.
            if gesturing != nil, case .key(let key) = event, key == .right || key == .escape {
                guard await handle(key) else { return }
                draw()
                continue
            }
            await tick()
            if console?.isEnding == true {
                console?.end()
                return
            }
            // Keys typed while a gesture played, now that it is over.
            while gesturing == nil, !queued.isEmpty {
                guard await handle(queued.removeFirst()) else { return }
            }
            switch event {
            case .key(let key):
                guard await handle(key) else { return }
                // More keys at once (a paste sent as keys, a key held): the frame waits for them.
                if device.hasInput, !isMoving { continue }
            case .end:
                console?.end()
                return
            case .redraw:
                break
            case .timeout:
                if !isMoving, let console, await console.checkRules() {
                    // The console says what the rules did (and the screen gone back to, its own).
                    console.refresh()
                    collectMessages()
                }
            }
            draw()
        }
    }

    /// How often the front, at rest at a real terminal, looks whether the data rules read changed.
    public static var dataInterval: Duration { .milliseconds(500) }

    /// Draws the frame of now.
    func draw() {
        framesDrawn += 1
        device.draw(currentFrame(at: device.now()))
    }

    /// Ends what has run its time: a change whose animation is over, a gesture that went far
    /// enough (it finishes, asking first if the screen has work to lose).
    func tick() async {
        let now = device.now()
        while let playing, now - playing.start >= playing.animation.duration {
            self.playing = nil
            playing.done()
        }
        if let gesturing, now - gesturing.start >= Self.gestureDuration {
            self.gesturing = nil
            do {
                if try await window.backGestureFinished(gesturing.gesture) { model.removeTop() }
            } catch {
                say(error)
            }
            collectMessages()
        }
    }

    /// The frame at `time` on the device's clock: the display as it is, or a frame in the middle
    /// of a change or gesture. What the front draws; a benchmark times it.
    public func frame(at time: Duration) -> Grid {
        currentFrame(at: time)
    }

    func currentFrame(at time: Duration) -> Grid {
        let (width, height) = device.size
        keepSelection()
        overlay.added = added(to: topShown)
        let after = Layout.draw(model, overlay, width: width, height: height)
        // A terminal too small for the screen shows its message, still or not.
        guard Layout.fits(width: width, height: height) else { return after }
        if let playing {
            return Composer.frame(
                from: playing.before, to: after, playing.animation, isPresenting: playing.isPresenting,
                at: (time - playing.start) / playing.animation.duration, rows: Layout.body(height: height))
        }
        if let gesturing {
            var gone = model
            gone.removeTop()
            let without = Layout.draw(gone, overlay, width: width, height: height)
            let slide = Animation(duration: Self.gestureDuration, curve: .linear, effect: .slide(from: .trailing))
            return Composer.frame(
                from: after, to: without, slide, isPresenting: false,
                at: (time - gesturing.start) / Self.gestureDuration, rows: Layout.body(height: height))
        }
        return after
    }

    // MARK: - Messages

    /// Shows `line` at the bottom of the screen, as a message the console said.
    public func show(_ line: String) {
        overlay.messages = [line]
    }

    /// Runs `command` at the console, then shows what the console said.
    /// - Returns: `false` when the session ends.
    func enter(_ command: FrontCommand) async -> Bool {
        await run { console, leftBehind in await console.enter(command, leftBehind: leftBehind) }
    }

    /// Runs `line`, typed after `:`, as a console command, then shows what the console said.
    /// - Returns: `false` when the session ends.
    func enter(line: String) async -> Bool {
        await run { console, leftBehind in await console.enter(RawLine(line), leftBehind: leftBehind) }
    }

    /// Runs a command at the console, `entering` it there.
    ///
    /// While a placeholder stands in for a screen the command loads, or once another window is in
    /// front (the load goes on in its own), frames are drawn and keys read: Esc stops the load;
    /// other keys act at once.
    private func run(
        _ entering:
            @escaping @MainActor (ConsoleFront<Places>, @escaping @MainActor () -> Window<Places>?) async -> Bool
    ) async -> Bool {
        guard let console else { return true }
        let wakeup = Wakeup()
        var going: Bool?
        // The window the command loads in: the one in front (the command may bring another
        // forward) until a key pressed meanwhile brings another window forward; what the command
        // says as it ends names it then.
        var loading = window
        var movedAway = false
        let command = Task { @MainActor in
            let answer = await entering(console, { movedAway ? loading : nil })
            going = answer
            wakeup.wake()
            return answer
        }
        while going == nil {
            if !movedAway { loading = window }
            // No placeholder: the command is at work, and the screen waits for it as it is (its
            // clock, and the keys, wait too, so what follows plays from where the command began).
            guard loading.loader.placeholderShown != nil || loading !== window else {
                await wakeup.wait(atMost: Self.frameInterval, on: loading.loader.clock)
                continue
            }
            // The load goes on between frames, on this actor.
            await Task.yield()
            await tick()
            draw()
            switch device.read(waiting: Self.frameInterval) {
            case .key(.escape) where overlay.input == nil && window.loader.placeholderShown != nil:
                let title = window.loader.placeholderShown?.title ?? ""
                window.loader.stop()
                overlay.messages = ["Stopped loading \(title); nothing opened."]
            case .key(let key):
                // Any other key acts at once, as it would with no load: a line typed after ':',
                // a newer link (which loads in turn, with a placeholder of its own), Tab, a
                // gesture. A key that ends the session stops the load first.
                let front = window
                defer { if window !== front { movedAway = window !== loading } }
                if await !handle(key) {
                    loading.loader.stop()
                    _ = await command.value
                    collectMessages()
                    return false
                }
            case .end:
                loading.loader.stop()
            case .redraw, .timeout:
                break
            }
        }
        let answer = await command.value
        collectMessages()
        return answer
    }

    /// What the console said last, and anything it wrote after: the session's last words
    /// ("Kept where you were…", "Bye."), for the terminal's main screen once the front is gone.
    public func lastWords() -> [String] {
        let words = overlay.messages + messages.takeAll()
        overlay.messages = []
        return words
    }

    /// Takes what the console wrote into the messages shown.
    func collectMessages() {
        overlay.messages += messages.take()
    }

    func say(_ error: any Error) {
        overlay.messages.append("error: " + (console?.describe(error) ?? "\(error)"))
    }

    /// A new screen on top starts at its first item and its first line (its last, if it opens at
    /// its end); an item chosen stays within the list.
    private func keepSelection() {
        let top = topShown
        if top?.screen !== selectionOwner {
            selectionOwner = top?.screen
            overlay.selection = 0
            overlay.scroll = top?.liveContent.opensAtEnd == true ? .max : 0
        }
        let items = top?.liveContent.items.count ?? 0
        overlay.selection = min(overlay.selection, max(0, items - 1))
    }

    /// The screen on top of what is on display.
    var topShown: Shown? { model.modals.last?.last ?? model.roots[safe: model.selected]?.stack.last }

    /// The commands other features add to `shown`'s screen (`Contribution`), which it offers after
    /// its own: none for a screen that left.
    func added(to shown: Shown?) -> [ScreenContent.Action] {
        shown?.screen.map { window.contributed(to: $0) } ?? []
    }

    // MARK: - Lines read at the bottom of the screen

    /// Reads a line typed at the bottom of the screen, after `prompt`, drawing frames meanwhile.
    /// - Returns: the line; `nil` at the end of input. Esc answers `escape`.
    func readLine(prompt: String, isSecret: Bool, escape: String) -> String? {
        overlay.messages += messages.take()
        overlay.input = Overlay.Input(prompt: prompt, text: "", isSecret: isSecret)
        defer { overlay.input = nil }
        draw()
        while true {
            let event = device.read(waiting: playing != nil ? Self.frameInterval : nil)
            let now = device.now()
            while let playing, now - playing.start >= playing.animation.duration {
                self.playing = nil
                playing.done()
            }
            switch event {
            case .key(.enter): return overlay.input?.text ?? ""
            case .key(.escape): return escape
            case .key(let key):
                _ = overlay.input?.edit(key)
                if device.hasInput, playing == nil { continue }
            case .end:
                return nil
            case .redraw, .timeout:
                break
            }
            draw()
        }
    }
}

extension ScreenFront: WindowsObserver {
    public func windows(_ windows: Windows<Places>, did change: WindowsChange<Places>) {
        switch change {
        case .opened(let window):
            addDisplay(for: window)
        case .closed(let window, _):
            displays[ObjectIdentifier(window)] = nil
        case .broughtForward(let window, let previous):
            // The animation in flight was the window behind's: it ends now, out of sight; a
            // gesture under way there is cancelled.
            finishAnimating()
            if let gesturing { try? previous.backGestureCancelled(gesturing.gesture) }
            gesturing = nil
            model = displays[ObjectIdentifier(window)]?.shown ?? DisplayState()
        }
        overlay.window = windows.all.count > 1 ? windows.number(of: windows.front) : nil
    }

    /// The next window, after the one in front (the first after the last).
    func nextWindow() {
        guard let windows, windows.all.count > 1, let number = windows.number(of: windows.front) else {
            overlay.messages = ["error: there is one window; type :window new to open another"]
            return
        }
        windows.bringForward(windows.all[number % windows.all.count])
    }
}

/// Paces one window's changes: on the screen while its window is in front, at once otherwise.
@MainActor
private final class WindowPacer<Places: AppPlaces>: PacedFront {
    private weak var window: Window<Places>?
    private weak var screen: ScreenFront<Places>?

    init(window: Window<Places>, screen: ScreenFront<Places>) {
        self.window = window
        self.screen = screen
    }

    func show(_ change: DisplayChange, done: @escaping @MainActor () -> Void) {
        guard let screen, screen.window === window else { return done() }
        screen.show(change, done: done)
    }

    func finishAnimating() {
        guard let screen, screen.window === window else { return }
        screen.finishAnimating()
    }
}

extension DisplayState {
    /// Applies a change the display handed over: what it shows once the change is done.
    mutating func apply(_ change: DisplayChange) {
        switch change.kind {
        case .replaceRoot(let roots, let selected):
            self.roots = roots
            self.selected = selected
            modals = []
        case .setStack(.root(let index), _, let to):
            if roots.indices.contains(index) { roots[index].stack = to }
        case .setStack(.modal(let index), _, let to):
            if modals.indices.contains(index) { modals[index] = to }
        case .selectTab(let index, _):
            selected = index
        case .present(_, let stack):
            modals.append(stack)
        case .dismiss(let index, _):
            if modals.indices.contains(index) { modals.removeSubrange(index...) }
        }
    }

    /// Takes the screen on top away, as a finished gesture did: a modal's only screen with its
    /// modal, or the top of its stack.
    mutating func removeTop() {
        if let last = modals.indices.last {
            if modals[last].count > 1 { modals[last].removeLast() } else { modals.removeLast() }
        } else if roots.indices.contains(selected), roots[selected].stack.count > 1 {
            roots[selected].stack.removeLast()
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
