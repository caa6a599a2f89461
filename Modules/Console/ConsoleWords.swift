import Domain
import LinkMatching
import Navigation

/// The words a user of the console reads for what the core returns as values: a routing error,
/// a link's failure, what opening a link did. The core names what happened; the console decides
/// how to say it, as a UIKit front would word the same values its own way.
@MainActor
struct ConsoleWords<Places: AppPlaces> {
    /// The window in front, for the links, titles and state a failure names; `nil` for words that
    /// name none (a trace's).
    let window: Window<Places>?
    /// What a command is typed after (`ConsoleFront.commandMark`): `:` in the full-screen front.
    var mark = ""

    /// Any error, in words: the core's values worded here, anything else as it describes itself
    /// (a service's errors name the problem and what to do).
    func words(for error: any Error) -> String {
        switch error {
        case let error as RoutingError: words(for: error)
        case let error as LinkError: words(for: error)
        case let error as LinkFailure<Places>: words(for: error)
        case let error as PlaceRule.Broken: words(for: error, naming: false)
        case let error as CommandWordsRefused: words(for: error)
        default: "\(error)"
        }
    }

    /// The words after a command another feature adds, refused: how many it takes, or what a
    /// word should be. A text parameter is one word, as in its link.
    func words(for refused: CommandWordsRefused) -> String {
        let (action, takes, count) = (refused.action, refused.takes, refused.count)
        return switch refused.reason {
        case .count where count == 0: "\(action) takes nothing after it; type just \(mark)\(action)"
        case .count(given: 0): "\(action) needs \(takes) after it, one word" + (count == 1 ? "" : " each")
        case .count(let given): "\(action) takes \(count) word\(count == 1 ? "" : "s") after it, \(takes), not \(given)"
        case .word(_, let problem): "\(problem); type \(mark)\(action) \(takes)"
        }
    }

    func words(for error: RoutingError) -> String {
        switch error {
        case .noOpeningTransition(let screen):
            "\(screen) was not opened through a transition, so there is nothing to reverse; open modules with open(_:of:transition:)"
        case .screenReleased:
            "this module's screen is already released; it was closed before"
        case .cannotCloseRoot(let screen):
            "\(screen) is a root screen, so there is nothing to close or go back to"
        case .windowReleased:
            "the window is gone; nothing can be opened or closed"
        case .tooManyWindows(let limit):
            "\(limit) windows are open, the most a session has; close one first (\(mark)window close)"
        case .lastWindow:
            "this is the last window, so it cannot be closed; type \(mark)quit to end the session"
        case .noSource:
            "there is no screen to open from; open a first screen with a root transition"
        case .notInWindow(let screen):
            "\(screen) is not on screen; it was closed already or never opened"
        case .alreadyInWindow(let screen):
            "\(screen) is on screen already; a screen is shown once at most"
        case .notPushed(let screen):
            "\(screen) is the first screen of its stack, so it cannot be popped"
        case .notPresented(let screen):
            "\(screen) was not presented modally, so it cannot be dismissed"
        case .notOnTop(let screen):
            "\(screen) is not the screen on top, so going back cannot take it"
        case .superseded:
            "a newer navigation started while this screen was loading, so it was cancelled"
        case .stopped:
            "the screen was stopped while it loaded, so nothing opened"
        case .timedOut(let after):
            "the screen did not load within \(after.inWords); try again later"
        case .busy:
            "another screen is still loading, and it goes first; wait for it, or type \(mark)back to stop it"
        case .tooDeep(let limit):
            "the window shows at most \(limit) screens; close one before opening another"
        case .unknownTab(let name, let tabs):
            tabs.isEmpty
                ? "there is no tab \"\(name)\"; this root has no tabs"
                : "there is no tab \"\(name)\"; the tabs are " + tabs.joined(separator: ", ")
        case .invalidTabs(let names, let selected):
            "tabs [\(names.joined(separator: ", "))] selecting \"\(selected)\" cannot make a root: give at least one tab, each with its own non-empty name, and select one of them"
        case .leftOut(let method):
            "this program leaves out \(method); nothing opens it here"
        case .answeredElsewhere(let screen):
            "\(screen) was answered or closed in another App, so it closed here and answered nothing"
        }
    }

