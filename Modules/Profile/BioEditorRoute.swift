import Navigation

/// "Can edit the bio": the editor's entry route. A router that adopts it opens an editor of the
/// signed-in user's bio, presented modally unless it says otherwise.
@MainActor
public protocol BioEditorRoute: RouterProtocol where Places: ProfilePlaces {
    /// How the editor opens from this router; modal by default.
    static var bioEditorTransition: any Transition { get }
}

extension BioEditorRoute {
    public static var bioEditorTransition: any Transition { ModalTransition() }

    /// The editor of the signed-in user's bio, opened by `bioEditorTransition`, its bio loaded
    /// first; an editor already in the stack is returned to instead (`WhenShown.goBack`). Opening
    /// it throws `SessionError` when nobody is signed in, the service's error, or `RoutingError`;
    /// nothing is opened then.
    public static func openBioEditor() -> Route<Places> {
        Route(.profile(.editBio), whenShown: .goBack, transition: bioEditorTransition)
    }
}
