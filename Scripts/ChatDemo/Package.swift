// swift-tools-version: 6.2
import PackageDescription

// Another team's program that reuses one Waypoint feature, Chat, with a front of its own: it
// depends on the package by path and names four of its library products: the navigation core
// (Navigation), its graph (NavigationGraph, for `--routes`), what Chat builds on (Domain), and
// Chat itself. No Console, no App.
//
// `Scripts/examples` copies this folder next to a copy of Waypoint (so the path `../Waypoint`
// holds), builds it and runs a scripted session.
let package = Package(
    name: "ChatDemo",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../Waypoint")],
    targets: [
        .executableTarget(
            name: "ChatDemo",
            dependencies: [
                .product(name: "Navigation", package: "Waypoint"),
                .product(name: "NavigationGraph", package: "Waypoint"),
                .product(name: "Domain", package: "Waypoint"),
                .product(name: "Chat", package: "Waypoint"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
