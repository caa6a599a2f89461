import LinkMatching

// What the walk finds wrong with a composition (`Declarations.problems`), one line a problem
// naming the feature and the fix: App does not start then.
extension Declarations {
    /// Each word once on a screen, and none a front takes on every screen: of two `edit`s (a
    /// feature's command on a screen that offers its own), one could never run.
    /// - Returns: the offers other features add to `place`'s screen (`contributed`).
    func checkWords(
        _ own: [Offer<Places>], _ contributed: [Contribution<Places>], at place: Places, pattern: String,
        feature: String
    ) -> [Offer<Places>] {
        let everywhere = "a word the front takes on every screen"
        var taken: Set<String> = []
        taken.reserveCapacity(own.count + contributed.count)
        for offer in own where reserved.contains(offer.action) || !taken.insert(offer.action).inserted {
            let word = reserved.contains(offer.action) ? "\(offer.action), \(everywhere)" : "\(offer.action) twice"
            problems.append("\(feature): the screen of \(pattern) offers \(word); give the action another word")
        }
        guard !contributed.isEmpty else { return [] }
        var added: [Offer<Places>] = []
        let link = place.link
        for contribution in contributed {
            guard let offer = contribution.offer(link) else { continue }
            added.append(offer)
            guard reserved.contains(offer.action) || !taken.insert(offer.action).inserted else { continue }
            let taker = reserved.contains(offer.action) ? everywhere : "one that screen offers already"
            problems.append(
                "\(contribution.feature): its command \(offer.action) on \(pattern) is \(taker); give it another word "
                    + "(the scaffold names it after the feature)")
        }
        return added
    }

    /// A pattern declared by one feature: of two, one could never be reached.
    func checkDeclaredOnce(_ facts: PlaceKindFacts, by feature: String, as known: Int) {
        guard kinds[known].feature != feature else { return }
        problems.append(
            "\(feature): \(facts.pattern) is declared by \(kinds[known].feature) too; give one a path of its own")
    }

    /// Each query item of a kind declared once.
    func checkQuery(of facts: PlaceKindFacts, feature: String) {
        var names: Set<String> = []
        for item in facts.query where !names.insert(item.name).inserted {
            problems.append(
                "\(feature): the query item \(item.name) is declared twice for \(facts.pattern); declare it once")
        }
    }

    /// A place an offer opens must print a link that the same offer reads back as that place: a
    /// link `where` prints always opens. An offer that takes no argument reads its one place from
    /// any link: only the link's grammar is checked then.
    func checkRoundTrip(_ place: Places, by offer: Offer<Places>, from pattern: String, feature: String) {
        let link = place.link
        guard (try? Link(parsing: "\(scheme)://\(link)", scheme: scheme)) != nil else {
            return problems.append(
                "\(feature): \(place.title) prints the link \(link), which the link grammar refuses; use letters, "
                    + "digits, -, ., _ and ~ in its path and parameters")
        }
        if !offer.argument.isEmpty { checkReadBack(place, link, by: offer, from: pattern, feature: feature) }
    }

    /// `offer`, which takes an argument, must read `link` back as `place`; apart, so that an offer
    /// that takes none asks nothing of the types this needs.
    private func checkReadBack(
        _ place: Places, _ link: PlaceLink, by offer: Offer<Places>, from pattern: String, feature: String
    ) {
        let read = offer.route(link.texts.map { Substring($0) })
        guard read?.place != place else { return }
        problems.append(
            "\(feature): the action \(offer.action) of \(pattern) opens \(place.title), whose link \(link) reads back "
                + "as \(read?.place?.title ?? "nothing"); make its parameters print what they read")
    }
}
