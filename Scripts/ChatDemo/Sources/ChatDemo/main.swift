import Chat
import Domain
import Foundation
import Navigation
import NavigationGraph

// ChatDemo: Waypoint's Chat feature alone, with a front of its own (`TinyFront`) and fakes of
// only the calls Chat makes (`ChatFakes`). It signs in as Alice and starts on her conversations.
//
// It depends on Waypoint by the path `../Waypoint`, so it builds beside a copy of the repository
// named Waypoint. From the repository: `Scripts/examples --run chat`. In a checkout of your own
// with Waypoint/ and ChatDemo/ side by side: `swift run ChatDemo`.

/// A chat here has no profiles to open or share, and says so where the compiler sees it.
final class DemoChatRouter: ChatRouter<DemoPlace>, ChatWithoutProfiles {}

/// This program's places: Chat's, with its router class; the conversations are its first screen.
enum DemoPlace: ChatPlaces {
    typealias Environment = ChatFakes

    case chat(ChatPlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == DemoPlace {
        switch self {
        case .chat(let place): visitor.visit(place, of: ChatFeature<DemoPlace, DemoChatRouter>.self)
        }
    }

    static var gate: DemoPlace { .chat(.chats) }
    static var tabs: [DemoPlace] { [] }
    static func passer(in fakes: ChatFakes) -> GatePasser? { nil }
    static func closeGate(in fakes: ChatFakes) {}
}

let alice = User(id: "alice", name: "Alice Liddell")
let fakes = ChatFakes(
    people: [alice, User(id: "bob", name: "Bob Builder"), User(id: "carol", name: "Carol Danvers")],
    messages: [("carol", "alice", "Lunch on Friday?"), ("bob", "alice", "Hi Alice! Did the router land?")])
fakes.session.begin(as: alice)

// Its navigation graph, as App's: printed with `--routes [text|dot|mermaid|json]`, and checked
// before anything opens (a composition with a problem does not start).
let declarations = Declarations<DemoPlace>(environment: fakes, scheme: "chatdemo")
let graph = NavigationGraph(declarations)
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--routes" {
    guard arguments.count <= 2, let format = NavigationGraph.Format(rawValue: arguments.dropFirst().first ?? "text")
    else {
        print("error: --routes takes one format: text, dot, mermaid or json")
        exit(64)
    }
    print(graph.printed(as: format), terminator: "")
    exit(0)
}
for problem in graph.problems { print("error: \(problem)") }
if !graph.problems.isEmpty { exit(70) }

let window = Window(declarations)
// A scripted session waits for each load; nothing here is slow enough to need a placeholder.
window.loader.showsPlaceholders = false
do {
    try await window.openGate()
} catch {
    print("error: could not open the conversations: \(error)")
}
await TinyFront(window: window).run()
