import DomainTesting
import Foundation
import Navigation
import Testing

/// The composition is checked by the compiler: a router class that does not serve its screen's
/// needs does not build, and one that leaves a need out builds only by saying so. Each case
/// type-checks a few lines against the modules `swift test` built, as a host's code would.
@Suite("Composition the compiler checks")
struct CompositionTests {
    /// Type-checks `code` against the built modules.
    /// - Returns: the compiler's exit status and what it printed.
    func typecheck(_ code: String) throws -> (status: Int32, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "composition-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "Host.swift")
        try code.write(to: file, atomically: true, encoding: .utf8)
        let modules = appBinary.deletingLastPathComponent().appending(path: "Modules")
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let printed = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    static let imports = "import Domain\nimport Navigation\nimport Profile\n"

    /// App's own composition (`App/Waypoint.swift`): its imports, and the routes its profile router
    /// adopts, without `ChatRoute`. A feature added later that Profile's screen opens (the
    /// recipe's Settings) is in both, so the host below serves every need but the chat.
    static let profileRoutesButChat: (imports: String, routes: String) = {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = (try? String(contentsOf: root.appending(path: "App/Waypoint.swift"), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        let imports = lines.filter { $0.hasPrefix("import ") }.joined(separator: "\n") + "\n"
        let routes = lines.first { $0.hasPrefix("typealias ProfileRoutes = ") }.map {
            $0.dropFirst("typealias ProfileRoutes = ".count).split(separator: "&")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0 != "ChatRoute" }.joined(separator: ", ")
        }
        return (imports, routes ?? "BioEditorRoute")
    }()

    @Test("a profile router that drops the chat without saying so does not compile, naming the needs")
    func dropped() throws {
        let result = try typecheck(
            Self.imports + "final class Host: ProfileRouter<Services>, ProfileRouting, BioEditorRoute {}\n")
        #expect(result.status != 0)
        #expect(result.errors.contains("does not conform to protocol 'ProfileRouting'"), "\(result.errors)")
    }

    @Test("saying so (ProfileWithoutChats) compiles, and then the profile offers no message")
    func saidSo() throws {
        let (imports, routes) = Self.profileRoutesButChat
        let result = try typecheck(
            imports + "final class Host: ProfileRouter<Services>, ProfileWithoutChats, \(routes) {}\n")
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test("a class that serves the needs but is not given to its feature cannot stand in for another screen's")
    func wrongFeature() throws {
        let result = try typecheck(
            Self.imports
                + "final class Host: ProfileRouter<Services>, ProfileWithoutChats, BioEditorRoute {}\n"
                + "@MainActor func composed() -> [PlaceKind] { ProfileFeature.places(Services.demo(), profile: Router<ProfilePresenter>.self) }\n"
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("ProfileRouting"), "\(result.errors)")
    }
}
