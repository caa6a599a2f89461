import LinkMatching

extension Window {
    /// Reads `written` as one of the app's links, purely: its places, each read by an offer of the
    /// place before it (so a link reaches only what commands reach), its tab, its query items.
    /// It reads the declarations and the window's state, and asks no service: the places' checks
    /// run when it opens.
    /// - Parameters:
    ///   - written: `waypoint://chat/bob?message=2`, or `https://` and one of the app's hosts.
    ///   - fromHere: whether the link opens from the screen on top when that screen can open its
    ///     first place (a link in a chat message); else it names a whole state, as any link does.
    /// - Returns: the link as read, its places and the route each is opened by.
    /// - Throws: `LinkFailure` naming the first problem.
    public func resolve(_ written: String, fromHere: Bool = false) throws(LinkFailure<Places>) -> ResolvedLink<Places> {
        let length = written.utf8.count
        guard length <= Link.maximumLength else { throw .link(.tooLong(bytes: length, limit: Link.maximumLength)) }
        let text: String
        do { text = try ownLink(written) } catch { throw .link(error) }
        guard let table = declarations.table else { throw .link(.noPath(scheme: declarations.scheme)) }
        // The query, after the first `?`, belongs to the places; the path is read as ever.
        let question = text.utf8.firstIndex(of: UInt8(ascii: "?"))
        let found: LinkMatches
        do { found = try table.resolve(question.map { String(text[..<$0]) } ?? text) } catch { throw .link(error) }
        let kinds = found.map { declarations.kinds[$0.route] }
        var items = Array(repeating: QueryItems(), count: found.count)
        if let question {
            let rest = text[text.utf8.index(after: question)...]
            if rest.utf8.contains(UInt8(ascii: "#")) { throw .link(.queryOrFragment("#")) }
            do { items = try LinkQuery.parse(rest, for: kinds.map { $0.facts }) } catch { throw .link(error) }
        }
        // Too many screens is said before what may follow what: the link is too long as written.
        let screens = found.count + (kinds[0].role == .opened ? 1 : 0)
        guard fromHere || screens <= maximumDepth else { throw .tooDeep(count: screens, limit: maximumDepth) }
        let state = state.places
        var target: [Places] = []
        // The route and action that open each place of the target, as the link hands them on.
        var opened: [FollowedOffer<Places>?] = []
        var tab: String?
        var choice: TabChoice?
        // The place before the first, when the first is opened from one: the screen on top (a
        // link followed from a screen), a tab's first screen, or the gate (a step of its flow).
        let first = found[0]
        var previousKind: Int? = first.route
        switch kinds[0].role {
        case .gate, .tab:
            target.append(declarations.samples[first.route])
            opened.append(nil)
            if kinds[0].role == .tab { (tab, choice) = (kinds[0].facts.link.path, .named) }
        case .opened:
            if fromHere, let top = state.path.last, let followed = follow(first, after: top, of: nil) {
                (tab, choice) = (state.selectedTab, state.selectedTab == nil ? nil : .shown)
                target = state.path + [followed.place]
                opened = Array(repeating: nil, count: state.path.count) + [followed.offer]
            } else if kinds[0].facts.access == .guarded, !declarations.tabRoots.isEmpty {
                let (name, root, followed, why) = try tabOpening(first, shown: state.selectedTab)
                (tab, choice) = (name, why)
                target = [root, followed.place]
                opened = [nil, followed.offer]
            } else {
                // A step of the gate's flow (sign-up) opens over the gate: Login is implied.
                guard let followed = follow(first, after: Places.gate, of: 0) else {
                    throw refusal(first, after: Places.gate)
                }
                target = [Places.gate, followed.place]
                opened = [nil, followed.offer]
            }
        }
        for match in found.dropFirst() {
            guard let previous = target.last else { break }
            guard let followed = follow(match, after: previous, of: previousKind) else {
                throw refusal(match, after: previous)
            }
            target.append(followed.place)
            opened.append(followed.offer)
            previousKind = match.route
        }
        let limit = maximumDepth
        guard target.count <= limit else { throw .tooDeep(count: target.count, limit: limit) }
        var access = PlaceAccess.unguarded
        for index in 0..<kinds.count where kinds[index].facts.access == .guarded { access = .guarded }
        let (kept, returnsTo) = Self.goingBack(indicesOf: target)
        var query = QueryItems()
        for placeItems in items {
            for name in placeItems.names { query[name] = placeItems[name] }
        }
        // Each part's path written once, for the link's text and its match, which names one of
        // the target's last places (the one before them is implied); by index, as a zip of the
        // matches with the app's places costs more than the writing.
        let placed = min(found.count, target.count)
        let firstPlaced = target.count - placed
        var path = "\(declarations.scheme)://"
        var matches: [ResolvedLink<Places>.Match] = []
        matches.reserveCapacity(placed)
        // Each place the link names, once, and which of them each place of the target is.
        var named: [Places] = []
        var namedAs: [Int?] = Array(repeating: nil, count: target.count)
        for (index, match) in found.enumerated() {
            let written = match.path
            path += index == 0 ? written : "/" + written
            guard index < placed else { continue }
            let place = target[firstPlaced + index]
            matches.append(
                ResolvedLink.Match(
                    pattern: kinds[index].facts.pattern, path: written, parameters: match.parameters, place: place))
            if let known = named.firstPosition(of: place) {
                namedAs[firstPlaced + index] = known
            } else {
                namedAs[firstPlaced + index] = named.count
                named.append(place)
            }
        }
        // The places the user will see, each with its route and check as the link read it: most
        // links name no place twice, and all of the target is shown.
        var (shown, routes, checks) = (target, opened, namedAs)
        if kept.count < target.count {
            (shown, routes, checks) = ([], [], [])
            for index in 0..<kept.count {
                shown.append(target[kept[index]])
                routes.append(opened[kept[index]])
                checks.append(namedAs[kept[index]])
            }
        }
        return ResolvedLink(
            text: query.isEmpty ? path : path + "?" + LinkQuery.text(of: query),
            matches: matches, target: shown, tab: tab, tabChoice: choice, access: access, returnsTo: returnsTo,
            items: items, routes: routes, named: named, checks: checks)
    }

