import Navigation
import Testing

/// A render check: what a screen shows for a state (its title, its lines, its actions), compared
/// as a value; a difference fails the test naming the first line that differs.
///
/// ```swift
/// expectScreen(presenter, "Chat @dave",
///     [.text("Chat with Dave Miller (@dave)"), .text("  No messages yet. Say hello with: send <text>")],
///     actions: ["send", "share", "profile"])
/// ```
@MainActor
public func expectScreen(
    _ screen: (any Screen)?, _ title: String, _ lines: [ScreenContent.Line], actions: [String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let screen else {
        Issue.record("there is no screen to check", sourceLocation: sourceLocation)
        return
    }
    let content = screen.content
    if let problem = renderDifference(
        title: (screen.title, title), lines: (content.lines, lines),
        actions: actions.map { (content.actions.map(\.name), $0) })
    {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

extension NavigationTester {
    /// The render check of the screen on top (`expectScreen(_:_:_:actions:)`).
    public func expectScreen(
        _ title: String, _ lines: [ScreenContent.Line], actions: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        NavigationTesting.expectScreen(top, title, lines, actions: actions, sourceLocation: sourceLocation)
    }
}

/// What differs between a screen's content as shown and as expected, first difference first;
/// `nil` when nothing does.
func renderDifference(
    title: (shown: String, expected: String), lines: (shown: [ScreenContent.Line], expected: [ScreenContent.Line]),
    actions: (shown: [String], expected: [String])?
) -> String? {
    var problems: [String] = []
    if title.shown != title.expected {
        problems.append("the title is \"\(title.shown)\", expected \"\(title.expected)\"")
    }
    if lines.shown != lines.expected {
        let first =
            zip(lines.shown, lines.expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(lines.shown.count, lines.expected.count)
        func words(_ line: ScreenContent.Line?) -> String {
            switch line {
            case .text(let text)?: ".text(\"\(text)\")"
            case .item(let text)?: ".item(\"\(text)\")"
            case nil: "nothing"
            }
        }
        problems.append(
            "line \(first + 1) differs: shown \(words(lines.shown[safe: first])), expected \(words(lines.expected[safe: first]))"
                + " (\(lines.shown.count) lines shown, \(lines.expected.count) expected)")
    }
    if let actions, actions.shown != actions.expected {
        problems.append(
            "the actions are \(actions.shown.joined(separator: ", ")), expected \(actions.expected.joined(separator: ", "))"
        )
    }
    return problems.isEmpty ? nil : "the screen does not show what was expected: " + problems.joined(separator: "; ")
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
