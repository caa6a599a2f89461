/// A module that holds state worth keeping beyond its place, such as a draft not yet saved: an
/// app keeps it with the place when it keeps where the user was, and gives it back once the
/// place is restored (UIKit's `encodeRestorableState` and `decodeRestorableState`).
///
/// A screen (its presenter) adopts it; or the module's router does, and says so in its
/// `stateRestoring`. The state is text the module writes and reads itself; the app only carries it.
@MainActor
public protocol StateRestoring: AnyObject {
    /// The state to keep; `nil` when there is nothing beyond the place (nothing unsaved).
    var restorableState: String? { get }

    /// Gives the module, just restored to its place, the state it kept.
    func restore(_ state: String)
}