    /// The place `match` names, read by an offer of `previous`'s screen (of the kind at
    /// `previousKind`, when known), with the offer's action and route; `nil` when none opens it.
    func follow(_ match: LinkMatch, after previous: Places, of previousKind: Int?) -> Declarations<Places>.Followed? {
        let link = declarations.kinds[match.route].facts.link
        return declarations.follow(
            match.route, link.types.map { match.parameters[$0.name] }, after: previous, of: previousKind)
    }

    /// The route the screen of `previous` follows to `next`, and its offer's action.
    func route(to next: Places, after previous: Places) -> FollowedOffer<Places>? {
        declarations.route(to: next, after: previous)
    }

    /// Why the place `match` names cannot follow `previous`: what `previous`'s screen offers.
    private func refusal(_ match: LinkMatch, after previous: Places?) -> LinkFailure<Places> {
        let kind = declarations.kinds[match.route]
        let link = kind.facts.link
        let title = declarations.place(link.path, link.types.map { match.parameters[$0.name] })?.title
        let offered = kind.role == .opened ? previous.map(declarations.offered(at:)) ?? [] : nil
        return .cannotFollow(Refusal(path: match.path, title: title, previous: previous, offered: offered))
    }

    /// The tab a guarded link whose first place is opened opens in, when it names none: the tab
    /// shown if its first screen opens it, else the first that does; with the place and why.
    private func tabOpening(_ match: LinkMatch, shown: String?) throws(LinkFailure<Places>) -> (
        String, Places, Declarations<Places>.Followed, TabChoice
    ) {
        let (names, roots) = (declarations.tabNames, declarations.tabRoots)
        func kind(_ tab: Int) -> Int? { declarations.tabKinds[tab] }
        if let shown, let index = names.firstIndex(of: shown),
            let followed = follow(match, after: roots[index], of: kind(index))
        {
            return (shown, roots[index], followed, .shown)
        }
        for index in 0..<roots.count {
            if let followed = follow(match, after: roots[index], of: kind(index)) {
                return (names[index], roots[index], followed, .firstThatOpens(shownCannot: shown))
            }
        }
        throw refusal(match, after: nil)
    }

