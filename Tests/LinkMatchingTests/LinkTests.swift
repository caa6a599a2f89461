import LinkMatching
import Testing

@Suite("Link parsing")
struct LinkParsingTests {
    @Test("a link splits into its scheme and path; the scheme is case-insensitive, a final slash is dropped")
    func parts() throws {
        #expect(
            try Link(parsing: "waypoint://chat/bob", scheme: "waypoint")
                == Link(scheme: "waypoint", path: ["chat", "bob"]))
        #expect(
            try Link(parsing: "WayPoint://friends/", scheme: "waypoint") == Link(scheme: "waypoint", path: ["friends"]))
        #expect(try Link(parsing: "waypoint://a-b.c_d~e/X9", scheme: "waypoint").path == ["a-b.c_d~e", "X9"])
        #expect(try Link(parsing: "waypoint://chat/bob", scheme: "waypoint").description == "waypoint://chat/bob")
    }

    /// Malformed links, each with the error that names its first problem.
    static let malformedLinks: [(String, LinkError)] = [
        ("", LinkError.empty(scheme: "waypoint")),
        (String(repeating: "a", count: 102_400), .tooLong(bytes: 102_400, limit: 2_048)),
        ("waypoint://chat/b\u{F6}b", .nonASCII(scalar: "\u{F6}", offset: 18)),
        ("waypoint://chat/bob\u{202E}", .nonASCII(scalar: "\u{202E}", offset: 20)),
        ("waypoint://chat/\u{430}lice", .nonASCII(scalar: "\u{430}", offset: 17)),
        ("waypoint://chat/ bob", .invisibleCharacter(scalar: " ", offset: 17)),
        ("waypoint://chat/bob\u{0}", .invisibleCharacter(scalar: "\u{0}", offset: 20)),
        ("chat/bob", .notALink("chat/bob", scheme: "waypoint")),
        ("waypoint:/friends", .notALink("waypoint:/friends", scheme: "waypoint")),
        ("https://example.com/chat/bob", .unknownScheme("https", expected: "waypoint")),
        ("://friends", .unknownScheme("", expected: "waypoint")),
        ("waypoint://chat/%62ob", .percentEncoded),
        ("waypoint://chat%2Fbob", .percentEncoded),
        ("waypoint://chat/bob?x=1", .queryOrFragment("?")),
        ("waypoint://chat/bob#top", .queryOrFragment("#")),
        ("waypoint://", .noPath(scheme: "waypoint")),
        ("waypoint:///", .noPath(scheme: "waypoint")),
        ("waypoint://chat//bob", .emptySegment),
        ("waypoint:///chat", .emptySegment),
        ("waypoint://chat/../login", .dotSegment("..")),
        ("waypoint://./friends", .dotSegment(".")),
        ("waypoint://chat/@bob", .forbiddenCharacter("@")),
        ("waypoint://user:pw@friends", .forbiddenCharacter(":")),
        ("waypoint://chat/..", .dotSegment("..")),
        ("waypoint://chat/./", .dotSegment(".")),
        ("waypoint://chat/bob//", .emptySegment),
        ("waypointx://chat", .unknownScheme("waypointx", expected: "waypoint")),
        ("waypoin://chat", .unknownScheme("waypoin", expected: "waypoint")),
        // Two problems: the first in the grammar's order is named, wherever each is in the link.
        ("waypoint://chat/bob?x=%62", .percentEncoded),
        ("waypoint://chat/@bob/%62", .percentEncoded),
        ("waypoint://chat//bob?x=1", .queryOrFragment("?")),
        ("waypoint://chat/../bob/@", .dotSegment("..")),
    ]

    @Test("a malformed link is refused with the error that names its first problem", arguments: malformedLinks)
    func malformed(text: String, error: LinkError) {
        #expect(throws: error) { try Link(parsing: text, scheme: "waypoint") }
    }

    /// A route table reads a link through the one grammar `Link(parsing:)` reads it with: the
    /// two answer alike on every link.
    @Test("a route table refuses each malformed link with the error Link(parsing:) gives", arguments: malformedLinks)
    func malformedInTable(text: String, error: LinkError) throws {
        let table = try RouteTable(scheme: "waypoint", parameterTypes: [], patterns: ["chat", "friends"])
        #expect(throws: error) { try table.resolve(text) }
    }

    @Test("a route table reads well-formed links as Link(parsing:) does, whatever the scheme")
    func wellFormedInTable() throws {
        let routes = [Row<String>("a-b.c_d~e/<x:any>") { $0["x"] }, Row("friends") { _ in "friends" }]
        let any = LinkParameterType("any") { _ in nil }
        // "x-app" is a plain scheme; "x:app" has a colon of its own before "://". A plain scheme of
        // up to eight bytes is read as one word ("waypoint"), a longer one a byte at a time.
        for scheme in ["x-app", "x:app", "waypoint", "waypoints"] {
            let table = try Routes(scheme: scheme, parameterTypes: [any], rows: routes)
            let mixed = scheme.prefix(1).uppercased() + scheme.dropFirst()
            for other in ["q" + scheme.dropFirst(), scheme.dropLast() + "Q", "\(scheme)s", String(scheme.dropLast())] {
                #expect((try? table.targets("\(other)://friends")) == nil, "\(other)")
            }
            for (text, target) in [
                ("\(scheme)://friends", "friends"), ("\(scheme.uppercased())://friends/", "friends"),
                ("\(mixed)://friends", "friends"),
                ("\(scheme)://a-b.c_d~e/X9", "X9"), ("\(scheme)://a-b.c_d~e/...", "..."),
                ("\(scheme)://a-b.c_d~e/.x/", ".x"),
            ] {
                #expect(try table.targets(text) == [target], "\(text)")
                #expect(try Link(parsing: text, scheme: scheme).scheme == scheme, "\(text)")
            }
        }
    }
}

