import LinkMatching

/// A place as a window's state records it: the place, the query items its screen shows (a mark,
/// a filter), the state its module keeps beyond it (a draft), and the record of the question it
/// answers (a picker's), if any.
public struct Recorded<Places: AppPlaces>: Hashable, Sendable {
    public var place: Places
    public var query: QueryItems
    public var state: String?
    public var question: Int?

    public init(_ place: Places, query: QueryItems = QueryItems(), state: String? = nil, question: Int? = nil) {
        self.place = place
        self.query = query
        self.state = state
        self.question = question
    }
}

/// The one encoding of what a window shows, which kept state, events, `--replay` and restoration
/// all write and read: a version line, the tab shown, then one line a stack, each place written as
/// its link writes it (a stable key its feature declares, never a type's name), then `?` and the
/// query items its screen shows, `!` and the record of the question it answers, `#` and the state
/// its module keeps, percent-encoded.
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
/// A root of one stack (the gate, before sign-in) is one `root` line. Reading is the writing's
/// inverse, and total: whatever the text, it gives the longest legal beginning of each stack (every
/// place read back by an offer of the place before it, as a link is) and a typed report of what it
/// dropped and why; a reader that must show the file as it is (`--replay`) refuses it at the first.
/// It is text, not JSON, so an app need not load Foundation to read it at start.
public enum StateText {
    /// The newest version this app reads: 3, a session of several windows; one window is
    /// written as version 2, which older apps read.
    public static let version = 3
    static let windowVersion = 2
    static let header = "waypoint-state"
    /// The most bytes the state kept with a place (a draft) may have: as many as a typed line.
    static let stateLimit = 4_096

    /// What reading found it could not use; the rest is read all the same.
    public enum Problem: Hashable, Sendable {
        /// The text was written by a newer app, in a version this one cannot read: nothing is read.
        case newerVersion(Int)
        /// A line that is none of `selected`, `root`, `tab` and `modal`, or is malformed: skipped.
        case unreadableLine(String)
        /// No link names the place any more (`path`): it and what follows it in its stack are
        /// dropped. `stack` is the tab's name, `root`, or `modal`.
        case unknownPlace(path: String, stack: String)
        /// The place's parameter no longer reads (`problem`): it and what follows are dropped.
        case badParameter(path: String, problem: String, stack: String)
        /// The place can no longer follow the one before it (`after`, its path), or begin its
        /// stack (`after` is `nil`): it and what follows are dropped.
        case cannotFollow(path: String, after: String?, stack: String)
        /// The state kept with a place (a draft) cannot be decoded: the place stays, without it.
        case badState(path: String)
        /// The query items kept with a place no longer read: the place stays, without them.
        case badQuery(path: String)
        /// The stack is deeper than a window shows (`limit` screens): the place at `path` and
        /// what follows are dropped.
        case tooDeep(path: String, limit: Int, stack: String)
        /// The tab shown is missing or names no tab: the first tab is shown.
        case noSelection
        /// No stack could be read: there is nothing to show.
        case noTabs
        /// The window in front names none of the windows kept (`number` of `windows`, counted
        /// from 1): the first is in front.
        case noFront(number: Int, windows: Int)
        /// The session already has `limit` windows: this one and the `more` after it are left out.
        case tooManyWindows(limit: Int, more: Int)
    }

    /// Whether `character` ends a line: LF, CRLF ("\r\n" is one `Character`) or CR.
    static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// The lines of `text` as they are read: without the spaces at their end, the empty ones
    /// (and those of spaces alone) left out.
    static func lines(of text: String) -> [Substring] {
        text.split(whereSeparator: isLineEnd).map(\.trimmingSpacesAtEnd).filter { !$0.isEmpty }
    }

    /// The version `text` says it was written in, when it is newer than this app reads: such a
    /// text is left as it is, for that app.
    static func newerVersion(of text: String) -> Int? {
        lines(of: text).first.flatMap(newerVersion(inLine:))
    }