    /// `text` as a link of the app's scheme, reading an `https://` link of one of its hosts as one.
    /// - Throws: `LinkError` for an `http://` link, another host, user info or a port.
    func ownLink(_ text: String) throws(LinkError) -> String {
        let (scheme, hosts) = (declarations.scheme, declarations.hosts)
        let start = text.prefix(8).lowercased()
        if start.hasPrefix("http://") { throw .insecureLink(hosts: hosts, scheme: scheme) }
        guard start == "https://" else { return text }
        guard !hosts.isEmpty else { throw .unknownScheme("https", expected: scheme) }
        let rest = text.dropFirst(8)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end]
        // An address in brackets (`[::1]`) is a host of its own, not a user name or a port.
        if authority.contains("@") || (authority.contains(":") && !authority.hasPrefix("[")) {
            throw .authorityExtras(String(authority.prefix(60)), hosts: hosts)
        }
        guard hosts.contains(authority.lowercased()) else {
            throw .unknownHost(String(authority.prefix(60)), hosts: hosts, scheme: scheme)
        }
        let path = rest[end...]
        return "\(scheme)://" + (path.first == "/" ? path.dropFirst() : path)
    }

    /// A target with `WhenShown.goBack` applied: a place named again goes back to where it was,
    /// closing what followed. Returns the places shown, and each place gone back to, in order.
    public static func goingBack(_ target: [Places]) -> (shown: [Places], returnsTo: [Places]) {
        let (kept, returnsTo) = goingBack(indicesOf: target)
        return (kept.map { target[$0] }, returnsTo)
    }

    /// `goingBack(_:)`, the places shown given by their indices in `target`.
    static func goingBack(indicesOf target: [Places]) -> (shown: [Int], returnsTo: [Places]) {
        var shown: [Int] = []
        var returnsTo: [Places] = []
        for index in 0..<target.count {
            let place = target[index]
            var at: Int?
            for kept in 0..<shown.count where target[shown[kept]] == place {
                at = kept
                break
            }
            if let at {
                shown.removeSubrange((at + 1)...)
                returnsTo.append(place)
            } else {
                shown.append(index)
            }
        }
        return (shown, returnsTo)
    }

    // MARK: - Printing

    /// The link of `place` alone: `waypoint://profile/carol`.
    public func link(to place: Places) -> String { "\(declarations.scheme)://\(place.link)" }

    /// The link of what the user sees, a tab's name first (`waypoint://chats/chat/bob`); a root
    /// that is no tab is left implied before what follows it. Each item is written for the last
    /// place that declares its name.
    public var currentLink: String {
        let (entries, path) = (state.screens.shownEntries, state.places.path)
        let count = min(entries.count, path.count)
        guard count > 0 else { return "\(declarations.scheme)://" }
        let start = count > 1 && declarations.kind(of: path[0])?.role == .gate ? 1 : 0
        // Each place's link read once, for the path and for the kind whose query items it
        // declares; one pass by index over the shown places and their screens.
        var link = "\(declarations.scheme)://"
        var links: [PlaceLink] = []
        links.reserveCapacity(count - start)
        var items: [QueryItems] = []
        items.reserveCapacity(count - start)
        var anyItems = false
        for index in start..<count {
            let placeLink = path[index].link
            link += index == start ? placeLink.description : "/" + placeLink.description
            links.append(placeLink)
            items.append(entries[index].screen.queryItems)
            anyItems = anyItems || !items[index - start].isEmpty
        }
        // What each screen shows of its own (a mark, a filter) is state too: each item written
        // for the last place that declares its name. Most screens show none.
        guard anyItems else { return link }
        let declared = links.map {
            declarations.index(ofPattern: $0.pattern).map { declarations.kinds[$0].facts.query } ?? []
        }
        var query = QueryItems()
        for offset in 0..<items.count {
            for name in items[offset].names
            where !declared.dropFirst(offset + 1).contains(where: { $0.contains { $0.name == name } }) {
                query[name] = items[offset][name]
            }
        }
        return query.isEmpty ? link : link + "?" + LinkQuery.text(of: query)
    }
}
