import Links
import Routing

/// Link resolutions on a table of 1,000 patterns: from the link as typed to the matched route
/// with its parameters, or to the error that says why there is none.
struct LinkBenchmark {
    let scale: Int

    /// 250 areas, four shapes each: `area7/<id>`, `area7/<id>/detail`, `area7/list`,
    /// `area7/<id>/photos/<photo>`.
    static let shapes: [(pattern: String, link: String)] = [
        ("<id:id>", "42"), ("<id:id>/detail", "42/detail"), ("list", "list"),
        ("<id:id>/photos/<photo:id>", "42/photos/7"),
    ]

    func run(_ report: Report) throws {
        let id = LinkParameterType("id") { text in
            text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ? nil : "must be digits"
        }
        let routes = (0..<250).flatMap { area in
            Self.shapes.enumerated().map { shape, entry in
                LinkRoute("area\(area)/\(entry.pattern)") { parameters in (area * 4 + shape, parameters["id"]) }
            }
        }
        let table = try RouteTable(scheme: "bench", parameterTypes: [id], routes: routes)
        let links = (0..<1000).map { index in
            "bench://area\((index * 7919) % 250)/\(Self.shapes[index % 4].link)"
        }
        // Every link must land on its own route before anything is timed.
        for (index, link) in links.enumerated() {
            let matches = try table.resolve(link)
            guard matches.count == 1, matches[0].target.0 == ((index * 7919) % 250) * 4 + index % 4 else {
                throw BenchmarkError("\(link) resolved to \(matches.map(\.target))")
            }
        }

        // 100 misses, 20 of each kind: an unknown first segment, a wrong literal, a missing
        // segment, an extra segment, a bad parameter.
        let misses = (0..<100).map { index in
            let area = (index * 7919) % 250
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
                for link in links { found &+= try table.resolve(link)[0].target.0 }
            }
        }
        var failed = 0
        let missTime = ContinuousClock().measure {
            for _ in 0..<rounds {
                for link in misses {
                    do { found &+= try table.resolve(link)[0].target.0 } catch { failed &+= 1 }
                }
            }
        }
        let hit = hitTime.nanoseconds / Double(rounds * links.count)
        let miss = missTime.nanoseconds / Double(rounds * misses.count)
        let mixed = (hitTime + missTime).nanoseconds / Double(rounds * (links.count + misses.count))
        report.line(
            "link resolution, 1,000 patterns, 1,000 hits and 100 misses of every kind (\(Format.number(Double(rounds * (links.count + misses.count)))) links)",
            "\(Format.number(mixed)) ns/link on average",
            measured: mixed, target: 250, unit: " ns")
        report.line(
            "link resolution: a hit, and a miss (its error built, not yet worded)",
            "hit \(Format.number(hit)) ns, miss \(Format.number(miss)) ns: a miss costs \(Format.number(miss / hit))× a hit",
            measured: miss / hit, target: 2, unit: "×")
        if found == 42 || failed == 42 { print("") }  // keeps the work from being optimised away
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
