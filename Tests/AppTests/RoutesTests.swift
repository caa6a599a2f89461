import Console
import Domain
import Foundation
import Navigation
import NavigationGraph
import NavigationTesting
import Store
import Testing

@testable import App

/// `App --routes`, and the composition lint run at start.
@MainActor
@Suite("The app's navigation graph")
struct RoutesTests {
    func main(_ arguments: [String]) async -> (status: Int32, output: String, errors: String, opened: Bool) {
        let output = RecordedOutput()
        let errors = RecordedOutput()
        var opened = false
        let status = await Waypoint.main(
            arguments: arguments, input: ScriptedInput([]), output: output, errors: errors,
            open: { _ in
                opened = true
                return .inMemory()
            })
        return (status, output.text, errors.text, opened)
    }

    @Test("App --routes prints every place and edge of the app, and opens no data")
    func text() async throws {
        let result = await main(["--routes"])
        #expect(result.status == 0)
        #expect(!result.opened)
        #expect(result.errors.isEmpty)
        // The app's whole graph, as recorded (`Scripts/record-transcripts` records it again).
        try expectGolden(result.output, "routes")
    }

    @Test("each format prints; the mermaid picture is the one the links reference shows")
    func formats() async throws {
        #expect(await main(["--routes", "text"]).output == main(["--routes"]).output)
        #expect(await main(["--routes=dot"]).output.hasPrefix("digraph waypoint {\n"))
        #expect(await main(["--routes", "json"]).output.contains("\"format\" : \"waypoint-routes\""))
        try expectReadmePicture(await main(["--routes", "mermaid"]).output)
    }

    @Test(
        "a bad --routes is a usage error, with status 64",
        arguments: [
            (["--routes", "svg"], "error: --routes: unknown format \"svg\"; use one of text, dot, mermaid, json"),
            (["--routes", "text", "dot"], "error: --routes takes one format and nothing else; see App --help"),
            (["--in-memory", "--routes"], "error: --routes prints the graph alone; write App --routes [format]"),
        ])
    func usage(arguments: [String], message: String) async {
        let result = await main(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(message + "\n\nusage: App"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test(
        "the app's composition has no problem, the walk reaches the places of every feature in the list, and no screen may offer a word the console takes everywhere"
    )
    func healthy() throws {
        let backend = Backend.inMemory()
        let app = try Waypoint(
            services: backend.dependencies, kept: backend.kept, input: ScriptedInput([]), output: RecordedOutput())
        let declarations = app.window.declarations
        #expect(declarations.problems.isEmpty)
        #expect(declarations.reserved == Set(ConsoleCommand.allCases.map(\.rawValue)))
        #expect(Set(declarations.kinds.map(\.feature)) == Set(try packageFeatures()))
    }
}

/// `App --explore`, on a small depth: every state it reaches prints a link that opens it again,
/// and `explain` says what `open` does.
@MainActor
@Suite("The explorer")
struct ExplorerTests {
    @Test(
        "from a fresh start, signed out and as each demo account, every place the graph puts within two commands is reached, with no failure"
    )
    func explore() async {
        let report = await Explorer(starts: Waypoint.demoStarts, depth: 2, launch: Waypoint.launchForExplorer).run()
        #expect(report.failures.map(\.problem) == [])
        // Every place of the demo's features is within two; one a user adds deeper is not.
        #expect(Self.within(2).isSubset(of: report.reached))
        #expect(report.reached.isSubset(of: Set(report.declared)))
        #expect(report.states > 50)
    }

    /// The patterns of the place kinds `depth` commands reach by the graph: the gate and the first
    /// tab's place at the start, each other tab's place one command (`tab`) away, and each edge
    /// one command more.
    static func within(_ depth: Int) -> Set<String> {
        let declarations = Declarations<AppPlace>(
            environment: Backend.inMemory().dependencies, scheme: Waypoint.scheme, hosts: Waypoint.hosts)
        let firstTab = declarations.tabRoots.first.flatMap { declarations.kind(of: $0) }?.facts.pattern
        var distance = declarations.kinds.map { kind -> Int in
            switch kind.role {
            case .gate: 0
            case .tab: kind.facts.pattern == firstTab ? 0 : 1
            case .opened: .max
            }
        }
        var changed = true
        while changed {
            changed = false
            for edge in declarations.edges
            where distance[edge.from] < .max && distance[edge.from] + 1 < distance[edge.to] {
                distance[edge.to] = distance[edge.from] + 1
                changed = true
            }
        }
        return Set(
            declarations.kinds.indices.filter { distance[$0] <= depth }.map { declarations.kinds[$0].facts.pattern })
    }

    @Test("App --explore prints its report; a depth that is not one is a usage error")
    func commandLine() async throws {
        let output = RecordedOutput()
        let errors = RecordedOutput()
        let status = await Waypoint.main(
            arguments: ["--explore", "1"], input: ScriptedInput([]), output: output, errors: errors,
            open: { _ in .inMemory() })
        #expect(status == 0)
        #expect(output.text.hasPrefix("explored to depth 1: "))
        #expect(output.text.contains("\nplace kinds reached: "), "\(output.text)")
        let kinds = Declarations<AppPlace>(
            environment: Backend.inMemory().dependencies, scheme: Waypoint.scheme, hosts: Waypoint.hosts
        ).kinds.count
        #expect(output.text.contains(" of \(kinds)\n"), "\(output.text)")
        #expect(output.text.hasSuffix("failures: 0\n"))
        let bad = await RoutesTests().main(["--explore", "deep"])
        #expect(bad.status == 64)
        #expect(bad.errors.hasPrefix("error: --explore: the depth is a number from 0 to 12, as in --explore 6\n"))
        for depth in ["13", "-1"] {
            #expect(throws: UsageError.self) { try CommandLineOptions.parse(["--explore", depth]) }
        }
        guard case .explore(let deepest) = try CommandLineOptions.parse(["--explore", "12"]) else {
            Issue.record("--explore 12 is a depth")
            return
        }
        #expect(deepest == 12)
    }
}

/// The features of the package, as its module table lists them (`("Chat", core, .module,
/// featureTests)`): what App composes, read from Package.swift so a new one needs no edit here.
func packageFeatures() throws -> [String] {
    let package = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Package.swift")
    return try String(contentsOf: package, encoding: .utf8).split(separator: "\n").compactMap { line in
        line.firstMatch(of: /^    \("([A-Za-z0-9_]+)", core, \.module, featureTests\),$/).map { String($0.1) }
    }
}

/// Checks that the links reference's picture of the graph (its first `mermaid` block) is
/// `mermaid`; with `WAYPOINT_RECORD=1` (`Scripts/record-transcripts`) it draws it there instead,
/// so a feature added with the scaffold shows there once the transcripts are recorded.
func expectReadmePicture(_ mermaid: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let readme = URL(filePath: #filePath).deletingLastPathComponent().appending(
        path: "../../Modules/Navigation/Navigation.docc/LinksReference.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    guard let start = text.range(of: "```mermaid\n"), let end = text[start.upperBound...].range(of: "```\n")
    else {
        Issue.record("the links reference has no mermaid picture of the graph", sourceLocation: sourceLocation)
        return
    }
    let shown = String(text[start.upperBound..<end.lowerBound])
    if ProcessInfo.processInfo.environment["WAYPOINT_RECORD"] == "1" {
        guard shown != mermaid else { return }
        try text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: mermaid)
            .write(to: readme, atomically: true, encoding: .utf8)
        return
    }
    #expect(
        shown == mermaid, "the links reference's picture is not App --routes mermaid: run Scripts/record-transcripts",
        sourceLocation: sourceLocation)
}