@Suite("Route table")
struct RouteTableTests {
    enum Place: Hashable, Sendable {
        case home, me
        case profile(String)
        case detail(String)
        case pair(String, String)
    }

    static let digits = LinkParameterType("id") { $0.allSatisfy(\.isNumber) ? nil : "use digits only" }
    static let word = LinkParameterType("user") { $0.allSatisfy(\.isLowercase) ? nil : "use lowercase letters" }

    func table(_ routes: [Row<Place>]) throws(RouteTableError) -> Routes<Place> {
        try Routes(scheme: "app", parameterTypes: [Self.digits, Self.word], rows: routes)
    }

    var standard: Routes<Place> {
        get throws {
            try table([
                Row("home") { _ in .home },
                Row("profile/<user>") { .profile($0["user"]) },
                Row("profile/me") { _ in .me },
                Row("area/<id>/detail") { .detail($0["id"]) },
                Row("pair/<a:id>/<b:id>") { .pair($0["a"], $0["b"]) },
            ])
        }
    }

    @Test("a path matches its pattern, with its parameters by name")
    func parameters() throws {
        let matches = try standard.resolve("app://pair/1/22")
        #expect(try standard.targets(of: matches) == [.pair("1", "22")])
        #expect(matches.first?.parameters == LinkParameters(values: [("a", "1"), ("b", "22")]))
        #expect(matches.first?.pattern.text == "pair/<a:id>/<b:id>")
        #expect(matches.first?.path == "pair/1/22")
    }

    @Test("a constant segment beats a parameter, whatever the order of the rows")
    func constantWins() throws {
        #expect(try standard.targets("app://profile/me") == [.me])
        #expect(try standard.targets("app://profile/bob") == [.profile("bob")])
        let reversed = try table([
            Row("profile/me") { _ in .me }, Row("profile/<user>") { .profile($0["user"]) },
        ])
        #expect(try reversed.targets("app://profile/me") == [.me])
    }

    @Test("a longer pattern beats its prefix; what is left is the next destination")
    func longestAndChained() throws {
        let table = try table([
            Row("area/<id>") { .detail("short " + $0["id"]) },
            Row("area/<id>/detail") { .detail($0["id"]) },
            Row("home") { _ in .home },
        ])
        #expect(try table.targets("app://area/7/detail") == [.detail("7")])
        #expect(try table.targets("app://area/7/home") == [.detail("short 7"), .home])
        #expect(try table.resolve("app://home/area/1/detail/home").map(\.path) == ["home", "area/1/detail", "home"])
    }

