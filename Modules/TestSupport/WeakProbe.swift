/// Weak references to a module's parts (screen, presenter, router, …): a leak check keeps these,
/// never the parts, and asks whether all of them are gone. Check `aliveCount` right after making
/// one: a part that was `nil` from the start counts as released.
public struct WeakProbe {
    private let references: [() -> AnyObject?]

    /// - Parameter objects: the parts to watch.
    public init(_ objects: [AnyObject?]) {
        references = objects.map { object in
            weak let reference = object
            return { reference }
        }
    }

    /// How many parts are still alive.
    public var aliveCount: Int { references.filter { $0() != nil }.count }

    /// Whether every part is released.
    public var isReleased: Bool { aliveCount == 0 }
}