    func words(for error: LinkError) -> String {
        switch error {
        case .empty(let scheme):
            "the link is empty; write one like \(scheme)://friends"
        case .tooLong(let bytes, let limit):
            "the link is \(bytes) bytes long; the limit is \(limit)"
        case .nonASCII(let scalar, let offset):
            "the link has the non-ASCII character \(scalar.codeName) at position \(offset); links use plain ASCII"
        case .invisibleCharacter(let scalar, let offset):
            "the link has a space or control character (\(scalar.codeName)) at position \(offset); remove it"
        case .notALink(let text, let scheme):
            "\"\(text.count > 40 ? text.prefix(40) + "..." : text)\" is not a link; links start with \(scheme)://"
        case .unknownScheme(let scheme, let expected):
            "unknown scheme \"\(scheme)\"; Waypoint opens \(expected):// links"
        case .percentEncoded:
            "the link has percent-encoding (%); write the characters themselves, a-z, 0-9, \"-\", \".\" and \"_\""
        case .queryOrFragment(let mark):
            mark == "#"
                ? "the link has a \"#\"; links take no fragment (a query after ? names what a screen takes)"
                : "the link has a \"\(mark)\"; this part of a link is a path only"
        case .noPath(let scheme):
            "the link names no screen; add a path, as in \(scheme)://friends"
        case .emptySegment:
            "the link has an empty segment (//); separate segments with one slash"
        case .dotSegment(let segment):
            "the link has a \"\(segment)\" segment; links name screens directly, without . or .."
        case .forbiddenCharacter(let character):
            "the link has \"\(character)\"; segments use a-z, A-Z, 0-9, \"-\", \".\", \"_\" and \"~\" (write handles without @)"
        case .unknownPath(let segment, nil):
            "unknown path \"\(segment)\"" + (patterns.isEmpty ? "" : "; links are " + patterns.joined(separator: ", "))
                + (tabs.isEmpty ? "" : " (the tabs are " + tabs.joined(separator: ", ") + ")")
        case .unknownPath(let segment, let after?):
            "extra segment \"\(segment)\" after \(after)"
                + (patterns.isEmpty ? "" : "; it starts none of " + patterns.joined(separator: ", "))
        case .noContext(let pattern, let after):
            "\(pattern) takes its value from the place before it, and "
                + (after.map { "\($0) has none to give" } ?? "nothing comes before it")
                + "; write it after the place it belongs to"
        case .missingSegment(let pattern, let path):
            "\(path) is missing a segment; write \(pattern)"
        case .invalidParameter(let name, let value, let pattern, let problem):
            "\"\(value)\" is not a valid <\(name)> in \(pattern): \(problem)"
        case .unknownQueryItem(let name, let pattern, let accepted):
            "\(pattern) takes no query item \"\(name)\"; "
                + (accepted.isEmpty ? "it takes none" : "it takes " + accepted.joined(separator: ", "))
        case .repeatedQueryItem(let name):
            "the query names \(name) twice; give it once"
        case .badQueryValue(let name, let value, let expected):
            "\(name)=\(value) is not \(expected)"
        case .queryValueTooLong(let name, let length, let limit):
            "the value of \(name) is \(length) characters long, each combining mark counted; the limit is \(limit)"
        case .unsafeQueryValue(let name, let scalar):
            "the value of \(name) has the control character \(scalar.codeName); remove it"
        case .malformedQuery(let problem):
            "the query is malformed: \(problem); write name=value items joined by &"
        case .insecureLink(let hosts, let scheme):
            "http:// links are not opened; use " + accepted(hosts, scheme)
        case .unknownHost(let host, let hosts, let scheme) where host.isEmpty:
            "the https link names no host; use " + accepted(hosts, scheme)
        case .unknownHost(let host, let hosts, let scheme):
            "\(host) is not Waypoint's host; use " + accepted(hosts, scheme)
        case .authorityExtras(let authority, let hosts):
            "\"\(authority)\" has a user name or a port; write the host alone: "
                + hosts.map { "https://\($0)/..." }.joined(separator: " or ")
        }
    }

    private var tabs: [String] { window?.declarations.tabNames ?? [] }

    /// The app's link patterns, which a path that matches none is told: the table's, not the
    /// error's, so a miss holds no list.
    private var patterns: [String] { window?.declarations.kinds.map { $0.facts.pattern } ?? [] }

    /// The links accepted: "https://waypoint.example/... or waypoint://...".
    private func accepted(_ hosts: [String], _ scheme: String) -> String {
        (hosts.map { "https://\($0)/..." } + ["\(scheme)://..."]).joined(separator: " or ")
    }

