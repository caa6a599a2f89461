/// What the full-screen front reads keys from and draws frames into: a terminal, or a script in a
/// test on a virtual clock.
@MainActor
public protocol FrontDevice: AnyObject {
    /// The columns and rows there are.
    var size: (width: Int, height: Int) { get }
    /// The time on the device's clock, from any start.
    func now() -> Duration
    /// Waits for the next key, at most `timeout` (for ever when `nil`).
    func read(waiting timeout: Duration?) -> DeviceEvent
    /// Shows `frame`: only the cells that changed since the frame before need drawing.
    func draw(_ frame: Grid)
    /// Gives the device back as it was before the front took it.
    func finish()
    /// Whether time passes by itself (a real terminal): waiting for a key, the front then looks
    /// now and then whether the data rules read changed. A scripted device's time moves only by
    /// its script.
    var passesTime: Bool { get }
    /// Whether a key is there to read at once: the front draws when the keys stop coming, not
    /// after each (a paste a terminal sends as keys, a key held down).
    var hasInput: Bool { get }
}

extension FrontDevice {
    public func finish() {}
    public var passesTime: Bool { false }
    public var hasInput: Bool { false }
}

/// What waiting on a device brings.
public enum DeviceEvent: Hashable, Sendable {
    case key(Key)
    /// Everything is drawn again: the terminal changed size, or its user asked (Ctrl-L, after
    /// something else wrote on it).
    case redraw
    /// The wait ran out with no key.
    case timeout
    /// The input ended.
    case end
}

/// A device for tests and benchmarks: keys at given times on a virtual clock, frames kept with
/// the time they were drawn.
@MainActor
public final class ScriptedDevice: FrontDevice {
    public var size: (width: Int, height: Int)
    private var clock: Duration = .zero
    private var script: [(at: Duration, event: DeviceEvent)]
    /// Every frame drawn, with when.
    public private(set) var frames: [(at: Duration, frame: Grid)] = []
    /// How many frames to keep: a benchmark keeps none.
    public var keepsFrames = true
    /// How many times the device was given back (`finish()`).
    public private(set) var finishes = 0

    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    ///   - script: each key with the time it is pressed; keys with no time come right after the
    ///     one before.
    public init(width: Int = 80, height: Int = 24, script: [(at: Duration, event: DeviceEvent)] = []) {
        size = (width, height)
        self.script = script
    }

    /// Presses `keys` one after the other, `apart` after the last one scripted.
    public func press(_ keys: [Key], apart: Duration = .milliseconds(1_000)) {
        var at = max(clock, script.last?.at ?? .zero)
        for key in keys {
            at += apart
            script.append((at, .key(key)))
        }
    }

    /// Types `text`, one character a key, 10 ms apart, then Enter.
    public func type(_ text: String, after delay: Duration = .milliseconds(1_000)) {
        var at = max(clock, script.last?.at ?? .zero) + delay
        for character in text {
            script.append((at, .key(.character(character))))
            at += .milliseconds(10)
        }
        script.append((at, .key(.enter)))
    }

    /// Makes the terminal `width` × `height`, `after` the last event scripted.
    public func resize(to width: Int, _ height: Int, after delay: Duration = .milliseconds(100)) {
        script.append((max(clock, script.last?.at ?? .zero) + delay, .redraw))
        pendingSizes.append((width, height))
    }

    private var pendingSizes: [(Int, Int)] = []

    public func now() -> Duration { clock }

    public func finish() { finishes += 1 }

    public func read(waiting timeout: Duration?) -> DeviceEvent {
        guard let next = script.first else {
            if let timeout {
                clock += timeout
                return .timeout
            }
            return .end
        }
        if let timeout, next.at > clock + timeout {
            clock += timeout
            return .timeout
        }
        clock = max(clock, next.at)
        script.removeFirst()
        if next.event == .redraw, !pendingSizes.isEmpty { size = pendingSizes.removeFirst() }
        return next.event
    }

    public func draw(_ frame: Grid) {
        if keepsFrames { frames.append((clock, frame)) }
    }

    /// The last frame drawn at or before `time`.
    public func frame(at time: Duration) -> Grid? {
        frames.last { $0.at <= time }?.frame
    }
}
