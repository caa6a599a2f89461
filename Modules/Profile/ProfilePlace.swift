import Domain
import Navigation

/// The places Profile's screens show.
public enum ProfilePlace: FeaturePlace {
    /// The signed-in user's own profile: the me tab's first screen.
    case me
    /// A user's profile.
    case profile(UserID)
    /// The editor of the signed-in user's bio.
    case editBio

    public var title: String {
        switch self {
        case .me: "Me"
        case .profile(let user): "Profile \(user)"
        case .editBio: "Edit bio"
        }
    }
}

/// The app's places, which embed Profile's: App's enum has a case for them
/// (`case profile(ProfilePlace)`), which is this protocol's requirement.
public protocol ProfilePlaces: AppPlaces {
    static func profile(_ place: ProfilePlace) -> Self
}

/// A user in a link, as Domain spells it (`UserID.link`): made once, for every place and offer.
let userParameter = LinkParameter(UserID.link)
