import LinkMatching
import Navigation

/// Link resolutions on tables of 100, 1,000 and 10,000 patterns: from the link as typed to the
/// matched route with its parameters, or to the error that says why there is none.
struct LinkBenchmark {
    let scale: Int

    /// 250 areas, four shapes each: `area7/<id>`, `area7/<id>/detail`, `area7/list`,
    /// `area7/<id>/photos/<photo>`.
    static let shapes: [(pattern: String, link: String)] = [
        ("<id:id>", "42"), ("<id:id>/detail", "42/detail"), ("list", "list"),
        ("<id:id>/photos/<photo:id>", "42/photos/7"),
    ]

    /// What one table's run measured, in nanoseconds a link.
    struct Timing {
        let hit: Double
        let miss: Double
        let mixed: Double
        let floor: Double
    }

    func run(_ report: Report) throws {
        // The same shapes in tables of 100, 1,000 and 10,000 patterns (25, 250 and 2,500 areas):
        // resolving should cost the same whatever the table's size.
        var timings: [Int: Timing] = [:]
        for areas in [25, 250, 2_500] { timings[areas] = try measure(areas: areas) }
        guard let small = timings[25], let timing = timings[250], let large = timings[2_500] else { return }
        let links = 1_100 * (1_000 / scale)
        report.line(
            "link resolution, 1,000 patterns, 1,000 hits and 100 misses of every kind (\(Format.number(Double(links))) links)",
            "\(Format.number(timing.mixed)) ns/link on average",
            measured: timing.mixed, target: 150, unit: " ns")
        report.line(
            "link resolution: a hit, and a miss (its error built, not yet worded)",
            "hit \(Format.number(timing.hit)) ns, miss \(Format.number(timing.miss)) ns: a miss costs \(Format.number(timing.miss / timing.hit))× a hit",
            measured: timing.miss / timing.hit, target: 1, unit: "×")
        report.line(
            "link resolution against a lookup written by hand for that one table",
            "\(Format.number(timing.mixed / timing.floor))× the hand-written floor (\(Format.number(timing.floor)) ns/link)",
            measured: timing.mixed / timing.floor, target: 2, unit: "×")
        report.line(
            "link resolution on 100, 1,000 and 10,000 patterns of the same shapes, the largest against the smallest",
            "\(Format.number(small.mixed)), \(Format.number(timing.mixed)) and \(Format.number(large.mixed)) ns/link "
                + "(the floor: \(Format.number(small.floor)), \(Format.number(timing.floor)) and "
                + "\(Format.number(large.floor)) ns): \(Format.number(large.mixed / small.mixed))×",
            measured: large.mixed / small.mixed, target: 1.3, unit: "×")
    }

