import Routing

extension LinkNavigator {
    /// Checks `text` without navigating.
    /// - Parameters:
    ///   - text: the link.
    ///   - fromHere: whether the link opens from the screen on top when that screen can open its
    ///     first place (a link followed from a chat message opens on the chat's stack); else, and
    ///     by default, it names a whole state, as any link does.
    /// - Returns: the link, resolved: its places, tab and gate.
    /// - Throws: `LinkFailure` naming the first problem.
    public func resolve(_ text: String, fromHere: Bool = false) async throws(LinkFailure) -> ResolvedLink {
        let matches = try self.matches(in: text)
        guard let first = matches.first?.place, let firstKind = kind(of: first) else {
            throw .link(.noPath(scheme: scheme))
        }
        var target = matches.map(\.place)
        var tab: String?
        var choice: TabChoice?
        let here = state?.path ?? []
        if case .opened = firstKind.role, fromHere, let top = here.last, canFollow(first, after: top) {
            (tab, choice, target) = (state?.selectedTab, state?.selectedTab == nil ? nil : .shown, here + target)
        } else if let named = firstKind.tab {
            (tab, choice) = (named, .named)
        } else if case .opened = firstKind.role, firstKind.access == .guarded, !tabs.isEmpty {
            guard let found = self.tab(for: first) else { throw .cannotFollow(first, after: nil) }
            (tab, choice) = (found.name, found.choice)
            target.insert(found.root, at: 0)
        } else if case .opened = firstKind.role {
            // A step of the gate's flow (sign-up) opens over the gate: Login is implied.
            guard let gate = gatePlace, canFollow(first, after: gate) else { throw .cannotFollow(first, after: nil) }
            target.insert(gate, at: 0)
        }
        let limit = window?.maximumDepth ?? Window.standardDepthLimit
        guard target.count <= limit else { throw .tooDeep(count: target.count, limit: limit) }
        var access = PlaceKind.Access.unguarded
        for (previous, next) in zip([AnyPlace?.none] + target.map(Optional.some), target) {
            guard let nextKind = kind(of: next) else { throw .cannotFollow(next, after: previous) }
            if nextKind.access == .guarded { access = .guarded }
            if let previous {
                guard canFollow(next, after: previous) else { throw .cannotFollow(next, after: previous) }
            } else if case .opened = nextKind.role {
                throw .cannotFollow(next, after: nil)
            }
        }
        // Every place the link names is checked by its feature's rules, before going back
        // removes any of it: a place that will close again is named all the same. Before the
        // gate is passed, links reveal nothing (which users exist); they are checked again then.
        if gate.isPassed() {
            for place in target {
                do { try await kind(of: place)?.check(place) } catch { throw .invalid(error) }
            }
        }
        let (shown, returnsTo) = Self.goingBack(target)
        return ResolvedLink(
            text: "\(scheme)://" + matches.map(\.path).joined(separator: "/"), matches: matches, target: shown,
            tab: tab, tabChoice: choice, access: access, returnsTo: returnsTo)
    }

    /// The parts of the path of `text`, each with the place it names.
    /// - Throws: `LinkFailure.link` for a link the table does not read.
    private func matches(in text: String) throws(LinkFailure) -> [ResolvedLink.Match] {
        let found: LinkMatches<Int>
        do { found = try table.resolve(text) } catch { throw .link(error) }
        var matches: [ResolvedLink.Match] = []
        matches.reserveCapacity(found.count)
        for match in found {
            let kind = kinds[match.target]
            let parameter = kind.parameterName.map { match.parameters[$0] }
            guard let place = kind.place(parameter: parameter) else {
                // The table checked the parameter already; a kind that still reads no place
                // from it names nothing.
                throw .link(.unknownPath(segment: match.path, after: nil, known: table.patterns.map(\.text)))
            }
            matches.append(
                ResolvedLink.Match(pattern: kind.pattern, path: match.path, parameters: match.parameters, place: place))
        }
        return matches
    }

    /// A target with the rule routes follow (`WhenShown.goBack`) applied: a place named again
    /// goes back to where it was, so what followed it closes, instead of a copy being stacked.
    /// - Returns: the places shown, and each place gone back to, in the order named.
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
