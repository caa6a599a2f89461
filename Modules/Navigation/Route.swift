/// A route as a value: the app's place it opens, by which transition, what happens when the
/// stack it opens from shows that place already, and the route method that made it. A route
/// protocol's static method makes one with no router (`ChatRoute.openChat(with:)`), with the
/// transition its router type gives (`chatTransition`), so what a screen opens is known before
/// any screen exists; `explain` and the trace print the method's name (`#function`).
@MainActor
public struct Route<Places: AppPlaces> {
    /// What it opens; `nil` for a need its host leaves out (`leftOut()`).
    public let place: Places?
    /// What happens when the stack it opens from shows `place` already.
    public let whenShown: WhenShown
    /// The route method that made it, as Swift names it: `openChat(with:)`.
    public let method: String
    /// How it opens; `nil` for a route left out.
    public let transition: (any Transition)?

    /// A route to `place`, opened by `transition`. `method` is the route method: leave it to Swift.
    public init(
        _ place: Places, whenShown: WhenShown = .openAnother, transition: any Transition, method: String = #function
    ) {
        self.place = place
        self.whenShown = whenShown
        self.method = method
        self.transition = transition
    }

    private init(leftOut method: String) {
        place = nil
        whenShown = .openAnother
        self.method = method
        transition = nil
    }

    /// The route of a need its host leaves out: it names no place, links never follow it, and
    /// opening it throws `RoutingError.leftOut`. What a feature's `…Without…` protocol returns.
    public static func leftOut(method: String = #function) -> Route {
        Route(leftOut: method)
    }

    /// The call, with the place's parameter as its link prints it: `openChat(with: bob)`.
    public func call(argument: String?) -> String {
        guard let argument, method.hasSuffix(":)") else { return method }
        return method.dropLast() + " " + argument + ")"
    }
}

/// What a route does when its stack shows its place already (Chat @bob > Profile @bob, then
/// `message`): go back to that screen, or stack another.
public enum WhenShown: Hashable, Sendable {
    /// Return to the screen shown, closing those above it (what a link naming a place twice does).
    case goBack
    case openAnother
}

/// What one action of a screen opens: a fixed route, or one for any value its parameters read
/// (`profile <n>` opens any user's profile). A feature declares a screen's table of them from
/// the route protocols' static methods: what the screen offers, what a link may follow (a link's
/// segments are read by the offer that opens their place, so links reach only what commands
/// reach), what `explain` names and the graph draws.
@MainActor
public struct Offer<Places: AppPlaces> {
    /// The action's word: `message`.
    public let action: String
    /// The parameters of what the action takes, when it takes a place's parameters (`profile
    /// <UserID>`); empty for a fixed route.
    public let argument: [ParameterType]
    /// What the action does, in words, where a screen that did not declare it lists it (a
    /// feature's command on another's screen); empty when the screen declares it.
    public var summary: String { describe() }
    private let describe: @MainActor () -> String
    private let make: @MainActor ([Substring]) -> Route<Places>?

    /// `action` follows `route`, always. The route is made, and the summary read, only when
    /// asked: following a link reads one offer of a screen, not all of them.
    public init<A: ScreenAction>(_ action: A, _ route: @autoclosure @escaping @MainActor () -> Route<Places>) {
        self.init(action.rawValue, route(), summary: action.summary)
    }

    /// `action`, named as a word, follows `route`, always.
    public init(
        _ action: String, _ route: @autoclosure @escaping @MainActor () -> Route<Places>,
        summary: @autoclosure @escaping @MainActor () -> String = ""
    ) {
        self.action = action
        argument = []
        describe = summary
        make = { $0.isEmpty ? route() : nil }
    }

    /// `action` follows the route `make` returns for any value `parameter` reads.
    public init<A: ScreenAction, Value>(
        _ action: A, any parameter: LinkParameter<Value>, _ make: @escaping @MainActor (Value) -> Route<Places>
    ) {
        self.init(action.rawValue, any: PlaceParameters(parameter), summary: action.summary, make)
    }

    /// `action`, named as a word, follows the route `make` returns for any values `parameters`
    /// read (`bookmarks <year> <month>`).
    public init<Value>(
        _ action: String, any parameters: PlaceParameters<Value>,
        summary: @autoclosure @escaping @MainActor () -> String = "",
        _ make: @escaping @MainActor (Value) -> Route<Places>
    ) {
        self.action = action
        argument = parameters.types
        describe = summary
        let read = parameters.read
        self.make = { texts in read(texts).map(make) }
    }

    /// The action as a screen lists it: its word, what it takes (`<year> <month>`), its summary.
    public var listed: ScreenContent.Action {
        let usage = argument.map { "<\($0.name)>" }.joined(separator: " ")
        return ScreenContent.Action(action, usage.isEmpty ? .none : .text(usage), summary: summary)
    }

    /// The route the action follows with `texts`, the segments of its argument (none for a
    /// fixed route); `nil` when they do not read.
    public func route(_ texts: [Substring] = []) -> Route<Places>? { make(texts) }
}