    /// The version the line `line`, a text's first, names, when it is newer than this app reads.
    private static func newerVersion(inLine line: Substring) -> Int? {
        guard line.hasPrefix(header + " "), let found = Int(line.dropFirst(header.count + 1)), found > version
        else { return nil }
        return found
    }

    /// `state` as text.
    @MainActor
    public static func text<Places>(of state: NavigationState<Recorded<Places>>) -> String {
        func words(_ stack: [Recorded<Places>]) -> String {
            stack.map { recorded in
                recorded.place.link.description
                    + (recorded.query.isEmpty ? "" : "?" + LinkQuery.text(of: recorded.query))
                    + (recorded.question.map { "!" + String($0) } ?? "")
                    + (recorded.state.map { "#" + LinkQuery.percentEncoded($0) } ?? "")
            }.joined(separator: " ")
        }
        var lines = ["\(header) \(windowVersion)", "selected \(state.selected)"]
        lines += state.tabs.map { $0.name.isEmpty ? "root " + words($0.stack) : "tab \($0.name) " + words($0.stack) }
        lines += state.modals.filter { !$0.isEmpty }.map { "modal " + words($0) }
        return lines.joined(separator: "\n")
    }

    /// Reads `text`, each place as `declarations` read it: the longest legal beginning of each
    /// stack, and what was dropped and why.
    /// - Returns: the state (`nil` when no stack could be read, or the version is newer), and the
    ///   problems, in the order they were met.
    @MainActor
    public static func read<Places>(_ text: String, by declarations: Declarations<Places>, limit: Int) -> (
        state: NavigationState<Recorded<Places>>?, problems: [Problem]
    ) {
        var problems: [Problem] = []
        var lines = Self.lines(of: text)[...]
        if let first = lines.first, first.hasPrefix(header + " ") {
            lines = lines.dropFirst()
            if let newer = newerVersion(inLine: first) { return (nil, [.newerVersion(newer)]) }
            guard let found = Int(first.dropFirst(header.count + 1)), found >= 1 else {
                return (nil, [.unreadableLine(String(first.prefix(80)))])
            }
        }
        var reader = Reader(declarations: declarations, limit: limit)
        var selected: Int?
        var tabs: [NavigationState<Recorded<Places>>.Tab] = []
        var modalWords: [ArraySlice<Substring>] = []
        for line in lines {
            let words = line.split(separator: " ")
            switch words.first {
            case "selected" where words.count == 2 && selected == nil && Int(words[1]) != nil:
                selected = Int(words[1])
            case "tab" where words.count >= 3 && !tabs.contains { $0.name == words[1] } && tabs.first?.name != "":
                let stack = reader.stack(words.dropFirst(2), in: String(words[1]), after: nil, problems: &problems)
                if !stack.isEmpty { tabs.append(.init(name: String(words[1]), stack: stack)) }
            case "root" where words.count >= 2 && tabs.isEmpty:
                let stack = reader.stack(words.dropFirst(), in: "root", after: nil, problems: &problems)
                if !stack.isEmpty { tabs.append(.init(name: "", stack: stack)) }
            case "modal" where words.count >= 2:
                // Read once the tab shown is known: a modal's first place follows what is under it.
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
        var modals: [[Recorded<Places>]] = []
        var top = tabs[shown].stack.last?.place
        reader.depth = tabs[shown].stack.count
        for words in modalWords {
            let modal = reader.stack(words, in: "modal", after: top, problems: &problems)
            guard !modal.isEmpty else { break }
            modals.append(modal)
            top = modal.last?.place
        }
        return (NavigationState(tabs: tabs, selected: shown, modals: modals), problems)
    }

    /// Reads stacks' words, each place as the links read it.
    @MainActor
    private struct Reader<Places: AppPlaces> {
        let declarations: Declarations<Places>
        let limit: Int
        /// How many screens the stacks read so far show: modals count on the tab shown.
        var depth = 0

        /// The places of a stack's words, as far as each is named by a link and may follow the
        /// one before (a tab's first is that tab's first place; a modal's first follows `under`).
        mutating func stack(
            _ words: ArraySlice<Substring>, in stack: String, after under: Places?, problems: inout [Problem]
        ) -> [Recorded<Places>] {
            var places: [Recorded<Places>] = []
            let isModal = stack == "modal"
            if !isModal { depth = 0 }
            for word in words {
                let parts = word.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let placePart = parts[0].split(separator: "!", maxSplits: 1, omittingEmptySubsequences: false)
                let pathAndQuery = placePart[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(pathAndQuery[0].prefix(200))
                guard depth < limit else {
                    problems.append(.tooDeep(path: path, limit: limit, stack: stack))
                    return places
                }
                let previous = places.last?.place ?? under
                guard
                    let place = self.place(path, after: previous, in: stack, first: places.isEmpty, problems: &problems)
                else { return places }
                var recorded = Recorded(place)
                if parts.count == 2 {
                    // A kept draft passes the check a typed line passes: no control or bidi
                    // character, no longer than a line may be.
                    recorded.state = LinkQuery.percentDecoded(parts[1]).flatMap { text in
                        text.utf8.count <= stateLimit && !text.unicodeScalars.contains(where: \.isUnsafeForDisplay)
                            ? text : nil
                    }
                    if recorded.state == nil { problems.append(.badState(path: path)) }
                }
                if pathAndQuery.count == 2, let kind = declarations.kind(of: place) {
                    do { recorded.query = try LinkQuery.parse(pathAndQuery[1], for: kind.facts) } catch {
                        problems.append(.badQuery(path: path))
                    }
                }
                if placePart.count == 2 { recorded.question = Int(placePart[1]) }
                places.append(recorded)
                depth += 1
            }
            return places
        }

        /// The place `path` names after `previous`, or nothing, with the problem noted.
        private func place(
            _ path: String, after previous: Places?, in stack: String, first: Bool, problems: inout [Problem]
        ) -> Places? {
            let matches: LinkMatches
            do throws(LinkError) {
                guard let table = declarations.table else { throw .noPath(scheme: declarations.scheme) }
                matches = try table.resolve("\(declarations.scheme)://\(path)")
            } catch {
                if case .invalidParameter(_, _, _, let problem) = error {
                    problems.append(.badParameter(path: path, problem: problem, stack: stack))
                } else {
                    problems.append(.unknownPlace(path: path, stack: stack))
                }
                return nil
            }
            guard matches.count == 1 else {
                problems.append(.unknownPlace(path: path, stack: stack))
                return nil
            }
            let kind = declarations.kinds[matches[0].route]
            // A tab's first is that tab's first place; the root's first is the gate's, or a tab's.
            if first, stack != "modal" {
                let named = stack == "root" ? kind.role != .opened : kind.facts.link.path == stack
                guard kind.role != .opened, named else {
                    problems.append(.cannotFollow(path: path, after: nil, stack: stack))
                    return nil
                }
                return declarations.samples[matches[0].route]
            }
            let link = kind.facts.link
            guard let previous,
                let place = declarations.follow(
                    matches[0].route, link.types.map { matches[0].parameters[$0.name] }, after: previous, of: nil)?
                    .place
            else {
                problems.append(.cannotFollow(path: path, after: previous?.link.description, stack: stack))
                return nil
            }
            return place
        }
    }
}

extension Window {
    /// What the window shows, each place with what its screen shows of its own, the state its
    /// module keeps, and the question it answers: what the one encoding writes.
    public var recorded: NavigationState<Recorded<Places>> {
        let open = questions.open
        return state.placed { entry, place in
            Recorded(
                place, query: entry.screen.queryItems, state: state.screens.restorer(of: entry.screen)?.restorableState,
                question: open.first { $0.answerer === entry.screen }?.record)
        }
    }
}
