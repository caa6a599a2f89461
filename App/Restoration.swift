import Console
import Domain
import Links
import Routing

/// State restoration: where a user was at quit (every tab's stack, the tab shown, the modals)
/// is kept per user, as a few lines of text (`KeptPlaces`), and brought back after
/// that user signs in again, as UIKit's state restoration and SwiftUI's scene storage do.
///
/// It goes through the links' plans, so a kept state is checked as a link is: a place is
/// brought back only if a link could name it, it may follow the one before, and the users it
/// names are still there and still friends. What no longer resolves is dropped, with the
/// reason, and everything before it comes back.
extension AppLinks {
    /// Keeps where the signed-in user is, for their next sign-in.
    /// - Returns: the line that says so (or why it could not); `nil` when nobody is signed in.
    func keepPlaces() -> String? {
        guard let user = dependencies.session.user, let state = keptState, state.isTabbed else { return nil }
        do {
            let (text, unkept) = KeptPlaces.text(of: state, by: navigator)
            try kept.savePlaces(text, of: user.id)
            let cut = unkept.isEmpty ? "" : " (not \(unkept.map(\.title).joined(separator: ", ")): no link opens it)"
            let work = Self.unsavedWork(in: state)
            return "Kept where you were, \(user.id): \(Self.titles(of: state.places))\(cut)\(work)."
                + " Sign in again to come back to it."
        } catch {
            return "Could not keep where you were: \(error)"
        }
    }

    /// The window as places, each with the state its module keeps beyond its place (a draft).
    private var keptState: NavigationState<KeptPlace>? {
        guard let window, let state else { return nil }
        func kept(_ places: [Destination], _ screens: [any Screen]) -> [KeptPlace] {
            zip(places, screens).map { place, screen in
                KeptPlace(place, state: (window.router(of: screen) as? any StateRestoring)?.restorableState)
            }
        }
        return NavigationState(
            tabs: state.tabs.map { .init(name: $0.name, stack: kept($0.stack, window.screens(ofTab: $0.name))) },
            selected: state.selected, modals: zip(state.modals, window.modalScreens).map(kept))
    }

    /// ", with your unsaved work on Edit bio", for the places that keep state; empty for none.
    private static func unsavedWork(in state: NavigationState<KeptPlace>) -> String {
        let keeping = (state.tabs.flatMap(\.stack) + state.modals.joined()).filter { $0.state != nil }
        return keeping.isEmpty
            ? "" : ", with your unsaved work on " + keeping.map(\.place.title).joined(separator: ", ")
    }

    /// Brings the signed-in user back to where they were at their last quit, as far as it still
    /// resolves; says what came back and what was dropped.
    func restorePlaces() async {
        await RememberingUserService.remembering { await restoringPlaces() }
    }

    private func restoringPlaces() async {
        guard let user = dependencies.session.user else { return }
        let text: String?
        do { text = try kept.savedPlaces(of: user.id) } catch {
            return feedback.error("could not read where you were: \(error)")
        }
        guard let text else { return }
        guard let saved = KeptPlaces.state(from: text, by: navigator), saved.isTabbed else {
            try? kept.savePlaces(nil, of: user.id)
            return feedback.error("where you were last time could not be read, so it is forgotten; you are on Friends")
        }
        var dropped: [String] = []
        let shown = saved.tabs[saved.selected]
        for tab in saved.tabs where tab.name != shown.name && tab.stack.count > 1 {
            await restore(tab.stack, inTab: tab.name, dropped: &dropped)
        }
        await restore(shown.stack + saved.modals.joined(), inTab: shown.name, dropped: &dropped)
        let work = giveBack(saved)
        feedback.notice(
            "Restored where you were when you quit: \(state.map(Self.titles) ?? "(no screen)")"
                + (work.isEmpty ? "" : ", with your unsaved work on " + work.joined(separator: ", ")) + ".")
        for line in dropped { feedback.notice("Dropped \(line).") }
    }

    /// Gives each restored module the state it kept (a draft), where its place came back in the
    /// same position of the same stack.
    /// - Returns: the titles of the places that got their state back.
    private func giveBack(_ saved: NavigationState<KeptPlace>) -> [String] {
        guard let window, let state else { return [] }
        var given: [String] = []
        func give(_ kept: [KeptPlace], _ places: [Destination], _ screens: [any Screen]) {
            for (index, keptPlace) in kept.enumerated() {
                guard let text = keptPlace.state, index < places.count, index < screens.count,
                    places[index] == keptPlace.place,
                    let router = window.router(of: screens[index]) as? any StateRestoring
                else { continue }
                router.restore(text)
                given.append(keptPlace.place.title)
            }
        }
        for tab in saved.tabs {
            give(tab.stack, state.stack(ofTab: tab.name) ?? [], window.screens(ofTab: tab.name))
        }
        for (kept, (places, screens)) in zip(saved.modals, zip(state.modals, window.modalScreens)) {
            give(kept, places, screens)
        }
        return given
    }

    /// What the user sees in `state`, by title: `Friends > Chat @bob > [Profile @carol]`.
    static func titles(of state: NavigationState<Destination>) -> String {
        NavigationState(
            tabs: state.tabs.map { .init(name: $0.name, stack: $0.stack.map(\.title)) }, selected: state.selected,
            modals: state.modals.map { $0.map(\.title) }
        ).description
    }

