// swift-tools-version: 6.2
import PackageDescription

// Another team's program that reuses one Waypoint feature, Profile, and nothing of Waypoint's
// app: it depends on the package by path and names four of its library products: the
// navigation core (Navigation), the console front (Console), what Profile builds on (Domain), and
// Profile itself.
//
// `Scripts/examples` copies this folder next to a copy of Waypoint (so the path
// `../Waypoint` holds), builds it and runs a scripted session.
let package = Package(
    name: "ProfileDemo",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../Waypoint")],
    targets: [
        .executableTarget(
            name: "ProfileDemo",
            dependencies: [
                .product(name: "Navigation", package: "Waypoint"),
                .product(name: "Console", package: "Waypoint"),
                .product(name: "Domain", package: "Waypoint"),
                .product(name: "Profile", package: "Waypoint"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