    /// Resolves 1,000 hits and 100 misses on a table of `areas` × 4 patterns, and the same links
    /// by the hand-written lookup.
    func measure(areas: Int) throws -> Timing {
        let id = LinkParameterType("id") { text in
            text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ? nil : "must be digits"
        }
        let patterns = (0..<areas).flatMap { area in Self.shapes.map { "area\(area)/\($0.pattern)" } }
        let table = try RouteTable(scheme: "bench", parameterTypes: [id], patterns: patterns)
        let links = (0..<1000).map { index in
            "bench://area\((index * 7919) % areas)/\(Self.shapes[index % 4].link)"
        }
        // Every link must land on its own route before anything is timed.
        for (index, link) in links.enumerated() {
            let matches = try table.resolve(link)
            guard matches.count == 1, matches[0].route == ((index * 7919) % areas) * 4 + index % 4,
                matches[0].parameters["id"] == (index % 4 == 2 ? "" : "42")
            else {
                throw BenchmarkError("\(link) resolved to \(matches.map(\.route))")
            }
        }

        // 100 misses, 20 of each kind: an unknown first segment, a wrong literal, a missing
        // segment, an extra segment, a bad parameter.
        let misses = (0..<100).map { index in
            let area = (index * 7919) % areas
            switch index % 5 {
            case 0: return "bench://nowhere\(area)/42"
            case 1: return "bench://area\(area)/42/photo/7"
            case 2: return "bench://area\(area)/42/photos"
            case 3: return "bench://area\(area)/list/extra"
            default: return "bench://area\(area)/4x2/detail"
            }
        }
        for link in misses {
            do {
                _ = try table.resolve(link)
                throw BenchmarkError("\(link) resolved, but it should miss")
            } catch let error as LinkError {
                _ = error
            }
        }

        let rounds = 1000 / scale
        var found = 0
        let hitTime = try ContinuousClock().measure {
            for _ in 0..<rounds {
                for link in links {
                    let (route, id) = try Self.target(table.resolve(link))
                    found &+= route &+ id.utf8.count
                }
            }
        }
        var failed = 0
        let missTime = ContinuousClock().measure {
            for _ in 0..<rounds {
                for link in misses {
                    do {
                        let (route, id) = try Self.target(table.resolve(link))
                        found &+= route &+ id.utf8.count
                    } catch {
                        failed &+= 1
                    }
                }
            }
        }
        // The floor: a lookup written by hand for this one table, on the same links.
        for (index, link) in links.enumerated() {
            guard let (route, _) = Self.handWritten(link, areas: areas),
                route == ((index * 7919) % areas) * 4 + index % 4
            else {
                throw BenchmarkError("the hand-written lookup resolved \(link) wrongly")
            }
        }
        for link in misses where Self.handWritten(link, areas: areas) != nil {
            throw BenchmarkError("the hand-written lookup resolved \(link), but it should miss")
        }
        let mixed = links + misses
        let floorTime = ContinuousClock().measure {
            for _ in 0..<rounds {
                for link in mixed {
                    guard let (route, id) = Self.handWritten(link, areas: areas) else { continue }
                    found &+= route &+ id.utf8.count
                }
            }
        }
        if found == 42 || failed == 42 { print("") }  // keeps the work from being optimised away
        return Timing(
            hit: hitTime.nanoseconds / Double(rounds * links.count),
            miss: missTime.nanoseconds / Double(rounds * misses.count),
            mixed: (hitTime + missTime).nanoseconds / Double(rounds * (links.count + misses.count)),
            floor: floorTime.nanoseconds / Double(rounds * (links.count + misses.count)))
    }

    /// What the app makes of a match, as the hand-written lookup gives it: the route's number
    /// and the first parameter.
    static func target(_ matches: LinkMatches) -> (route: Int, id: String) {
        let match = matches[0]
        return (match.route, match.parameters["id"])
    }

    /// The benchmark's table resolved by code that knows it: `bench://area<n>/` then one of the
    /// four shapes, digits checked as the `id` type checks them. What a resolver could cost at
    /// best, with the route's number and the first parameter, as `target(_:)` reads them from a
    /// match.
    static func handWritten(_ link: String, areas: Int) -> (route: Int, id: String)? {
        var link = link
        return link.withUTF8 { bytes -> (route: Int, id: String)? in
            let prefix: StaticString = "bench://area"
            let count = bytes.count
            guard count > prefix.utf8CodeUnitCount else { return nil }
            for index in 0..<prefix.utf8CodeUnitCount where bytes[index] != prefix.utf8Start[index] { return nil }
            func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
            func digits(from start: Int) -> Int {  // where the digits that start at `start` end
                var end = start
                while end < count, isDigit(bytes[end]) { end += 1 }
                return end
            }
            var index = prefix.utf8CodeUnitCount
            let areaEnd = digits(from: index)
            guard areaEnd > index, areaEnd < count, bytes[areaEnd] == UInt8(ascii: "/") else { return nil }
            var area = 0
            while index < areaEnd {
                area = area * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard area < areas else { return nil }
            let start = areaEnd + 1
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            if rest.elementsEqual("list".utf8) { return (area * 4 + 2, "") }
            let idEnd = digits(from: start)
            guard idEnd > start else { return nil }
            let id = String(decoding: bytes[start..<idEnd], as: UTF8.self)
            if idEnd == count { return (area * 4, id) }
            let tail = UnsafeBufferPointer(rebasing: bytes[idEnd...])
            if tail.elementsEqual("/detail".utf8) { return (area * 4 + 1, id) }
            let photos = "/photos/".utf8
            guard tail.starts(with: photos) else { return nil }
            let photoStart = idEnd + photos.count
            guard digits(from: photoStart) == count, photoStart < count else { return nil }
            return (area * 4 + 3, id)
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
