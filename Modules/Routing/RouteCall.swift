/// A call of a route method, as a place's kind declares how it opens and `explain` shows it:
/// `openChat(with: @bob)`. The method is named as Swift names it (`openChat(with:)`), so the need
/// a presenter calls and the route that serves it, which Swift composes by that name, are
/// matched by it here too.
public struct RouteCall: Hashable, Sendable, CustomStringConvertible {
    /// The method, as Swift names it: `openChat(with:)`, `openBioEditor()`.
    public let method: String
    /// Its argument, as the place's parameter prints: `@bob`; `nil` for none.
    public let argument: String?

    public init(_ method: String, argument: String? = nil) {
        self.method = method
        self.argument = argument
    }

    /// `openChat(with: @bob)`: the method with its argument after the label.
    public var description: String {
        guard let argument, method.hasSuffix(":)") else { return method }
        return method.dropLast() + " " + argument + ")"
    }
}

/// A route a place's screen offers through a command: the method its command calls, with the
/// argument it always calls it with, or with any. Which place may follow which is what the
/// screens offer: a link reaches only the states commands reach.
public struct RouteOffer: Hashable, Sendable, CustomStringConvertible {
    public let method: String
    /// The one argument the command calls it with (`@bob`: a profile's `message` chats with that
    /// user only); `nil` when it calls it with any (a list's `profile <n>`).
    public let argument: String?

    /// A route the screen's command calls: with `argument` only, or with any when it is `nil`.
    public static func call(_ method: String, with argument: String? = nil) -> RouteOffer {
        RouteOffer(method: method, argument: argument)
    }

    /// Whether a command of the screen makes `call`.
    public func admits(_ call: RouteCall) -> Bool {
        method == call.method && (argument == nil || argument == call.argument)
    }

    public var description: String {
        argument.map { RouteCall(method, argument: $0).description } ?? method
    }
}
