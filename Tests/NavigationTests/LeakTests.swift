import TestSupport
import Testing

@testable import Navigation

/// Every module that leaves the window is released: its screen, presenter, interactor and router.
@MainActor
@Suite("Leaks")
struct LeakTests {
    @Test("a closed pushed module is released", arguments: [false, true])
    func pushedModule(modal: Bool) async throws {
        let host = try await HostRouter()
        let transition: any Transition = modal ? ModalTransition() : PushTransition()
        let module = try openModule("Chat", from: host, transition: transition)
        #expect(!module.isReleased)

        try router(of: module).close()

        #expect(module.isReleased)
    }

    @Test("every screen of an old root is released when the root is replaced")
    func oldRootReleased() async throws {
        let host = try await HostRouter()
        let friends = try openModule("Friends", from: host, transition: RootTransition())
        let chat = try openModule("Chat", from: router(of: friends), transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())
        let inner = try openModule("Chat 2", from: router(of: profile), transition: PushTransition())

        let login = try openModule("Login", from: router(of: inner), transition: RootTransition())

        #expect([friends, chat, profile, inner].allSatisfy { $0.isReleased })
        #expect(!login.isReleased)
        #expect(host.stage.state.screens.stacks.all.count == 1)
    }

    @Test("a module that was never opened is released with its last reference")
    func unopenedModule() async throws {
        weak var probe: ProbeScreen?
        do {
            let router = Router<ProbeScreen, TestPlace>(place: "Probe")
            let screen = ProbeScreen("Chat", presenter: ProbePresenter(router: router))
            probe = screen
            let window = Window<TestPlace>()
            #expect(throws: RoutingError.noSource) {
                try RootOpener(window: window).open(screen, of: router, transition: ModalTransition())
            }
        }
        #expect(probe == nil)
    }
}
