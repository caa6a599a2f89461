/// Something a front can show: the role a view controller plays in UIKit.
///
/// The routing core needs only a title, for breadcrumbs and state dumps. A front refines this
/// protocol with what it needs to draw a screen and feed it input (the console front's
/// `ConsoleScreen`; a UIKit front would wrap a view controller).
@MainActor
public protocol Screen: AnyObject {
    /// A short name that tells screens apart on the same stack: "Friends", "Chat @bob".
    var title: String { get }
}