    @Test(
        "a path the table does not match names what is wrong",
        arguments: [
            (
                "app://nowhere",
                LinkError.unknownPath(segment: "nowhere", after: nil)
            ),
            (
                "app://home/extra",
                .unknownPath(segment: "extra", after: "home")
            ),
            ("app://profile", .missingSegment(pattern: "app://profile/<user>", path: "app://profile")),
            // The path is the link as the table writes it: a scheme in capitals, a slash at the end.
            ("APP://profile", .missingSegment(pattern: "app://profile/<user>", path: "app://profile")),
            ("app://profile/", .missingSegment(pattern: "app://profile/<user>", path: "app://profile")),
            ("app://area/1", .missingSegment(pattern: "app://area/<id>/detail", path: "app://area/1")),
            ("app://home/pair/1", .missingSegment(pattern: "app://pair/<a:id>/<b:id>", path: "app://home/pair/1")),
            (
                "app://area/x/detail",
                .invalidParameter(name: "id", value: "x", pattern: "area/<id>/detail", problem: "use digits only")
            ),
            (
                "app://profile/Bob",
                .invalidParameter(
                    name: "user", value: "Bob", pattern: "profile/<user>", problem: "use lowercase letters")
            ),
            ("ftp://home", .unknownScheme("ftp", expected: "app")),
        ]
    )
    func noMatch(link: String, error: LinkError) throws {
        let table = try standard
        #expect(throws: error) { try table.resolve(link) }
    }

