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

    /// An app's places with Profile's alone, its profiles shown by `Host`.
    static let places = """
        enum Places: ProfilePlaces {
            typealias Environment = Services
            case profile(ProfilePlace)
            func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Places {
                switch self { case .profile(let place): visitor.visit(place, of: ProfileFeature<Places, Host>.self) }
            }
            static var gate: Places { .profile(.me) }
            static var tabs: [Places] { [] }
            @MainActor static func passer(in environment: Services) -> GatePasser? { nil }
            @MainActor static func closeGate(in environment: Services) {}
        }

        """

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
            Self.imports + Self.places + "final class Host: ProfileRouter<Places>, ProfileRouting, BioEditorRoute {}\n")
        #expect(result.status != 0)
        #expect(result.errors.contains("does not conform to protocol 'ProfileRouting'"), "\(result.errors)")
    }

    @Test("saying so (ProfileWithoutChats) compiles, and then the profile offers no message")
    func saidSo() throws {
        let (imports, routes) = Self.profileRoutesButChat
        let result = try typecheck(
            imports + Self.places + "final class Host: ProfileRouter<Places>, ProfileWithoutChats, \(routes) {}\n")
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test("a router class that does not serve the screen's needs cannot be the feature's, whatever else it is")
    func wrongFeature() throws {
        let result = try typecheck(
            Self.imports
                + Self.places.replacing(
                    "ProfileFeature<Places, Host>", with: "ProfileFeature<Places, Router<ProfilePresenter, Places>>"))
        #expect(result.status != 0)
        #expect(result.errors.contains("ProfileRouting"), "\(result.errors)")
    }
}
