/// Weak references to a module's parts (screen, presenter, router, …): a leak check keeps these,
/// never the parts, and asks whether all of them are gone.
public struct WeakProbe {
    private let references: [() -> AnyObject?]

    /// - Parameter objects: the parts to watch; `nil`s count as parts that were never found.
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
