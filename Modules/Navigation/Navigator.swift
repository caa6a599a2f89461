/// Opens routes into one window: the one way a place's module is built. Given a route and the
/// router it opens from, it finds the kind of the route's place (`catalog`), builds the module
/// once (the host's router class, its screen loaded as the kind's policy says) and opens it
/// through the transition that router gives the route. The window below only applies changes.
///
/// Every router it builds knows it (`RouterProtocol.navigator`), so its screen's routes come
/// back here; links (`LinkNavigator`) open their steps here too.
@MainActor
public final class Navigator {
    /// The kinds of places the features declare: what builds each place's module.
    public var catalog: PlaceCatalog
    /// The window it opens into.
    public private(set) weak var window: Window?
    /// What the app does for the features' routers that the core cannot (print a link, follow
    /// one); held weakly: the app owns it.
    public weak var host: (any WindowHost)? {
        didSet { window?.questions.host = host }
    }
    /// Unsaved work a rule took away (an editor's draft), by place: given back when it reopens.
    public private(set) var drafts: [AnyPlace: String] = [:]

    public init(window: Window, catalog: PlaceCatalog = PlaceCatalog()) {
        self.window = window
        self.catalog = catalog
    }

    /// Opens `route` from `source`: the kind of its place builds the module (with `checked`, what
    /// a link's check read, else the check runs in the load) and opens it by the transition
    /// `source` gives the route; a flow's step builds its own. Nothing is opened if it throws.
    /// - Throws: `RoutingError.leftOut`, `.undeclared`, `.noSource` (`source` is not the router
    ///   the route was made for), the load's error, or `RoutingError` from opening.
    public func open(_ route: Route, from source: any RouterProtocol, checked: (any Sendable)? = nil) async throws {
        guard let place = route.place else { throw RoutingError.leftOut(route.method) }
        if let build = route.build { return try await build(source) }
        guard let kind = catalog.kind(of: place) else { throw RoutingError.undeclared(place.title) }
        guard let transition = route.transition(source) else { throw RoutingError.noSource }
        let asker = source.sourceScreen
        try await kind.open(
            place, from: source, transition: transition, whenShown: route.whenShown, checked: checked, by: self)
        if let draft = drafts.removeValue(forKey: place), let window, let top = window.state.topScreen,
            window.state.place(of: top) == place
        {
            window.state.restorer(of: top)?.restore(draft)
        }
        // A place that answers asks for the screen it opened from, as the action that opened it.
        guard kind.answers != nil, let window, let asker, let answerer = window.state.topScreen,
            window.state.place(of: answerer) == place
        else { return }
        let offer = window.state.place(of: asker).flatMap { askerPlace in
            catalog.kind(of: askerPlace)?.route(at: askerPlace, to: place, value: kind.value(of: place))
        }
        window.questions.ask(answerer, by: asker, action: offer?.action ?? route.method, in: window)
    }

    /// The place of `router`'s screen answers its asker with `text`: the host keeps the answer
    /// (durably, until consumed), the place closes, the window says it answered, then the asker
    /// receives it (``Answer``).
    /// - Throws: `RoutingError.notInWindow` when the screen asks no question; what closing throws.
    public func answer(_ text: String, from router: any RouterProtocol & Closable) async throws {
        guard let window, let screen = router.sourceScreen else { throw RoutingError.windowReleased }
        guard let asked = window.questions.open.first(where: { $0.answerer === screen }), asked.asker != nil else {
            throw RoutingError.notInWindow(screen: screen.title)
        }
        // Kept with where the user is, another App may have brought the question back too: the
        // first answer wins, and this place closes with none if it came second. A host that
        // cannot write the answer throws, and nothing changes.
        let won = try asked.record.map { try host?.answer($0, with: text) ?? true }
        guard let question = window.questions.take(answeredBy: screen), let asker = question.asker else {
            throw RoutingError.notInWindow(screen: screen.title)
        }
        let record: Int?
        if let kept = question.record {
            guard won != false else {
                try router.close()
                window.publish(.replied(screen, answered: false))
                throw RoutingError.answeredElsewhere(screen: screen.title)
            }
            record = kept
        } else {
            let askerPath = window.state.place(of: asker).flatMap { catalog.kind(of: $0)?.path(of: $0) }
            record = askerPath.flatMap { host?.keep(asker: $0, action: question.action, answer: text) }
        }
        try router.close()
        window.publish(.replied(screen, answered: true))
        await asker.answerReceiving?.receive(Answer(action: question.action, text: text, record: record))
    }

    /// Closes each place that answers a question kept beyond this App (`Questions.Question.record`)
    /// which another App answered or closed meanwhile: its asker hears nothing from here.
    /// - Returns: the places closed, in the order their questions were asked.
    public func closeAnsweredElsewhere() -> [AnyPlace] {
        guard let window, let host else { return [] }
        var closed: [AnyPlace] = []
        for question in window.questions.open {
            guard let record = question.record, !host.isOpen(question: record), let answerer = question.answerer,
                let place = window.state.place(of: answerer), closeUnanswered(answerer)
            else { continue }
            closed.append(place)
        }
        return closed
    }

    /// Closes `answerer`, a place that answers a question open in the window, with no answer
    /// given to its asker: the question was answered, or closed, elsewhere.
    /// - Returns: whether it closed.
    @discardableResult
    public func closeUnanswered(_ answerer: any Screen) -> Bool {
        guard let window, let router = window.state.router(of: answerer),
            window.questions.take(answeredBy: answerer) != nil
        else { return false }
        do { try router.close() } catch { return false }
        window.publish(.replied(answerer, answered: false))
        return true
    }

    /// Keeps the unsaved work of each of `screens`, by place, for the next time it opens: what a
    /// rule that takes them away does instead of asking. Returns the places whose work is kept.
    func keepDrafts(of screens: [any Screen]) -> [AnyPlace] {
        guard let window else { return [] }
        var kept: [AnyPlace] = []
        for screen in screens {
            guard let place = window.state.place(of: screen),
                let draft = window.state.restorer(of: screen)?.restorableState
            else { continue }
            drafts[place] = draft
            kept.append(place)
        }
        return kept
    }

    /// Gives `kept`, an answer kept before a relaunch and never consumed, to its asker when the
    /// window shows it (the place that answered closes first, if it came back above the asker).
    /// Returns whether the asker received it.
    public func deliver(_ kept: KeptAnswer) async -> Bool {
        guard let window else { return false }
        for screen in window.state.stacks.all {
            guard let place = window.state.place(of: screen), catalog.kind(of: place)?.path(of: place) == kept.asker,
                let asker = screen.answerReceiving
            else { continue }
            for above in window.state.screensRemoved(byClosing: screen).dropFirst() {
                guard window.questions.take(answeredBy: above) != nil else { continue }
                try? window.state.router(of: above)?.close()
                window.publish(.replied(above, answered: true))
            }
            await asker.receive(Answer(action: kept.action, text: kept.text, record: kept.record))
            return true
        }
        return false
    }
}
