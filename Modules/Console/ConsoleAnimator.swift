import Routing

/// Shows how each screen arrived or left as one line: `~ pushed Chat @bob`. The console's
/// answer to the `Animator` hook; a UIKit front would slide views instead.
public final class ConsoleAnimator: Animator {
    private let output: any TextOutput

    public init(output: any TextOutput) {
        self.output = output
    }

    public func animate(_ motion: Motion, of screen: any Screen) {
        let verb =
            switch motion {
            case .push: "pushed"
            case .pop: "popped"
            case .present: "presented"
            case .dismiss: "dismissed"
            case .replaceRoot: "replaced root with"
            }
        output.write("~ \(verb) \(screen.title.displaySafe)\n")
    }
}
