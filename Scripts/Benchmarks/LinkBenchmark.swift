import Routing

/// Link resolutions on a table of 1,000 patterns: from the link as typed to the matched route
/// with its parameters.
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

        let rounds = 1000 / scale
        var found = 0
        let time = try ContinuousClock().measure {
            for _ in 0..<rounds {
                for link in links { found &+= try table.resolve(link)[0].target.0 }
            }
        }
        let perLink = time.nanoseconds / Double(rounds * links.count)
        report.line(
            "link resolution, 1,000 patterns (\(Format.number(Double(rounds * links.count))) links)",
            "\(Format.number(perLink)) ns/link, \(Format.number(1e9 / perLink)) links/s",
            measured: perLink, target: 500, unit: " ns")
        if found == 42 { print("") }  // keeps the work from being optimised away
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
