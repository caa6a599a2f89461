import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Transitions")
struct TransitionTests {
    @Test("a push opens on top of the source's stack, and close pops it")
    func pushAndClose() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat"]))

        try router(of: chat).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions == ["push Chat", "pop Chat"])
    }

    @Test("a modal opens as a new stack on top, and close dismisses it")
    func modalAndClose() async throws {
        let host = try await HostRouter()
        let profile = try openModule("Profile", from: host, transition: ModalTransition())
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"], modals: [["Profile"]]))
        #expect(host.stage.state.screens.topScreen === profile.screen)

        try router(of: profile).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions == ["present Profile", "dismiss Profile"])
    }

    @Test("a push from a modal goes on the modal's own stack")
    func pushInsideModal() async throws {
        let host = try await HostRouter()
        let profile = try openModule("Profile", from: host, transition: ModalTransition())
        try openModule("Chat", from: router(of: profile), transition: PushTransition())

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"], modals: [["Profile", "Chat"]]))
    }

    @Test("a root transition replaces every stack with the new screen")
    func rootReplacesEverything() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        try openModule("Profile", from: router(of: chat), transition: ModalTransition())

        try openModule("Login", from: router(of: chat), transition: RootTransition())

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["push Chat", "present Profile", "replaceRoot Login"])
    }

    @Test("closing a pushed module pops it even when screens were pushed above it")
    func pushedModuleClosesItself() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: PushTransition())
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat", "Profile"]))

        try router(of: chat).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(chat.isReleased)
        #expect(profile.isReleased)
        // A front hears of every screen that left, top-most first, not only the one closed.
        #expect(host.motions.motions == ["push Chat", "push Profile", "pop Profile", "pop Chat"])
    }

    @Test("popping a screen that presented a modal reports the modal's screens, then the popped ones")
    func popTakesModalsAbove() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())
        let more = try openModule("More", from: router(of: profile), transition: PushTransition())

        try router(of: chat).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect([chat, profile, more].allSatisfy { $0.isReleased })
        #expect(
            host.motions.motions == [
                "push Chat", "present Profile", "push More", "dismiss More", "dismiss Profile", "pop Chat",
            ])
    }

    @Test("a full window refuses one more screen, pushed or presented, and stays as it was")
    func depthLimit() async throws {
        let host = try await HostRouter(maximumDepth: 3)
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())
        #expect((host.stage.state.screens.depth >= host.stage.maximumDepth))

        #expect(throws: RoutingError.tooDeep(limit: 3)) {
            try openModule("Pushed", from: router(of: profile), transition: PushTransition())
        }
        #expect(throws: RoutingError.tooDeep(limit: 3)) {
            try openModule("Presented", from: router(of: profile), transition: ModalTransition())
        }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat"], modals: [["Profile"]]))
        #expect(host.motions.motions == ["push Chat", "present Profile"])

        try router(of: profile).close()
        #expect(!(host.stage.state.screens.depth >= host.stage.maximumDepth))
        try openModule("Again", from: router(of: chat), transition: PushTransition())
        #expect(host.stage.state.screens.stacks.path.count == 3)
    }

    @Test("closing a modal dismisses its whole chain: what it pushed and what it presents")
    func modalClosesItsChain() async throws {
        let host = try await HostRouter()
        let first = try openModule("Profile", from: host, transition: ModalTransition())
        let pushed = try openModule("Chat", from: router(of: first), transition: PushTransition())
        let second = try openModule("Settings", from: router(of: pushed), transition: ModalTransition())
        #expect(
            host.stage.state.screens.titles
                == NavigationState(root: ["Host"], modals: [["Profile", "Chat"], ["Settings"]]))

        try router(of: first).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect([first, pushed, second].allSatisfy { $0.isReleased })
        // Every screen that left is reported, top-most first.
        #expect(
            host.motions.motions == [
                "present Profile", "push Chat", "present Settings", "dismiss Settings", "dismiss Chat",
                "dismiss Profile",
            ])
    }

    @Test("closing the top modal of a chain leaves the modals below it")
    func topModalClosesAlone() async throws {
        let host = try await HostRouter()
        let first = try openModule("Profile", from: host, transition: ModalTransition())
        let second = try openModule("Settings", from: router(of: first), transition: ModalTransition())

        try router(of: second).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"], modals: [["Profile"]]))
        #expect(second.isReleased)
        #expect(!first.isReleased)
    }

    @Test("popping a screen dismisses the modals it presented")
    func popDismissesPresentedModals() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())

        try router(of: chat).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(profile.isReleased)
    }

    @Test("popping a screen keeps a modal presented from below it")
    func popKeepsModalFromBelow() async throws {
        let host = try await HostRouter()
        try openModule("Profile", from: host, transition: ModalTransition())
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat"], modals: [["Profile"]]))

        try router(of: chat).close()

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"], modals: [["Profile"]]))
    }

    @Test("the window keeps each screen's animator, from the transition that opened it, for a front that takes time")
    func transitionAnimator() async throws {
        let host = try await HostRouter()
        let slow = StandardAnimator(Animation(duration: .seconds(1), curve: .linear, effect: .slide(from: .leading)))
        let chat = try openModule("Chat", from: host, transition: PushTransition(animator: slow))
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())

        let (chatScreen, profileScreen) = try (#require(chat.screen), #require(profile.screen))
        #expect(
            host.stage.state.screens.entry(of: chatScreen)?.animator.animation(isPresenting: true) == slow.animation)
        #expect(
            host.stage.state.screens.entry(of: profileScreen)?.animator.animation(isPresenting: false)
                == StandardAnimator.modal.animation)
        #expect(
            host.stage.state.screens.entry(of: host.stage.state.screens.stacks.all[0])?.animator.animation(
                isPresenting: true)
                == StandardAnimator.root.animation)
        try router(of: chat).close()
        #expect(host.stage.state.screens.entry(of: chatScreen)?.animator == nil)
        #expect(host.motions.motions == ["push Chat", "present Profile", "dismiss Profile", "pop Chat"])
    }

    @Test("an animation's curve runs from 0 to 1 over its duration and never goes back; a cut takes no time")
    func curves() {
        for curve in [Animation.Curve.linear, .easeIn, .easeOut, .easeInOut] {
            let samples = stride(from: -0.5, through: 1.5, by: 0.125).map { curve.progress(at: $0) }
            #expect(samples.first == 0 && samples.last == 1, "\(curve)")
            #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "\(curve)")
        }
        #expect(Animation.Curve.easeIn.progress(at: 0.5) < 0.5 && Animation.Curve.easeOut.progress(at: 0.5) > 0.5)
        #expect(Animation.none.isInstant && StandardAnimator.tab.animation.isInstant)
        #expect(!StandardAnimator.push.animation.isInstant)
    }

    @Test("a transition is a value: the same one opens from any source, and each router reverses its own opening")
    func transitionIsAValue() async throws {
        let host = try await HostRouter()
        let push = PushTransition()
        let chat = try openModule("Chat", from: host, transition: push)
        let profile = try openModule("Profile", from: router(of: chat), transition: push)
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat", "Profile"]))

        try router(of: profile).close()
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat"]))
        try router(of: chat).close()
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
    }
}
