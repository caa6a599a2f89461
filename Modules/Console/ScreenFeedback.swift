/// What a screen has to tell the user since the console last drew it: whether its content
/// changed, and lines to say once (errors and notices). A screen's presenter fills it; the
/// console empties it after every command.
public struct ScreenFeedback: Hashable, Sendable {
    public enum Line: Hashable, Sendable {
        /// Printed as `error: …`; the state did not change.
        case error(String)
        /// Printed as it is.
        case notice(String)
    }

    public private(set) var lines: [Line] = []
    public private(set) var needsRender = false

    public init() {}

    public mutating func error(_ text: String) {
        lines.append(.error(text))
    }

    public mutating func notice(_ text: String) {
        lines.append(.notice(text))
    }

    /// The screen's body changed: the console draws it again.
    public mutating func setNeedsRender() {
        needsRender = true
    }

    /// Hands everything over and starts afresh.
    public mutating func take() -> ScreenFeedback {
        defer { self = ScreenFeedback() }
        return self
    }
}
