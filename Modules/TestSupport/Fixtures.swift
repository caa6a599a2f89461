import Navigation

extension [ScreenFeedback.Line] {
    /// The lines as a test compares them: a notice as it is, an error as `error: ` and the error
    /// as it describes itself (a core value by its case: `error: cannotCloseRoot(screen: "Friends")`).
    public var said: [String] {
        map { line in
            switch line {
            case .error(let error): "error: \(error)"
            case .notice(let text): text
            }
        }
    }
}

extension Screen {
    /// What the screen has to say, as a test compares it (`[ScreenFeedback.Line].said`).
    public func said() -> [String] { feedback.take().said }

    /// The names of the actions it offers now.
    public var actionNames: [String] { content.actions.map(\.name) }
}
