import LinkMatching
import Navigation

/// A place as it is kept: the place, the query items its screen shows (a mark, a filter), and
/// the state its module keeps beyond it (a draft).
public struct KeptPlace: Hashable, Sendable {
    public let place: AnyPlace
    public let query: QueryItems
    public let state: String?
    /// The record of the question the place answers, kept beyond the App (a picker's), if any.
    public let question: Int?

    public init(_ place: AnyPlace, query: QueryItems = QueryItems(), state: String? = nil, question: Int? = nil) {
        self.place = place
        self.query = query
        self.state = state
        self.question = question
    }
}

extension NavigationState where Item == KeptPlace {
    /// The places alone.
    public var places: NavigationState<AnyPlace> {
        NavigationState<AnyPlace>(
            tabs: tabs.map { .init(name: $0.name, stack: $0.stack.map(\.place)) }, selected: selected,
            modals: modals.map { $0.map(\.place) })
    }
}

/// A window's state as kept text: a version line, then one line a stack: the tab shown, each
/// tab with its places, then each modal stack, each place written as its link's path
/// (`LinkNavigator.path(of:)`): a stable key a feature declares, never a type's name, so a new
/// place needs nothing here. After a place, `?` and the query items its screen shows, as a link
/// writes them, `!` and the record of the question it answers (a picker's), and `#` and the state
/// its module keeps (a draft), percent-encoded, if any.
///
/// ```text
/// waypoint-state 2
/// selected 2
/// tab friends friends?search=b chat/bob?message=2 profile/bob
/// tab chats chats
/// tab me me
/// modal edit-bio#My%20draft
/// ```
///
/// Reading is total: whatever the text, it gives the longest legal beginning of each stack it
/// can read (every place named by a link, each one the place before offers) and a typed report
/// of what it dropped and why. A text with no version line is version 1, the same lines; a text
/// of a newer version is not read at all. (It is text rather than JSON so that an app need not
/// load Foundation at start.)
@MainActor
public enum KeptState {
    /// The newest version this app reads: 3, a session of several windows; one window is
    /// written as version 2 (`windowVersion`), which older apps read.
    public static let version = 3
    /// The version of one window's text.
    static let windowVersion = 2
    /// The first line: `waypoint-state 2`.
    static let header = "waypoint-state"
    /// The most bytes the state kept with a place (a draft) may have: as many as a typed line.
    static let stateLimit = 4_096

    /// What reading kept text found it could not use; the rest is read all the same.
    public enum Problem: Hashable, Sendable {
        /// The text was kept by a newer app, in a version this one cannot read: nothing is read.
        case newerVersion(Int)
        /// A line that is none of `selected`, `tab` and `modal`, or is malformed: it is skipped.
        case unreadableLine(String)
        /// No link names the place any more (`path`): it and what follows it in its stack are
        /// dropped. `stack` is the tab's name, or `modal`.
        case unknownPlace(path: String, stack: String)
        /// The place's parameter no longer reads (`problem`): it and what follows are dropped.
        case badParameter(path: String, problem: String, stack: String)
        /// The place can no longer follow the one before it: it and what follows are dropped.
        case cannotFollow(path: String, after: String, stack: String)
        /// The state kept with a place (a draft) cannot be decoded: the place stays, without it.
        case badState(path: String)
        /// The query items kept with a place no longer read: the place stays, without them.
        case badQuery(path: String)
        /// The stack is deeper than the window shows (`limit` screens): the place at `path` and
        /// what follows are dropped.
        case tooDeep(path: String, limit: Int, stack: String)
        /// The tab shown is missing or names no tab: the first tab is shown.
        case noSelection
        /// No tab could be read: there is nothing to restore.
        case noTabs
        /// The window in front names none of the windows kept (`number` of `windows`, counted
        /// from 1): the first is in front.
        case noFront(number: Int, windows: Int)
        /// The session already has `limit` windows: this one and the `more` after it are left out.
        case tooManyWindows(limit: Int, more: Int)
    }

