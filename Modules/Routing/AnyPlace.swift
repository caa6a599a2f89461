/// What a screen shows, in an app's own terms (`.chat(bob)` of the app's place enum), as the
/// window keeps it.
///
/// Every screen enters the window with a place, given by the router that opens it: features
/// don't know the app's place type, so the window holds places type-erased, and the app reads
/// them back typed (`Window.state(of:)`). Nothing ever casts a screen to learn what it shows.
public struct AnyPlace: Hashable, Sendable {
    /// The app's own value.
    public let base: any Hashable & Sendable

    /// - Parameter place: the app's value; an `AnyPlace` is taken as it is, not wrapped twice.
    public init(_ place: some Hashable & Sendable) {
        if let erased = place as? AnyPlace {
            self = erased
        } else {
            base = place
        }
    }

    /// The place as the app's type, or `nil` if it is of another type.
    public func `as`<Place>(_ type: Place.Type) -> Place? {
        base as? Place
    }

    public static func == (lhs: AnyPlace, rhs: AnyPlace) -> Bool {
        func equals<T: Hashable>(_ value: T) -> Bool { (rhs.base as? T) == value }
        return equals(lhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        base.hash(into: &hasher)
    }
}

extension AnyPlace: CustomStringConvertible {
    public var description: String { "\(base)" }
}
