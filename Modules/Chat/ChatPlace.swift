import Domain
import Navigation

/// The places Chat's screens show.
public enum ChatPlace: FeaturePlace {
    /// The signed-in user's conversations: the chats tab's first screen.
    case chats
    /// The conversation with one friend.
    case chat(UserID)

    public var title: String {
        switch self {
        case .chats: "Chats"
        case .chat(let user): "Chat \(user)"
        }
    }
}

/// The app's places, which embed Chat's: App's enum has a case for them (`case chat(ChatPlace)`),
/// which is this protocol's requirement, so a route to a chat makes the app's place.
public protocol ChatPlaces: AppPlaces {
    static func chat(_ place: ChatPlace) -> Self
}

/// A user in a link, as Domain spells it (`UserID.link`): made once, for every place and offer.
let userParameter = LinkParameter(UserID.link)
