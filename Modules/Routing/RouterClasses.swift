/// The router classes a host gives the screens of the modules it composes, one per screen type:
/// a class that adopts the routes a module needs (`ChatRouter: Router<ChatView>, ChatRoutes,
/// ChatRouting`). A screen with no class here gets a plain `Router`, which serves none of its
/// module's optional needs.
@MainActor
public struct RouterClasses {
    private var classes: [ObjectIdentifier: (type: AnyObject.Type, make: @MainActor (AnyPlace) -> AnyObject)] = [:]

    public init() {}

    /// Gives screens of type `V` routers of `type`, made by `make`.
    public mutating func register<V: Screen, R: Router<V>>(_ type: R.Type, make: @escaping @MainActor (AnyPlace) -> R) {
        classes[ObjectIdentifier(V.self)] = (type, make)
    }

    /// A router for a screen of type `V` that shows `place`, of the class registered for it;
    /// `nil` when none is.
    public func make<V: Screen>(for screen: V.Type, place: AnyPlace) -> Router<V>? {
        classes[ObjectIdentifier(V.self)]?.make(place) as? Router<V>
    }

    /// The class registered for the screen type `screen`, if any.
    public func routerClass(forScreen screen: ObjectIdentifier) -> AnyObject.Type? {
        classes[screen]?.type
    }
}
