/// Matching a link on the tree: read its path once, split it into segments, walk the tree on
/// them in place, and make a match's parameters only for the route that won.
extension RouteTree {
    /// The matches of the path of `text`, left to right.
    ///
    /// It matches on the link's bytes in place: a segment becomes a `String` only as a
    /// parameter's value, and a miss is diagnosed by walking the same tree. Every part's route is
    /// found before any match is made, so a path that fails makes none; its error is the one
    /// matching and checking part after part would meet first (a bad parameter in a part before
    /// the one that fails is named, not the failure).
    /// - Throws: `LinkError` for a malformed link or a path the table does not match.
    func matches(in text: String) throws(LinkError) -> LinkMatches {
        // A native string's bytes are read where they are: no copy of the string to retain.
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(LinkError) in try matches(bytes, text) }
        }
        if let result { return try result.get() }
        var copy = text
        return try copy.withUTF8 { bytes in Result { () throws(LinkError) in try matches(bytes, text) } }.get()
    }

    /// `matches(in:)` on the link's bytes: the path is read once and split into segments,
    /// then walked on the tree, which is read in place for the whole link.
    private func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) throws(LinkError) -> LinkMatches {
        // Where each segment starts, and where one would after the last: segment `i` is
        // `starts[i]..<starts[i + 1] - 1`. A segment is a byte at least, so a link has at most
        // half its length, rounded up, of them.
        let capacity = min(bytes.count, Link.maximumLength) / 2 + 2
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { starts throws(LinkError) in
            var count = 0
            // A link of the usual shape is read once, its segments noted as they are met; any
            // other is read again by the pass that names what is wrong with it (`Link.scan`).
            let plain = schemeBytes.withUnsafeBufferPointer { scheme in
                Link.plainPath(bytes, scheme: scheme, schemeWord: schemeWord) { start in
                    starts[count] = start
                    count += 1
                }
            }
            let path: Range<Int>
            if let plain {
                path = plain
            } else {
                path = try schemeBytes.withUnsafeBufferPointer { scheme throws(LinkError) in
                    try Link.fullScan(bytes, in: text, scheme: scheme)
                }
                count = 1
                starts[0] = path.lowerBound
                for index in path where bytes[index] == UInt8(ascii: "/") {
                    starts[count] = index + 1
                    count += 1
                }
            }
            starts[count] = path.upperBound + 1
            return try nodes.withUnsafeBufferPointer { nodes throws(LinkError) in
                try constants.withLookup { constants throws(LinkError) in
                    let walk = Walk(
                        bytes: bytes, starts: UnsafeBufferPointer(starts), count: count, nodes: nodes,
                        constants: constants)
                    return try match(walk, text)
                }
            }
        }
    }

    /// The matches of the link `walk` reads, part after part.
    private func match(_ walk: Walk, _ text: String) throws(LinkError) -> LinkMatches {
        guard let first = walk.search(node: 0, from: 0) else { throw diagnose(walk, text, at: 0, after: nil) }
        // The usual link: one destination.
        if first.next == walk.count {
            return LinkMatches(head: try match(first.route, walk, from: 0))
        }
        // Each part's route and the segment the part after it starts at; a part is a segment
        // at least, so a path has at most as many parts as segments.
        return try withUnsafeTemporaryAllocation(of: (route: Int, next: Int).self, capacity: walk.count) {
            parts throws(LinkError) in
            parts[0] = first
            var count = 1
            var start = first.next
            while start < walk.count, let part = walk.search(node: 0, from: start) {
                parts[count] = part
                count += 1
                start = part.next
            }
            guard start == walk.count else {
                // A part before the one that fails is only checked: its bad parameter is the
                // error to name first.
                var previous: Range<Int>?
                start = 0
                for (route, next) in parts[..<count] {
                    try checkParameters(of: route, walk, from: start)
                    previous = start..<next
                    start = next
                }
                throw diagnose(walk, text, at: start, after: previous)
            }
            let head = try match(first.route, walk, from: 0)
            var tail: [LinkMatch] = []
            tail.reserveCapacity(count - 1)
            start = first.next
            for (route, next) in parts[1..<count] {
                tail.append(try match(route, walk, from: start))
                start = next
            }
            return LinkMatches(head: head, tail: tail)
        }
    }

    /// The match of `route` on the part of `walk` that starts at segment `start`, its parameters
    /// checked.
    private func match(_ route: Int, _ walk: Walk, from start: Int) throws(LinkError) -> LinkMatch {
        LinkMatch(route: route, parameters: try parameters(of: route, walk, from: start))
    }

    /// The parameters of `route` for the part of `walk` that starts at segment `start`, each
    /// checked.
    private func parameters(of route: Int, _ walk: Walk, from start: Int) throws(LinkError) -> LinkParameters {
        let checks = firstParameter[route]..<firstParameter[route + 1]
        var (first, second, more) = ("", "", [String]?.none)
        for check in checks {
            let value = try checkedValue(check, of: route, walk, from: start)
            switch check - checks.lowerBound {
            case 0: first = value
            case 1: second = value
            default: more = (more ?? []) + [value]
            }
        }
        return LinkParameters(
            route: routeNames[route], first: first, second: second, more: more)
    }

    /// Checks the parameters of `route` for the part of `walk` that starts at segment `start`:
    /// a part before one that fails is only checked, as its bad parameter is the error to name
    /// first.
    private func checkParameters(of route: Int, _ walk: Walk, from start: Int) throws(LinkError) {
        for check in firstParameter[route]..<firstParameter[route + 1] {
            _ = try checkedValue(check, of: route, walk, from: start)
        }
    }

    /// The value of the parameter `check` of `route`, for the part of `walk` that starts at
    /// segment `start`, once its type has passed it.
    private func checkedValue(_ check: Int, of route: Int, _ walk: Walk, from start: Int) throws(LinkError) -> String {
        let segment = start + parameters[check].index
        let value = String(decoding: walk.bytes[walk.span(segment..<segment + 1)], as: UTF8.self)
        if let problem = parameters[check].type.problem(value) {
            throw .invalidParameter(
                name: parameters[check].name, value: value, pattern: patterns[route].text, problem: problem)
        }
        return value
    }

    /// A link being matched: its bytes, where its segments start, and the tree, all read in place.
    private struct Walk {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where each segment starts, and where one would after the last.
        let starts: UnsafeBufferPointer<Int>
        /// How many segments the path has.
        let count: Int
        let nodes: UnsafeBufferPointer<Node>
        let constants: ConstantTable.Lookup

        /// Where the segments `segments` are in `bytes`, without the slash after them.
        func span(_ segments: Range<Int>) -> Range<Int> {
            starts[segments.lowerBound]..<starts[segments.upperBound] - 1
        }

        /// Where segment `segment` leads from `node` as one of its constants, if it is one: the
        /// node's filter first, then the table.
        func constant(after node: Int, at segment: Int) -> Int? {
            let span = span(segment..<segment + 1)
            guard nodes[node].mayHave(bytes, span) else { return nil }
            return lookUp(span, after: node)
        }

        /// The look-up `constant(after:at:)` makes once the filter lets a segment through: kept
        /// apart, so the filter, which turns most segments a parameter takes away, is small enough
        /// to be inlined where the walk asks.
        private func lookUp(_ span: Range<Int>, after node: Int) -> Int? {
            constants.next(after: node, for: bytes, span)
        }

        /// The best route matching from segment `first` in the subtree at `root`, and the
        /// segment after it: at each node its constant first, then its parameter, then a route
        /// ending there (longest wins). A depth-first search, written as a loop: it goes down as
        /// far as the segments lead, and only a walk that ends where no route does goes back up,
        /// by each node's parent, to the last parameter it passed over.
        func search(node root: Int, from first: Int) -> (route: Int, next: Int)? {
            var node = root
            var segment = first
            while true {
                if segment < count {
                    if let next = constant(after: node, at: segment) ?? nodes[node].parameter {
                        node = next
                        segment += 1
                        continue
                    }
                }
                if let route = nodes[node].route { return (route, segment) }
                // Up, until a node whose parameter is still to try, or whose route ends the match.
                while true {
                    guard node != root else { return nil }
                    let child = node
                    node = Int(nodes[child].parent)
                    segment -= 1
                    if let next = nodes[node].parameter, next != child {
                        node = next
                        segment += 1
                        break
                    }
                    if let route = nodes[node].route { return (route, segment) }
                }
            }
        }

        /// The first route, in table order, whose pattern fits every segment from `segment` on,
        /// from `node`, and goes on beyond them.
        func longer(node: Int, from segment: Int) -> Int? {
            guard segment < count else { return nodes[node].longer }
            var first: Int?
            if let next = constant(after: node, at: segment) {
                first = longer(node: next, from: segment + 1)
            }
            if let next = nodes[node].parameter, let found = longer(node: next, from: segment + 1) {
                first = min(first ?? found, found)
            }
            return first
        }
    }

    /// Why nothing matches at segment `start`: the path ends inside a pattern (the first such
    /// pattern, in table order, is named), or no pattern starts there. It walks the tree, as a
    /// match does, so a miss costs about what a hit does; its parts of the link are copied when
    /// short, and it lists no patterns (the table has them), so it holds no reference.
    private func diagnose(_ walk: Walk, _ text: String, at start: Int, after previous: Range<Int>?) -> LinkError {
        if let route = walk.longer(node: 0, from: start) {
            return .missingSegment(
                pattern: patternLinks[route], path: written(walk.bytes, path: walk.span(0..<walk.count), in: text))
        }
        return .unknownPath(
            segment: LinkPart(walk.span(start..<start + 1), of: { text }, in: walk.bytes),
            after: previous.map { LinkPart(walk.span($0), of: { text }, in: walk.bytes) })
    }

    /// The link as far as its path goes, with the scheme as the table writes it: `text` itself
    /// when it is already that (the usual case), so a miss makes no string for it.
    private func written(_ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, in text: String) -> String {
        let scheme = self.scheme.utf8
        if path.lowerBound == scheme.count + 3, path.upperBound == bytes.count,
            bytes.prefix(scheme.count).elementsEqual(scheme)
        {
            return text
        }
        return "\(self.scheme)://" + String(decoding: bytes[path], as: UTF8.self)
    }
}