    /// `state` as text; a stack is kept up to its first place no link names (a friend picker),
    /// and the places cut are returned.
    public static func text(of state: NavigationState<KeptPlace>, by navigator: LinkNavigator) -> (
        text: String, unkept: [AnyPlace]
    ) {
        var unkept: [AnyPlace] = []
        func words(_ stack: [KeptPlace]) -> [String] {
            let paths = stack.map { kept in
                navigator.path(of: kept.place).map { path in
                    path + (kept.query.isEmpty ? "" : "?" + LinkQuery.text(of: kept.query))
                        + (kept.question.map { "!" + String($0) } ?? "")
                        + (kept.state.map { "#" + LinkQuery.percentEncoded($0) } ?? "")
                }
            }
            let kept = paths.prefix { $0 != nil }.compactMap { $0 }
            unkept += stack.dropFirst(kept.count).map(\.place)
            return kept
        }
        var lines = ["\(header) \(windowVersion)", "selected \(state.selected)"]
        lines += state.tabs.map { (["tab", $0.name] + words($0.stack)).joined(separator: " ") }
        lines += state.modals.map(words).filter { !$0.isEmpty }.map { (["modal"] + $0).joined(separator: " ") }
        return (lines.joined(separator: "\n"), unkept)
    }

    /// `state`, places alone, as text.
    public static func text(of state: NavigationState<AnyPlace>, by navigator: LinkNavigator) -> (
        text: String, unkept: [AnyPlace]
    ) {
        text(
            of: NavigationState(
                tabs: state.tabs.map { .init(name: $0.name, stack: $0.stack.map { KeptPlace($0) }) },
                selected: state.selected, modals: state.modals.map { $0.map { KeptPlace($0) } }),
            by: navigator)
    }

