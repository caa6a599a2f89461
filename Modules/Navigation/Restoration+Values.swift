extension Restoration {
    /// What keeping did.
    public struct Kept {
        /// Whose places: the name a user reads (`@alice`).
        public let user: String
        /// The places kept.
        public let places: NavigationState<Places>
        /// The places whose modules kept state beyond the place (an unsaved draft).
        public let unsaved: [Places]
        /// Why nothing could be kept, if it could not.
        public let failure: (any Error)?
        /// With several windows, what was kept of each, in order (`places` is the one in front's);
        /// empty for one window.
        public var windows: [Window] = []
        /// Which of `windows` was in front.
        public var front = 0

        /// What was kept of one window of several.
        public struct Window {
            /// The window's number, as the session numbered it.
            public let number: Int
            /// Its places.
            public let places: NavigationState<Places>
            /// Its places whose modules kept state beyond the place (an unsaved draft).
            public let unsaved: [Places]
        }
    }

    /// What restoring did.
    public struct Restored {
        /// What the user sees now, after the kept state came back as far as it resolves.
        public let places: NavigationState<Places>
        /// The places whose modules got their kept state back (a draft).
        public let unsaved: [Places]
        /// What was dropped, and why.
        public let dropped: [Dropped]
        /// What of the kept text could not be read, and was left out: a place no link names any
        /// more, a parameter that no longer reads, a line that is none of the kept state's.
        public let unread: [StateText.Problem]
        /// The window it came back in, by number.
        public internal(set) var window = 1
        /// With several windows kept, what each brought back, in order (this one first); empty
        /// for one window.
        public internal(set) var windows: [Restored] = []
        /// The windows kept whose state did not read, left out (the others came back).
        public internal(set) var leftOutWindows: [LeftOutWindow] = []
        /// What of the session's own lines did not read (the window in front names none).
        public internal(set) var unreadSession: [StateText.Problem] = []
        /// The answers kept before the relaunch whose asker did not come back: forgotten, with
        /// nothing done for them.
        public internal(set) var undelivered: [KeptAnswer] = []
    }

    /// A kept window that did not come back: its number in the kept session, and what was wrong.
    public struct LeftOutWindow {
        public let number: Int
        public let problems: [StateText.Problem]
    }

    /// Kept places that did not come back.
    public struct Dropped {
        /// The places dropped, from the first that did not resolve on.
        public let places: [Places]
        /// The tab they were in.
        public let tab: String
        public let reason: Reason
    }

    /// Why kept places did not come back.
    public enum Reason: Error {
        /// Its feature's rules refuse it now (the user it names is gone, no longer a friend).
        case rule(any Error)
        /// The tab they were in is no tab of the app now.
        case noTab(String)
        /// Opening them failed on the way.
        case failed(LinkFailure<Places>)
        /// The kept state named a place again: it came back once, as a link goes back to a place
        /// named again, and what followed it the first time did not come back.
        case namedAgain
        /// It answered a question another App answered, or closed, meanwhile: it closed again.
        case answeredElsewhere
    }

    /// Why nothing was restored.
    public enum Failure: Error {
        /// Nothing of the kept text could be read back: it is forgotten. What was wrong, first.
        case unreadable([StateText.Problem])
        /// The text was kept by a newer app: it is left as it is, for that app to read.
        case newerVersion(Int)
        /// The store could not be read.
        case store(any Error)
    }
}