    @Test(
        "of two patterns a path ends inside, the first in the table is named, whether a word or a parameter leads to it"
    )
    func missingSegmentInTableOrder() throws {
        let form = Row<Place>("item/new/form") { _ in .home }
        let detail = Row<Place>("item/<user>/detail") { _ in .home }
        for (rows, pattern) in [
            ([form, detail], "app://item/new/form"), ([detail, form], "app://item/<user>/detail"),
        ] {
            let table = try table(rows)
            #expect(throws: LinkError.missingSegment(pattern: pattern, path: "app://item/new")) {
                try table.resolve("app://item/new")
            }
        }
    }

    @Test(
        "a table with a duplicate, an ambiguous or an invalid pattern is refused, naming the patterns",
        arguments: [
            (["home", "home"], RouteTableError.duplicate("home")),
            (["profile/<user>", "profile/<name:user>"], .ambiguous("profile/<user>", "profile/<name:user>")),
            (["area/<id>/detail", "area/<user>/detail"], .ambiguous("area/<id>/detail", "area/<user>/detail")),
            (["a//b"], .invalidPattern("a//b", problem: "it has an empty segment")),
            ([""], .invalidPattern("", problem: "it is empty")),
            (["a/x<id>"], .invalidPattern("a/x<id>", problem: "segment \"x<id>\" mixes text and a parameter")),
            (["a/<>"], .invalidPattern("a/<>", problem: "segment \"<>\" is not a parameter like <user>")),
            (
                ["a/<a:b:c>"],
                .invalidPattern(
                    "a/<a:b:c>", problem: "segment \"<a:b:c>\" is not a parameter like <user> or <name:type>")
            ),
            (
                ["a/<id>/<id>"],
                .invalidPattern(
                    "a/<id>/<id>", problem: "two parameters are named <id>; name them apart, as in <from:id>")
            ),
            (["a/<colour>"], .unknownParameterType(pattern: "a/<colour>", type: "colour")),
        ]
    )
    func invalidTable(patterns: [String], error: RouteTableError) {
        #expect(throws: error) { try table(patterns.map { Row($0) { _ in .home } }) }
    }

    @Test("a pattern reads its segments by their bytes: constants, <type> and <name:type>, in order")
    func patternSegments() throws {
        #expect(
            try LinkPattern("area/<from:id>/détail/<user>").segments == [
                .constant("area"), .parameter(name: "from", type: "id"), .constant("détail"),
                .parameter(name: "user", type: "user"),
            ])
        #expect(try LinkPattern("<é>").segments == [.parameter(name: "é", type: "é")])
        let refused: [(String, String)] = [
            ("a/", "it has an empty segment"),
            ("/a", "it has an empty segment"),
            ("a/b:c", "segment \"b:c\" mixes text and a parameter"),
            ("a/<id", "segment \"<id\" is not a parameter like <user>"),
            ("a/<:id>", "segment \"<:id>\" is not a parameter like <user> or <name:type>"),
            ("a/<id:>", "segment \"<id:>\" is not a parameter like <user> or <name:type>"),
            ("a/<i<d>", "segment \"<i<d>\" is not a parameter like <user> or <name:type>"),
            ("a/<n:id>/<n:user>", "two parameters are named <n>; name them apart, as in <from:user>"),
        ]
        for (text, problem) in refused {
            #expect(throws: RouteTableError.invalidPattern(text, problem: problem)) { try LinkPattern(text) }
        }
    }

    @Test("table errors read as one line naming the patterns")
    func tableMessages() {
        #expect(
            RouteTableError.ambiguous("a/<id>", "a/<n:id>").description
                == "the patterns \"a/<id>\" and \"a/<n:id>\" match the same links; change one")
        #expect(RouteTableError.duplicate("home").description == "the pattern \"home\" is in the table twice")
    }

    @Test("three or more parameters keep their order, names and values; equal parameters are equal")
    func manyParameters() throws {
        let table = try table([
            Row("triple/<a:id>/<b:id>/x/<c:id>") { .pair($0["a"] + $0["b"], $0["c"]) },
            Row("home") { _ in .home },
        ])
        let matches = try table.resolve("app://triple/1/22/x/333/home")
        #expect(table.targets(of: matches) == [.pair("122", "333"), .home])
        let parameters = try #require(matches.first?.parameters)
        #expect(parameters.values.map(\.name) == ["a", "b", "c"])
        #expect(parameters.values.map(\.value) == ["1", "22", "333"])
        #expect(parameters == ["a": "1", "b": "22", "c": "333"])
        #expect(parameters != ["a": "1", "b": "22", "c": "334"])
        #expect(parameters != ["a": "1", "b": "22"])
        #expect(Set([parameters, ["a": "1", "b": "22", "c": "333"]]).count == 1)
        #expect(parameters["c"] == "333" && parameters["d"] == "")
        #expect(matches.last?.parameters == [:])
    }

    @Test("a path of several destinations keeps each match, in order")
    func severalMatches() throws {
        let matches = try standard.resolve("app://home/profile/bob/home/area/4/detail/profile/me")
        #expect(matches.count == 5)
        #expect(try standard.targets(of: matches) == [.home, .profile("bob"), .home, .detail("4"), .me])
        #expect(matches.map(\.path) == ["home", "profile/bob", "home", "area/4/detail", "profile/me"])
        #expect(matches[3].pattern.text == "area/<id>/detail" && matches[3].parameters == ["id": "4"])
        #expect(Array(matches.reversed()).first?.route == 2)
    }

    /// Every part's route is found before any match is made; the error is still the first that
    /// reading part after part meets.
    @Test("a path that fails names its first problem, left to right: a bad parameter before an unknown part")
    func firstProblemLeftToRight() throws {
        let table = try standard
        let badParameter = LinkError.invalidParameter(
            name: "id", value: "4x", pattern: "area/<id>/detail", problem: "use digits only")
        #expect(throws: badParameter) { try table.resolve("app://home/area/4x/detail/nowhere") }
        #expect(throws: badParameter) { try table.resolve("app://area/4x/detail/home") }
        #expect(throws: LinkError.unknownPath(segment: "nowhere", after: "area/4/detail")) {
            try table.resolve("app://home/area/4/detail/nowhere/area/4x/detail")
        }
    }

    @Test("an error's parts of the link read, compare and hash as their text, wherever they were cut from")
    func errorParts() throws {
        let table = try standard
        do {
            _ = try table.resolve("app://home/area/4/detail/nowhere")
            Issue.record("the link resolved, but it should miss")
        } catch {
            guard case .unknownPath(let segment, let after?) = error else {
                Issue.record("\(error) names no unknown part after a known one")
                return
            }
            #expect(segment.description == "nowhere")
            #expect(after.description == "area/4/detail")
            #expect(segment == LinkPart("nowhere") && segment == "nowhere" && segment != "nowher")
            #expect(Set([segment, LinkPart("nowhere"), "area"]).count == 2)
            #expect("\(after) then \(segment)" == "area/4/detail then nowhere")
        }
        // A part of up to sixteen bytes is kept in place, a longer one as where it is in the link:
        // each reads, compares and hashes as its text.
        let parts = [("nowhere", "area/4/detail"), ("a-segment-longer-than-sixteen", "area/12345678901234/detail")]
        for (unknown, known) in parts {
            let error = #expect(throws: LinkError.self) { try table.resolve("app://home/\(known)/\(unknown)") }
            guard case .unknownPath(let segment, let after?) = error else {
                Issue.record("\(String(describing: error)) names no unknown part after a known one")
                continue
            }
            #expect("\(after) then \(segment)" == "\(known) then \(unknown)")
            #expect(segment == LinkPart(unknown) && after == LinkPart(known) && segment != after)
            #expect(Set([segment, LinkPart(unknown), after, LinkPart(known)]).count == 2)
        }
        // A link of one segment: the part is the whole path, cut from the link all the same.
        #expect(
            throws: LinkError.unknownPath(segment: LinkPart("nowhere"), after: nil)
        ) {
            try table.resolve("app://nowhere")
        }
    }

    /// The table compares constants a word (eight bytes) at a time: constants that share their
    /// first eight bytes, are one byte longer than a word, or end where the link does, with too
    /// few bytes after them for a whole word, are still told apart.
    @Test("constants alike in their first eight bytes, or at the link's end, are still told apart")
    func constantsByWord() throws {
        let routes: [Row<Place>] = [
            Row("notifications/<id>") { .detail($0["id"]) }, Row("notificationz") { _ in .home },
            Row("abcdefgh") { _ in .me }, Row("abcdefghi/<user>") { .profile($0["user"]) },
            Row("a") { _ in .pair("a", "") }, Row("b/c") { _ in .pair("b", "c") },
        ]
        let table = try table(routes)
        #expect(
            try table.targets("app://notifications/1/notificationz/abcdefgh/abcdefghi/bob") == [
                .detail("1"), .home, .me, .profile("bob"),
            ])
        #expect(try table.targets("app://a") == [.pair("a", "")])
        #expect(try table.targets("app://b/c/a/") == [.pair("b", "c"), .pair("a", "")])
        for (link, segment, after) in [
            ("app://notificationy", "notificationy", nil), ("app://abcdefg", "abcdefg", nil),
            ("app://abcdefgh/abcdefghj", "abcdefghj", "abcdefgh"), ("app://a/c", "c", "a"),
        ] as [(String, String, String?)] {
            #expect(
                throws: LinkError.unknownPath(
                    segment: LinkPart(segment), after: after.map { LinkPart($0) }),
                "\(link)"
            ) {
                try table.resolve(link)
            }
        }
    }

    @Test("a table of 1,000 patterns in four shapes resolves each to its own row")
    func largeTable() throws {
        var routes: [Row<Place>] = []
        for area in 0..<250 {
            routes.append(Row("area\(area)/<id>/detail") { .detail($0["id"]) })
            routes.append(Row("area\(area)/<id>") { .profile($0["id"]) })
            routes.append(Row("area\(area)/list") { _ in .home })
            routes.append(Row("area\(area)/<a:id>/pair/<b:id>") { .pair($0["a"], $0["b"]) })
        }
        let table = try table(routes)
        #expect(table.patterns.count == 1_000)
        #expect(try table.targets("app://area249/42/detail") == [.detail("42")])
        #expect(try table.targets("app://area0/7") == [.profile("7")])
        #expect(try table.targets("app://area17/list") == [.home])
        #expect(try table.targets("app://area3/1/pair/2") == [.pair("1", "2")])
    }
}

/// A row of a test's table: a pattern, and what a match of it means to the test, kept beside the
/// table in the same order, as an app keeps what each route means.
struct Row<Target> {
    let pattern: String
    let target: (LinkParameters) -> Target

    init(_ pattern: String, target: @escaping (LinkParameters) -> Target) {
        self.pattern = pattern
        self.target = target
    }
}

/// A route table and what each of its routes means.
struct Routes<Target> {
    let table: RouteTable
    let rows: [Row<Target>]

    init(scheme: String, parameterTypes: [LinkParameterType], rows: [Row<Target>]) throws(RouteTableError) {
        table = try RouteTable(scheme: scheme, parameterTypes: parameterTypes, patterns: rows.map(\.pattern))
        self.rows = rows
    }

    var patterns: [LinkPattern] { table.patterns }

    func resolve(_ text: String) throws(LinkError) -> LinkMatches { try table.resolve(text) }

    /// What the matches of `text` mean, left to right.
    func targets(_ text: String) throws(LinkError) -> [Target] { targets(of: try table.resolve(text)) }

    func targets(of matches: LinkMatches) -> [Target] { matches.map { rows[$0.route].target($0.parameters) } }
}
