import Domain
import Navigation

/// The places Friends' screens show.
public enum FriendsPlace: FeaturePlace {
    /// The signed-in user's friends: the friends tab's first screen.
    case friends
    /// The friends list in picking mode, without `excluding` (the friend of the chat it was
    /// opened from), answering the screen before it with the friend picked: `chat/bob/pick-friend`.
    case pickFriend(excluding: UserID)

    public var title: String {
        switch self {
        case .friends: "Friends"
        case .pickFriend: "Pick a friend"
        }
    }
}

/// The app's places, which embed Friends': App's enum has a case for them
/// (`case friends(FriendsPlace)`), which is this protocol's requirement.
public protocol FriendsPlaces: AppPlaces {
    static func friends(_ place: FriendsPlace) -> Self
}

/// A user in a link, as Domain spells it (`UserID.link`): made once, for every place and offer.
let userParameter = LinkParameter(UserID.link)