    func words(for failure: LinkFailure<Places>) -> String {
        switch failure {
        case .link(let error):
            words(for: error)
        case .cannotFollow(let refusal):
            words(for: refusal)
        case .tooDeep(let count, let limit):
            "the link names \(count) screens; one link opens at most \(limit)"
        case .invalid(let error), .noNewWindow(let error):
            words(for: error)
        case .refused(let link):
            "\(link) is for signed-out users and you are signed in as " + (passer?.name ?? "someone")
                + "; type \(mark)signout first"
        case .unknownTab(let name, let tabs):
            "there is no tab \"\(name)\"; the tabs are " + tabs.joined(separator: ", ")
        case .noTabs:
            "there are no tabs before you sign in"
        case .stepFailed(let step, let reason):
            "could not \(words(for: step)): \(words(for: reason)); stopped at \(shown)"
        }
    }

    /// Why a link's part cannot open where the link puts it, as the rule that refuses it.
    private func words(for refusal: Refusal<Places>) -> String {
        guard let previous = refusal.previous else {
            return "\(refusal.path) cannot be opened from any tab's first screen"
        }
        let head = "\(refusal.path) cannot follow \(previous.link): "
        guard let offered = refusal.offered, let title = refusal.title else {
            return head + "no route opens it from there"
        }
        return head
            + (offered.isEmpty
                ? "\(previous.title) offers no route, so nothing opens \(title) from it"
                : "\(previous.title) offers \(offered.joined(separator: ", ")), and none of them opens \(title)")
    }

    /// Who passed the gate, if anyone.
    private var passer: GatePasser? { window.flatMap { Places.passer(in: $0.environment) } }

    /// What the window shows, by title.
    private var shown: String { window?.state.screens.titles.description ?? "(no window)" }

    /// A step in words, as `explain` lists it and errors name it.
    func words(for planned: PlannedStep<Places>) -> String {
        let asks =
            planned.asking.isEmpty
            ? ""
            : "; asks first, before any step runs: \(planned.asking.map { $0.title }.joined(separator: ", ")) has unsaved work"
        switch planned.step {
        case .replaceRoot(let place):
            return "replace the root with \(place.title)" + asks
        case .selectTab(let name):
            return "switch to the \(name) tab"
        case .close(_, let place):
            let above = planned.above
            return "close \(place.title)"
                + (above == 0 ? "" : " and the \(above == 1 ? "screen" : "\(above) screens") above it") + asks
        case .open(let place, let source):
            return "open \(place.title) from \(source.title)"
        }
    }

    /// `place`'s part of a link.
    private func path(_ place: Places) -> String { place.link.description }

    /// What opening `link` did, when it is worth a line: `nil` when it simply opened.
    func words(for outcome: LinkOutcome, of link: String) -> String? {
        switch outcome {
        case .opened: nil
        case .stayed(let screen): stayed(screen)
        case .alreadyThere: "You are at \(link) already; nothing changed."
        case .notTaken: nil
        case .delivered(let screen):
            "\(screen) was shown already: it took " + (link.split(separator: "?", maxSplits: 1).dropFirst().first ?? "")
                + "."
        case .waitingBehindGate(let replaced):
            "Sign in to open \(link); it opens once you do\(replaced.map { " (instead of \($0))" } ?? ""). Type \(mark)cancel to drop it."
        }
    }

    /// What the user hears when a screen kept its work and nothing changed.
    func stayed(_ screen: String) -> String {
        "Stayed on \(screen); nothing changed."
    }

