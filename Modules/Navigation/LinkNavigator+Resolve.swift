import LinkMatching

extension LinkNavigator {
    /// Checks `written` without navigating.
    /// - Parameters:
    ///   - written: `waypoint://chat/bob?message=2`, or `https://` and one of the app's hosts.
    ///   - fromHere: whether the link opens from the screen on top when that screen can open its
    ///     first place (a link in a chat message); else it names a whole state, as any link does.
    /// - Returns: the link, resolved: its places, tab and gate.
    /// - Throws: `LinkFailure` naming the first problem.
    public func resolve(_ written: String, fromHere: Bool = false) async throws(LinkFailure) -> ResolvedLink {
        // One byte limit for the whole link, its query included.
        let length = written.utf8.count
        guard length <= Link.maximumLength else { throw .link(.tooLong(bytes: length, limit: Link.maximumLength)) }
        let text: String
        do { text = try ownLink(written) } catch { throw .link(error) }
        // The query, after the first `?`, belongs to the last place; the path is read as ever.
        // `?` is found in the bytes: a search by `Character` costs ten times as much.
        let question = text.utf8.firstIndex(of: UInt8(ascii: "?"))
        let matches: [ResolvedLink.Match]
        do { matches = try self.matches(in: question.map { String(text[..<$0]) } ?? text) } catch { throw .link(error) }
        guard let first = matches.first?.place, let firstKind = kind(of: first), let last = matches.last,
            kind(of: last.place) != nil
        else {
            throw .link(.noPath(scheme: scheme))
        }
        var items = Array(repeating: QueryItems(), count: matches.count)
        if let question {
            let rest = text[text.utf8.index(after: question)...]
            if rest.utf8.contains(UInt8(ascii: "#")) { throw .link(.queryOrFragment("#")) }
            let kinds = matches.compactMap { kind(of: $0.place) }
            do { items = try LinkQuery.parse(rest, for: kinds) } catch { throw .link(error) }
        }
        var target = matches.map(\.place)
        var tab: String?
        var choice: TabChoice?
        // The place before the first, when choosing it checked that the first may follow it.
        var checkedBefore: AnyPlace?
        let here = state?.path ?? []
        if case .opened = firstKind.role, fromHere, let top = here.last, canFollow(first, after: top) {
            (tab, choice, target) = (state?.selectedTab, state?.selectedTab == nil ? nil : .shown, here + target)
            checkedBefore = top
        } else if let named = firstKind.tab {
            (tab, choice) = (named, .named)
        } else if case .opened = firstKind.role, firstKind.access == .guarded, !tabs.isEmpty {
            guard let found = self.tab(for: first) else { throw .cannotFollow(first, after: nil) }
            (tab, choice) = (found.name, found.choice)
            target.insert(found.root, at: 0)
            checkedBefore = found.root
        } else if case .opened = firstKind.role {
            // A step of the gate's flow (sign-up) opens over the gate: Login is implied.
            guard let gate = gatePlace, canFollow(first, after: gate) else { throw .cannotFollow(first, after: nil) }
            target.insert(gate, at: 0)
            checkedBefore = gate
        }
        let limit = window?.maximumDepth ?? Window.standardDepthLimit
        guard target.count <= limit else { throw .tooDeep(count: target.count, limit: limit) }
        var access = PlaceKind.Access.unguarded
        for (previous, next) in zip([AnyPlace?.none] + target.map(Optional.some), target) {
            guard let nextKind = kind(of: next) else { throw .cannotFollow(next, after: previous) }
            if nextKind.access == .guarded { access = .guarded }
            if let previous {
                let isChecked = checkedBefore == previous && next == first
                guard isChecked || canFollow(next, after: previous) else { throw .cannotFollow(next, after: previous) }
            } else if case .opened = nextKind.role {
                throw .cannotFollow(next, after: nil)
            }
        }
        // Every place named is checked by its feature's rules before going back removes any; what
        // a check reads builds the place's screen. Before the gate is passed, links reveal
        // nothing (which users exist): they are checked then.
        var checked: [AnyPlace: any Sendable] = [:]
        if gate.isPassed() {
            for place in target where checked[place] == nil {
                do { checked[place] = try await kind(of: place)?.check(place) } catch { throw .invalid(error) }
            }
        }
        let (shown, returnsTo) = Self.goingBack(target)
        let written = "\(scheme)://" + matches.map(\.path).joined(separator: "/")
        var query = QueryItems()
        for placeItems in items {
            for name in placeItems.names { query[name] = placeItems[name] }
        }
        return ResolvedLink(
            text: query.isEmpty ? written : written + "?" + LinkQuery.text(of: query), matches: matches, target: shown,
            tab: tab, tabChoice: choice, access: access, returnsTo: returnsTo, items: items, checked: checked)
    }

    /// `text` as a link of the app's scheme, reading an `https://` link of one of its hosts as one.
    /// - Throws: `LinkError` for an `http://` link, another host, user info or a port.
    func ownLink(_ text: String) throws(LinkError) -> String {
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
    public static func goingBack(_ target: [AnyPlace]) -> (shown: [AnyPlace], returnsTo: [AnyPlace]) {
        var shown: [AnyPlace] = []
        var returnsTo: [AnyPlace] = []
        for place in target {
            if let index = shown.firstIndex(of: place) {
                shown.removeSubrange((index + 1)...)
                returnsTo.append(place)
            } else {
                shown.append(place)
            }
        }
        return (shown, returnsTo)
    }
}
