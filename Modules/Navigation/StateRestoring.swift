/// A module that holds state worth keeping beyond its place (a draft not yet saved): an app keeps
/// it with the place and gives it back once the place is restored (UIKit's
/// `encodeRestorableState`). The screen or its router adopts it; the state is text it writes and
/// reads itself, which the app only carries.
@MainActor
public protocol StateRestoring: AnyObject {
    /// The state to keep; `nil` when there is nothing beyond the place (nothing unsaved).
    var restorableState: String? { get }

    /// Gives the module, just restored to its place, the state it kept.
    func restore(_ state: String)
}