    /// What opening `text` would do, in rows of words: the patterns matched and their
    /// parameters, the gate, the tab, and the steps; or why it cannot be opened. `from` names
    /// what the window it opens in shows, when that is not the window in front.
    func rows(for explanation: LinkExplanation<Places>, from: String? = nil) -> [(label: String, value: String)] {
        switch explanation.result {
        case .fails(let failure):
            // A rule that refused a place is named: explain says which rule.
            let why =
                if case .invalid(let broken as PlaceRule.Broken) = failure {
                    words(for: broken, naming: true)
                } else {
                    words(for: failure)
                }
            return [("link", explanation.text), ("result", "nothing would happen: \(why)")]
        case .refused(let link):
            let user = passer?.name ?? "someone"
            return rows(for: link) + [
                ("guard", "for signed-out users; signed in as \(user), so it is refused and nothing changes")
            ]
        case .runs(let link, let decision, let steps, let target, let after):
            var rows = rows(for: link)
            let rule = link.access == .guarded ? "needs a signed-in user" : "for signed-out users"
            if decision == .waits {
                rows.append(("guard", "\(rule); signed out, so Login opens and the link waits for sign-in"))
                for place in link.target {
                    for rule in window?.rules(of: place) ?? [] {
                        rows.append(
                            ("rule", "\(rule.name) (\(rule.summary)) for \(place.title): checked once signed in"))
                    }
                }
            } else {
                let who = passer.map { "signed in as \($0.name)" } ?? "signed out"
                rows.append(("guard", "\(rule); \(who), so it passes"))
                // Each rule on data of the places it names: checked, and held (else it would fail).
                for place in link.target {
                    for rule in window?.rules(of: place) ?? [] {
                        rows.append(("rule", "\(rule.name) (\(rule.summary)) holds for \(place.title)"))
                    }
                }
                if let tab = link.tab, let choice = link.tabChoice {
                    rows.append(("tab", "\(tab): \(words(for: choice, first: link.matches.first?.path ?? ""))"))
                }
            }
            rows.append(("from", from ?? shown))
            let delivery = explanation.delivery.map { query in
                "deliver \(query) to \(target.last?.title ?? "the screen")" + (steps.isEmpty ? ", shown already" : "")
            }
            if steps.isEmpty, delivery == nil {
                rows.append(("steps", "none: the window shows it already"))
            } else {
                for (number, step) in steps.enumerated() { rows.append(("step \(number + 1)", words(for: step))) }
                if let delivery { rows.append(("step \(steps.count + 1)", delivery)) }
            }
            rows.append(("to", target.map { $0.title }.joined(separator: ", ")))
            if let after {
                let tab = link.tab.map { ", in the \($0) tab" } ?? ""
                rows.append(("then", "after sign-in\(tab): " + after.map { $0.title }.joined(separator: ", ")))
            }
            return rows
        }
    }

    private func rows(for link: ResolvedLink<Places>) -> [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = [("link", link.text)]
        for match in link.matches {
            let parameters = match.parameters.values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            rows.append(("match", match.pattern + (parameters.isEmpty ? "" : " with " + parameters)))
        }
        for place in link.returnsTo {
            rows.append(("back", "\(path(place)) is named again: back to it instead of a copy (WhenShown.goBack)"))
        }
        return rows
    }

    private func words(for choice: TabChoice, first: String) -> String {
        switch choice {
        case .named: "the link names it"
        case .shown: "the tab shown, whose first screen opens \(first)"
        case .firstThatOpens(let shown):
            "the first tab whose first screen opens \(first)" + (shown.map { "; the tab shown, \($0), cannot" } ?? "")
        }
    }

    // MARK: - Restoration

    /// What keeping where the user was did, in one line.
    func words(for kept: Restoration<Places>.Kept) -> String {
        if case .newerVersion(let found)? = kept.failure as? Restoration<Places>.Failure {
            return "Not kept where you were, \(kept.user): where you were last time was kept by a newer App "
                + "(state version \(found); this one reads up to \(StateText.version)), and it stays as it is in the "
                + "data file for that App; run the newer App to come back to it."
        }
        if let failure = kept.failure { return "Could not keep where you were: \(words(for: failure))" }
        if kept.windows.count > 1 {
            // Each window with what was kept in it: its places, what was left out, its drafts.
            let each = kept.windows.map { window in
                "window \(window.number): \(titles(of: window.places))\(unsaved(window.unsaved))"
            }
            let front = kept.windows[kept.front].number
            return "Kept where you were, \(kept.user), in \(kept.windows.count) windows (\(front) in front): "
                + each.joined(separator: "; ") + ". Sign in again to come back to it."
        }
        return
            "Kept where you were, \(kept.user): \(titles(of: kept.places))\(unsaved(kept.unsaved))."
            + " Sign in again to come back to it."
    }

    /// What restoring did, in lines.
    func lines(for restored: Restoration<Places>.Restored) -> [String] {
        if restored.windows.count > 1 || !restored.leftOutWindows.isEmpty {
            var lines = [
                "Restored where you were when you quit, in \(restored.windows.count) "
                    + (restored.windows.count == 1 ? "window:" : "windows:")
            ]
            for window in restored.windows {
                let reported =
                    window.unread.map { "Left out \(words(for: $0))." }
                    + window.dropped.map { "Dropped \(words(for: $0))." }
                lines.append("  window \(window.window): \(titles(of: window.places))\(unsaved(window.unsaved)).")
                lines += reported.prefix(Self.reportLimit).map { "    " + $0 }
            }
            for left in restored.leftOutWindows {
                if case .tooManyWindows? = left.problems.first {
                    lines.append("  Left out the window kept as window \(left.number)\(words(for: left.problems[0])).")
                    continue
                }
                let why = left.problems.first.map { words(for: $0) } ?? "it could not be opened"
                lines.append("  Left out the window kept as window \(left.number): \(why).")
            }
            lines += restored.unreadSession.map { "  Left out \(words(for: $0))." }
            return lines + restored.undelivered.map(forgotten)
        }
        let reported =
            restored.unread.map { "Left out \(words(for: $0))." }
            + restored.dropped.map { "Dropped \(words(for: $0))." } + restored.undelivered.map(forgotten)
        // However damaged the kept text, the report is a few lines: the first ones, then a count.
        let shown = reported.prefix(Self.reportLimit)
        let more = reported.count - shown.count
        return ["Restored where you were when you quit: \(titles(of: restored.places))\(unsaved(restored.unsaved))."]
            + shown + (more > 0 ? ["And \(more) more left out or dropped."] : [])
    }

