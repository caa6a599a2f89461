/// What a screen shows, in its feature's own terms (`ChatPlace.chat(bob)`): the value a window
/// keeps with each screen, so its state is a value of places that links, plans, restoration and
/// tests read, and nothing casts a screen to learn what it shows. Features declare their places
/// with their links (`PlaceKind`); an app never restates them.
public protocol Place: Hashable, Sendable {
    /// What the place is called where a user reads it: "Chat @bob".
    var title: String { get }
}

/// A string is a place named by itself: for tests and for small programs that need no place
/// type of their own.
extension String: Place {
    public var title: String { self }
}

/// A place of any feature, as a window keeps it: the places of different features sit in one
/// stack, so they are kept type-erased, and read back typed (`as(_:)`).
public struct AnyPlace: Place {
    /// The feature's own value.
    public let base: any Place

    /// - Parameter place: the feature's value; an `AnyPlace` is taken as it is, not wrapped twice.
    public init<P: Place>(_ place: P) {
        if P.self == AnyPlace.self {
            self = unsafeBitCast(place, to: AnyPlace.self)
        } else {
            base = place
        }
    }

    public var title: String { base.title }

    /// The place as its feature's type, or `nil` if it is of another type.
    public func `as`<P: Place>(_ type: P.Type) -> P? {
        base as? P
    }

    /// The place as its feature's type `P`: what generic code reads instead of `as(_:)`.
    /// - Throws: `RoutingError.undeclared` naming the place when it is of another type.
    @inlinable
    public func value<P: Place>(as type: P.Type) throws(RoutingError) -> P {
        func open<Opened: Place>(_ place: Opened) throws(RoutingError) -> P {
            guard Opened.self == P.self else { throw .undeclared(place.title) }
            return unsafeBitCast(place, to: P.self)
        }
        return try open(base)
    }

    public static func == (lhs: AnyPlace, rhs: AnyPlace) -> Bool {
        // Places of one type are compared as that type.
        func equals<Left: Place>(_ left: Left) -> Bool {
            func equals<Right: Place>(_ right: Right) -> Bool {
                Right.self == Left.self && left == unsafeBitCast(right, to: Left.self)
            }
            return equals(rhs.base)
        }
        return equals(lhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        base.hash(into: &hasher)
    }
}

extension AnyPlace: CustomStringConvertible {
    public var description: String { "\(base)" }
}
