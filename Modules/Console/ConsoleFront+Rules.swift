import Navigation

extension ConsoleFront {
    /// Whether the data the rules read changed since they were last checked: looked at after
    /// every line, and only then are they checked (`checkRules()`).
    var rulesMayBreak: Bool { changedDataVersion != nil }

    /// The version of the data the rules read (`dataVersion`), if it is not the one they were
    /// last checked at: read once, as a store may ask its database for it.
    private var changedDataVersion: Int? {
        guard let now = dataVersion?(), now != seenDataVersion else { return nil }
        return now
    }

    /// Checks the rules of every place each window shows again, if the data they read changed
    /// since the last look (`dataVersion`): this App's own change (`unfriend`), or another App's
    /// on the same data file. Each place a rule no longer allows leaves, and one line names it and
    /// the reason.
    /// - Returns: whether a place left.
    @discardableResult
    public func checkRules() async -> Bool {
        guard let now = changedDataVersion else { return false }
        seenDataVersion = now
        var changed = false
        for other in windows.all {
            let breaks = await other.recheckRules()
            let prefix = windows.all.count > 1 ? "Window \(windows.number(of: other) ?? 0): " : ""
            for broken in breaks {
                said.append(.notice(prefix + words.words(for: broken)))
                changed = true
            }
            // A question kept with where the user is, which another App answered meanwhile.
            for place in other.closeAnsweredElsewhere() {
                said.append(
                    .notice(
                        prefix
                            + "Closed \(place.title): it was answered or closed in another App, so nothing is sent from here."
                    ))
                changed = true
            }
            // What each window shows on top follows the data: it loads again (a friends list
            // without the friend who left, a picker without them); told once, as a screen that
            // arrived is. The window in front is drawn again if that changed what it shows.
            if let top = other.state.screens.topScreen {
                let before = other === window && breaks.isEmpty ? top.content : nil
                await top.reappearing()
                if other === window { arrived(top) }
                if let before, top.content != before { changed = true }
            }
        }
        return changed
    }
}

extension ConsoleWords {
    /// What a rule did when it stopped allowing a place, in one line.
    func words(for broken: Window<Places>.RuleBreak) -> String {
        let others = broken.left.dropFirst().map { $0.title }
        let with = others.isEmpty ? "" : " (and \(others.joined(separator: ", ")) above it)"
        let kept =
            broken.kept.isEmpty
            ? ""
            : "; your unsaved work on \(broken.kept.map { $0.title }.joined(separator: ", ")) is kept for when it opens again"
        return "Left \(broken.place.title)\(with): \(words(for: broken.broken, naming: true))\(kept)."
    }

    /// A rule that refused a place, in words: its reason; with `naming`, and the rule's name
    /// (what `explain` and a place that left say; an `error:` line keeps to the reason).
    func words(for broken: PlaceRule.Broken, naming: Bool = false) -> String {
        switch broken {
        case .doesNotHold(let rule, let reason): words(for: reason) + (naming ? " (the \(rule) rule)" : "")
        }
    }
}