    /// Reads `text`: the longest legal beginning of each stack, and what was dropped and why.
    /// - Returns: the state (`nil` when no tab could be read, or the version is newer), and the
    ///   problems, in the order they were met.
    public static func read(_ text: String, by navigator: LinkNavigator) -> (
        state: NavigationState<KeptPlace>?, problems: [Problem]
    ) {
        var problems: [Problem] = []
        // Lines end in LF or CRLF; a line of spaces alone is empty.
        // ("\r\n" is one Character in Swift: a split on "\n" alone would never find it.)
        var lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }.filter { !$0.isEmpty }[...]
        if let first = lines.first, first.hasPrefix(header + " ") {
            lines = lines.dropFirst()
            guard let found = Int(first.dropFirst(header.count + 1)), found >= 1 else {
                return (nil, [.unreadableLine(String(first))])
            }
            guard found <= version else { return (nil, [.newerVersion(found)]) }
        }
        var selected: Int?
        var tabs: [NavigationState<KeptPlace>.Tab] = []
        var modalWords: [ArraySlice<String>] = []
        // The window's limit holds while reading: no stack, and no tab with its modals, is
        // read deeper than the window could show.
        let limit = navigator.window?.maximumDepth ?? Window.standardDepthLimit
        for line in lines {
            // Words are separated by spaces; extra spaces (one at the end) name nothing.
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            switch words.first {
            case "selected" where words.count == 2 && selected == nil && Int(words[1]) != nil:
                selected = Int(words[1])
            case "tab" where words.count >= 3 && !words[1].isEmpty && !tabs.contains { $0.name == words[1] }:
                let stack = places(
                    words.dropFirst(2), in: words[1], isTab: true, limit: limit, by: navigator, problems: &problems)
                if stack.isEmpty { continue }
                tabs.append(.init(name: words[1], stack: stack))
            case "modal" where words.count >= 2:
                // Read once the tab shown is known: a modal's first place may take context from
                // what is under it.
                modalWords.append(words.dropFirst())
            default:
                problems.append(.unreadableLine(String(line.prefix(80))))
            }
        }
        guard !tabs.isEmpty else { return (nil, problems + [.noTabs]) }
        if selected.map(tabs.indices.contains) != true {
            problems.append(.noSelection)
            selected = 0
        }
        let shown = selected ?? 0
        // The modals open over the shown tab: each must follow the top of what is under it.
        var legal: [[KeptPlace]] = []
        var top = tabs[shown].stack.last
        var modalDepth = 0
        for words in modalWords {
            let modal = places(
                words, in: "modal", isTab: false, after: top?.place, limit: limit - modalDepth, by: navigator,
                problems: &problems)
            modalDepth += modal.count
            guard let first = modal.first, let under = top else { break }
            guard navigator.canFollow(first.place, after: under.place) else {
                problems.append(
                    .cannotFollow(
                        path: navigator.path(of: first.place) ?? first.place.title,
                        after: navigator.path(of: under.place) ?? under.place.title, stack: "modal"))
                break
            }
            legal.append(modal)
            top = modal.last
        }
        return (NavigationState(tabs: tabs, selected: shown, modals: legal), problems)
    }

    /// The places of a stack's words, as far as each is named by a link and may follow the one
    /// before (a tab's first, as that tab's first screen); each problem is noted, and the stack
    /// ends there.
    private static func places(
        _ words: ArraySlice<String>, in stack: String, isTab: Bool, after under: AnyPlace? = nil, limit: Int,
        by navigator: LinkNavigator, problems: inout [Problem]
    ) -> [KeptPlace] {
        var places: [KeptPlace] = []
        for word in words {
            guard places.count < limit else {
                problems.append(.tooDeep(path: String(word.prefix(80)), limit: limit, stack: stack))
                return places
            }
            let parts = word.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            // The question a place answers, after `!`: no path or query has one.
            let placeAndQuestion = parts[0].split(separator: "!", maxSplits: 1, omittingEmptySubsequences: false)
            let pathAndQuery = placeAndQuestion[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(pathAndQuery[0])
            let found: [AnyPlace]
            switch navigator.placesOrProblem(atPath: path, after: places.last?.place ?? under) {
            case .success(let named) where named.count == 1:
                found = named
            case .success:
                problems.append(.unknownPlace(path: path, stack: stack))
                return places
            case .failure(.invalidParameter(_, _, _, let problem)):
                problems.append(.badParameter(path: path, problem: problem, stack: stack))
                return places
            case .failure:
                problems.append(.unknownPlace(path: String(path.prefix(80)), stack: stack))
                return places
            }
            let place = found[0]
            if let previous = places.last?.place, !navigator.canFollow(place, after: previous) {
                problems.append(.cannotFollow(path: path, after: navigator.path(of: previous) ?? "", stack: stack))
                return places
            }
            if places.isEmpty, isTab, navigator.kind(of: place)?.tab != stack {
                problems.append(.cannotFollow(path: path, after: "the \(stack) tab", stack: stack))
                return places
            }
            var state: String?
            if parts.count == 2 {
                // A kept draft passes the check a typed line passes: no control or bidi
                // character, no longer than a line may be.
                state = LinkQuery.percentDecoded(parts[1]).flatMap { text in
                    text.utf8.count <= stateLimit && !text.unicodeScalars.contains(where: \.isUnsafeForDisplay)
                        ? text : nil
                }
                if state == nil { problems.append(.badState(path: path)) }
            }
            var query = QueryItems()
            if pathAndQuery.count == 2, let kind = navigator.kind(of: place) {
                do { query = try LinkQuery.parse(pathAndQuery[1], for: kind) } catch {
                    problems.append(.badQuery(path: path))
                }
            }
            let question = placeAndQuestion.count == 2 ? Int(placeAndQuestion[1]) : nil
            places.append(KeptPlace(place, query: query, state: state, question: question))
        }
        return places
    }
}