    /// Shows the longest beginning of `places` that still resolves, in the tab `tab`.
    private func restore(_ kept: [KeptPlace], inTab tab: String, dropped: inout [String]) async {
        let places = kept.map(\.place)
        guard tabs.contains(tab) else {
            dropped.append("the \(tab) tab: the app has no such tab now")
            return
        }
        var kept: [Destination] = []
        for (index, place) in places.enumerated() {
            if let reason = await reasonToDrop(place, after: kept) {
                dropped.append(places[index...].map(\.title).joined(separator: " > ") + ": " + reason)
                break
            }
            kept.append(place)
        }
        guard !kept.isEmpty else { return }
        do throws(LinkFailure<Destination>) {
            try await navigator.show(kept, inTab: tab)
        } catch {
            dropped.append("part of the \(tab) tab: \(words(for: error))")
        }
    }

    /// Why `place` cannot come back after `before`, or `nil` when it can.
    private func reasonToDrop(_ place: Destination, after before: [Destination]) async -> String? {
        guard navigator.path(of: place) != nil else { return "no link opens it" }
        if let last = before.last, !navigator.canFollow(place, after: last) {
            return "it cannot open from \(last.title)"
        }
        do {
            try await Self.checkUser(of: place, after: before.last, dependencies: dependencies)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// A place as it is kept: the place, and the state its module keeps beyond it (a draft).
struct KeptPlace: Hashable, Sendable {
    let place: Destination
    let state: String?

    init(_ place: Destination, state: String? = nil) {
        self.place = place
        self.state = state
    }
}

extension NavigationState where Place == KeptPlace {
    /// The places alone.
    var places: NavigationState<Destination> {
        NavigationState<Destination>(
            tabs: tabs.map { .init(name: $0.name, stack: $0.stack.map(\.place)) }, selected: selected,
            modals: modals.map { $0.map(\.place) })
    }
}

/// A window's state as kept text, one line a stack: the tab shown, each tab with its places,
/// then each modal stack, each place written as its link's path (`LinkNavigator.path(of:)`), so
/// a new place needs nothing here, followed by `#` and the state its module keeps (a draft),
/// percent-encoded, if any. App reads it back only as far as it is well-formed: a line it
/// cannot read makes the whole text unreadable, and no place is guessed.
///
/// ```text
/// selected 2
/// tab friends friends chat/bob profile/bob
/// tab chats chats
/// tab me me
/// modal edit-bio#My%20draft
/// ```
///
/// (It is text rather than JSON so that App does not load Foundation at start: its start-up is
/// measured against a hello-world program's.)
@MainActor
enum KeptPlaces {
    /// `state` as text; a stack is kept up to its first place no link names (the friend
    /// picker), and the places cut are returned.
    static func text(of state: NavigationState<KeptPlace>, by navigator: LinkNavigator<Destination>) -> (
        text: String, unkept: [Destination]
    ) {
        var unkept: [Destination] = []
        func words(_ stack: [KeptPlace]) -> [String] {
            let paths = stack.map { kept in
                navigator.path(of: kept.place).map { path in path + (kept.state.map { "#" + encoded($0) } ?? "") }
            }
            let kept = paths.prefix { $0 != nil }.compactMap { $0 }
            unkept += stack.dropFirst(kept.count).map(\.place)
            return kept
        }
        var lines = ["selected \(state.selected)"]
        lines += state.tabs.map { (["tab", $0.name] + words($0.stack)).joined(separator: " ") }
        lines += state.modals.map(words).filter { !$0.isEmpty }.map { (["modal"] + $0).joined(separator: " ") }
        return (lines.joined(separator: "\n"), unkept)
    }

    /// `state` as text, with no module state: places alone.
    static func text(of state: NavigationState<Destination>, by navigator: LinkNavigator<Destination>) -> (
        text: String, unkept: [Destination]
    ) {
        text(
            of: NavigationState(
                tabs: state.tabs.map { .init(name: $0.name, stack: $0.stack.map { KeptPlace($0) }) },
                selected: state.selected, modals: state.modals.map { $0.map { KeptPlace($0) } }),
            by: navigator)
    }

    /// The state `text` keeps; `nil` when any of it cannot be read.
    static func state(from text: String, by navigator: LinkNavigator<Destination>) -> NavigationState<KeptPlace>? {
        func places(_ words: ArraySlice<String>) -> [KeptPlace]? {
            var places: [KeptPlace] = []
            for word in words {
                let parts = word.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                var state: String?
                if parts.count == 2 {
                    guard let decoded = decoded(parts[1]) else { return nil }
                    state = decoded
                }
                guard let found = navigator.places(atPath: String(parts[0])), found.count == 1 else { return nil }
                places.append(KeptPlace(found[0], state: state))
            }
            return places
        }
        var selected: Int?
        var tabs: [NavigationState<KeptPlace>.Tab] = []
        var modals: [[KeptPlace]] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "selected" where words.count == 2 && selected == nil:
                selected = Int(words[1])
            case "tab" where words.count >= 3:
                guard let stack = places(words.dropFirst(2)) else { return nil }
                tabs.append(.init(name: words[1], stack: stack))
            case "modal" where words.count >= 2:
                guard let stack = places(words.dropFirst()) else { return nil }
                modals.append(stack)
            default:
                return nil
            }
        }
        guard let selected, tabs.indices.contains(selected) else { return nil }
        return NavigationState(tabs: tabs, selected: selected, modals: modals)
    }

    /// `text` with every byte but the unreserved ones (letters, digits, `-`, `.`, `_`, `~`)
    /// written `%XX`: no space, line break or `#` is left to split a line or a word.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// `encoded(_:)` undone; `nil` for a malformed escape or bytes that are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = rest.prefix(2)
            guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
