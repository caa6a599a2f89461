import Console
import Domain
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
        guard let user = dependencies.session.user, let state, state.isTabbed else { return nil }
        do {
            let (text, unkept) = KeptPlaces.text(of: state, by: navigator)
            try kept.savePlaces(text, of: user.id)
            let cut = unkept.isEmpty ? "" : " (not \(unkept.map(\.title).joined(separator: ", ")): no link opens it)"
            return "Kept where you were, \(user.id): \(Self.titles(of: state))\(cut). Sign in again to come back to it."
        } catch {
            return "Could not keep where you were: \(error)"
        }
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
        feedback.notice("Restored where you were when you quit: \(state.map(Self.titles) ?? "(no screen)").")
        for line in dropped { feedback.notice("Dropped \(line).") }
    }

    /// What the user sees in `state`, by title: `Friends > Chat @bob > [Profile @carol]`.
    static func titles(of state: NavigationState<Destination>) -> String {
        NavigationState(
            tabs: state.tabs.map { .init(name: $0.name, stack: $0.stack.map(\.title)) }, selected: state.selected,
            modals: state.modals.map { $0.map(\.title) }
        ).description
    }

    /// Shows the longest beginning of `places` that still resolves, in the tab `tab`.
    private func restore(_ places: [Destination], inTab tab: String, dropped: inout [String]) async {
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

/// A window's state as kept text, one line a stack: the tab shown, each tab with its places,
/// then each modal stack, each place written as its link's path (`LinkNavigator.path(of:)`), so
/// a new place needs nothing here. App reads it back only as far as it is well-formed: a line it
/// cannot read makes the whole text unreadable, and no place is guessed.
///
/// ```text
/// selected 0
/// tab friends friends chat/bob profile/bob
/// tab chats chats
/// tab me me
/// modal edit-bio
/// ```
///
/// (It is text rather than JSON so that App does not load Foundation at start: its start-up is
/// measured against a hello-world program's.)
@MainActor
enum KeptPlaces {
    /// `state` as text; a stack is kept up to its first place no link names (the friend
    /// picker), and the places cut are returned.
    static func text(of state: NavigationState<Destination>, by navigator: LinkNavigator<Destination>) -> (
        text: String, unkept: [Destination]
    ) {
        var unkept: [Destination] = []
        func words(_ stack: [Destination]) -> [String] {
            let paths = stack.map(navigator.path(of:))
            let kept = paths.prefix { $0 != nil }.compactMap { $0 }
            unkept += stack.dropFirst(kept.count)
            return kept
        }
        var lines = ["selected \(state.selected)"]
        lines += state.tabs.map { (["tab", $0.name] + words($0.stack)).joined(separator: " ") }
        lines += state.modals.map(words).filter { !$0.isEmpty }.map { (["modal"] + $0).joined(separator: " ") }
        return (lines.joined(separator: "\n"), unkept)
    }

    /// The state `text` keeps; `nil` when any of it cannot be read.
    static func state(from text: String, by navigator: LinkNavigator<Destination>) -> NavigationState<Destination>? {
        func places(_ words: ArraySlice<String>) -> [Destination]? {
            var places: [Destination] = []
            for word in words {
                guard let found = navigator.places(atPath: word), found.count == 1 else { return nil }
                places += found
            }
            return places
        }
        var selected: Int?
        var tabs: [NavigationState<Destination>.Tab] = []
        var modals: [[Destination]] = []
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
}
