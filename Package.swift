// swift-tools-version: 6.2
import PackageDescription

/// The library modules, one row each: a name, the modules it builds on, whether it is a
/// feature-or-core module (tested by `Tests/<name>Tests`) or test support (shared fakes and the
/// navigation tester), and what its tests use besides the module and what it builds on: each
/// test target builds what it uses, and nothing else. Every row becomes a library product, so
/// another package can use `Navigation` + `Profile` alone, or test its own feature with
/// `NavigationTesting`. Adding a feature is adding a row.
///
/// The dependency rule: features build on the core modules only, never on one another; the App
/// executable is the only place that knows every feature.
enum Kind { case module, testSupport }

/// What a feature builds on: the navigation core (routes, windows, places and their links) and
/// the domain; no front.
let core = ["Navigation", "Domain"]
/// What a feature's tests use: the navigation tester, and the domain's fakes.
let featureTests = ["TestSupport", "DomainTesting", "NavigationTesting", "VirtualTime"]
let libraries: [(name: String, dependencies: [String], kind: Kind, tests: [String])] = [
    // A link's grammar and a table that matches links onto routes, fast at any size: a library
    // with no place, window or router in it, which the core reads links with.
    ("LinkMatching", [], .module, ["TestSupport"]),
    // The navigation core: the app's places as one type, windows and their plans, routes and
    // transitions, links, several windows, and the one encoding of what a window shows (kept
    // state, events, replay).
    ("Navigation", ["LinkMatching"], .module, ["TestSupport", "VirtualTime"]),
    // For a front whose changes take time (UIKit, the full-screen terminal): the window's changes
    // handed over one per container, never two at once. A client of the core.
    ("FrontPacing", ["Navigation"], .module, ["TestSupport"]),
    // Time that moves only when told, or once nothing else runs: loads timed without sleeping, in
    // tests and in the explorer (`App --explore`).
    ("VirtualTime", ["Navigation"], .module, ["TestSupport"]),
    // The composition's graph read from its declarations: printed (`App --routes`) and checked.
    ("NavigationGraph", ["Navigation"], .module, ["TestSupport"]),
    // The line console: a front that renders any screen's content and takes commands.
    ("Console", ["LinkMatching", "Navigation", "NavigationGraph", "Domain"], .module, ["TestSupport"]),
    ("Domain", [], .module, ["DomainTesting", "TestSupport"]),
    ("Login", core, .module, featureTests),
    ("Friends", core, .module, featureTests),
    ("Profile", core, .module, featureTests),
    ("Chat", core, .module, featureTests),
    // The full-screen terminal front: frames drawn from the window, transitions played over time.
    (
        "FullScreen",
        ["Navigation", "NavigationGraph", "FrontPacing", "Domain", "Console"], .module,
        ["TestSupport"]
    ),
    // The SQLite store: Domain's services on the platform's SQLite (a system library target).
    ("Store", ["Domain", "CSQLite"], .module, []),
    // Fakes of the core: a host router, stub and probe screens, spies.
    ("TestSupport", ["Navigation", "FrontPacing", "VirtualTime"], .testSupport, []),
    // Fakes of the domain: demo services, a scripted prompt, a counting user service.
    ("DomainTesting", ["Domain"], .testSupport, []),
    // The navigation tester: one feature's screen hosted, acted on, and what navigation did
    // asserted as values, exhaustively.
    ("NavigationTesting", core + ["Console", "TestSupport", "VirtualTime"], .testSupport, []),
]
/// Everything the app is made of (the test support stays out of it).
let appModules = libraries.filter { $0.kind == .module }.map(\.name)

let package = Package(
    name: "Waypoint",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: libraries.map { .library(name: $0.name, targets: [$0.name]) }
        + [.executable(name: "App", targets: ["App"])],
    targets: libraries.flatMap { library -> [Target] in
        let module = Target.target(
            name: library.name,
            dependencies: library.dependencies.map { .target(name: $0) },
            path: "Modules/\(library.name)"
        )
        guard library.kind == .module else { return [module] }
        let tests = Target.testTarget(
            name: "\(library.name)Tests",
            dependencies: ([library.name] + library.dependencies + library.tests).map { .target(name: $0) },
            path: "Tests/\(library.name)Tests"
        )
        return [module, tests]
    } + [
        // SQLite as the platform ships it: the SDK on Apple's systems, libsqlite3-dev on Linux.
        .systemLibrary(
            name: "CSQLite",
            path: "Modules/CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(
            name: "App",
            dependencies: appModules.map { .target(name: $0) },
            path: "App"
        ),
        // The benchmark program (`Scripts/bench` runs it in release mode); no product.
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "LinkMatching", "Navigation", "FrontPacing", "Domain", "Store", "Console", "FullScreen",
            ],
            path: "Scripts/Benchmarks",
            exclude: ["Hello"]
        ),
        // A hello-world program built the same way, that the benchmark compares start-up with.
        .executableTarget(
            name: "Hello",
            path: "Scripts/Benchmarks/Hello"
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "TestSupport", "DomainTesting"] + appModules.map { .target(name: $0) },
            path: "Tests/AppTests",
            exclude: ["Sessions"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Settings that hold for every target, applied once.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        ]
}