    /// An answer kept before the relaunch that its asker, gone, never had.
    private func forgotten(_ answer: KeptAnswer) -> String {
        "Forgot the answer \(answer.text) to \(answer.asker) (\(answer.action)): that screen did not come back."
    }

    /// The most lines a restoration's report shows before it counts the rest.
    static var reportLimit: Int { 5 }

    /// What reading a kept state could not use, in words.
    func words(for problem: StateText.Problem) -> String {
        switch problem {
        case .newerVersion(let found): "state version \(found), newer than this App reads (\(StateText.version))"
        case .unreadableLine(let line): "a line that is no part of a kept state (\"\(line)\")"
        case .unknownPlace(let path, let stack):
            "\(path) and what followed it in \(stackName(stack)): no link names it now"
        case .badParameter(let path, let problem, let stack):
            "\(path) and what followed it in \(stackName(stack)): \(problem)"
        case .cannotFollow(let path, let after, let stack):
            "\(path) and what followed it in \(stackName(stack)): "
                + (after.map { "it cannot open from \($0) now" } ?? "it cannot begin \(stackName(stack)) now")
        case .badQuery(let path): "the query items kept with \(path): they no longer read"
        case .tooDeep(let path, let limit, let stack):
            "\(path) and what followed it in \(stackName(stack)): the window shows at most \(limit) screens"
        case .badState(let path):
            "the unsaved work kept with \(path): it could not be read, or is not what a typed line may be (a control or bidi character, or too long)"
        case .noSelection: "the tab you were on: it was not kept, so the first tab is shown"
        case .noTabs: "the tabs: none was kept"
        case .tooManyWindows(let limit, let more):
            (more > 0 ? " and the \(more) after it" : "") + ": a session has at most \(limit) windows"
        case .noFront(let number, let windows):
            "the window in front: the kept state names window \(number) of \(windows), so the first is in front"
        }
    }

    /// "the friends tab", "a modal", or "the root stack" (before sign-in, when there is no tab).
    private func stackName(_ stack: String) -> String {
        switch stack {
        case "modal": "a modal"
        case "root": "the root stack"
        default: "the \(stack) tab"
        }
    }

    private func words(for dropped: Restoration<Places>.Dropped) -> String {
        let places = dropped.places.map { $0.title }.joined(separator: " > ")
        return switch dropped.reason {
        case .rule(let error): "\(places): \(words(for: error))"
        case .noTab(let tab): "the \(tab) tab: the app has no such tab now"
        case .failed(let failure): "part of the \(dropped.tab) tab: \(words(for: failure))"
        case .namedAgain:
            "\(places): the kept state named a place again, and, as a link does, it came back once, without what followed it"
        case .answeredElsewhere: "\(places): it was answered or closed in another App"
        }
    }

    /// ", with your unsaved work on Edit bio", for the places that keep state; empty for none.
    private func unsaved(_ places: [Places]) -> String {
        places.isEmpty ? "" : ", with your unsaved work on " + places.map { $0.title }.joined(separator: ", ")
    }

    /// What the user sees in `state`, by place title: `Friends > Chat @bob > [Profile @carol]`.
    func titles(of state: NavigationState<Places>) -> String {
        NavigationState(
            tabs: state.tabs.map { .init(name: $0.name, stack: $0.stack.map { $0.title }) }, selected: state.selected,
            modals: state.modals.map { $0.map { $0.title } }
        ).description
    }
}

extension Duration {
    /// "3 seconds", "300 ms".
    var inWords: String {
        let milliseconds = Int(self / .milliseconds(1))
        guard milliseconds % 1000 == 0 else { return "\(milliseconds) ms" }
        return milliseconds == 1000 ? "1 second" : "\(milliseconds / 1000) seconds"
    }
}
