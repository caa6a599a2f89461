// How a feature declares a kind of place: of one place, of many told apart by typed parameters,
// of places that take their value from the place before them, of a flow's step. Every
// declaration takes the same parts: `path`, the link's constant segments; `access`; `role`;
// `router`, of the host's class, which serves the screen's needs; `screen`, which builds and
// loads the screen around its router; `policy` (`.standard` by default); `offers`, what each
// action opens; `query`, the items a link may name after a place; `check`, the feature's rules,
// which read what the screen is built with.

extension PlaceKind {
    // A kind of places `P`, on screens `V` with routers `R`, whose check reads a `Checked` the
    // screen is built with: what the public initializers below make. `makePlace` is type-erased:
    // a `P?` here, unspecialised, is metadata the runtime makes for each kind it is asked.
    convenience init<P: Place, Checked: Sendable, V: Screen & Sendable, R: Router<V>>(
        path: String, parameters: [AnyLinkParameter],
        makePlace: @escaping @MainActor ([String], (any Sendable)?) -> AnyPlace?,
        memberOf: @escaping @MainActor (P) -> Member?,
        textsOf: @escaping @MainActor ((any Sendable)?) -> [String] = { _ in [] },
        access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        check: @escaping @MainActor (P) async throws -> Checked,
        screen: @escaping @MainActor (R, Checked) async throws -> V, policy: LoadPolicy,
        fallback: (@MainActor (P) -> (@MainActor (R, Checked) async throws -> V)?)?,
        offers: @escaping @MainActor (P) -> [Offer], query: [QueryParameter], rules: [PlaceRule] = []
    ) {
        // The feature's check, then its rules on data, each on the place's value.
        let check = { (typed: P) async throws -> Checked in
            let read = try await check(typed)
            for rule in rules { try await rule.check(memberOf(typed)?.value ?? nil) }
            return read
        }
        self.init(
            path: path, placeType: P.self, policy: policy, parameters: parameters, access: access, role: role,
            query: query,
            makePlace: makePlace,
            memberOf: { place in
                do { return memberOf(try place.value(as: P.self)) } catch { return nil }
            },
            textsOf: textsOf,
            openBy: { place, opening in
                let typed = try place.value(as: P.self)
                let module = router(typed)
                module.navigator = opening.navigator
                // What a link's check read is used as it is; a route checks inside its load.
                let value: @MainActor () async throws -> Checked =
                    if let known = opening.checked as? Checked { { known } } else { { try await check(typed) } }
                var another: (@MainActor () async throws -> V)?
                if let fallback = fallback?(typed) { another = { try await fallback(module, value()) } }
                try await opening.source.open(
                    module, transition: opening.transition, whenShown: opening.whenShown, policy: policy,
                    provide: { try await screen(module, value()) }, fallback: another)
            },
            tabOf: { navigator in
                guard case .tab = role, let typed = try? makePlace([], nil)?.value(as: P.self) else { return nil }
                let name = path
                let module = router(typed)
                module.navigator = navigator
                return TabProvider(name, router: module) { try await screen(module, check(typed)) }
            },
            offersOf: { place in
                do { return offers(try place.value(as: P.self)) } catch { return [] }
            },
            checkOf: { place in
                let typed: P
                do { typed = try place.value(as: P.self) } catch { return nil }
                return try await check(typed)
            })
        self.rules = rules
    }

    /// A kind of one place, with a path and no parameter: `chats`, `edit-bio`.
    public convenience init<P: Place, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ place: P, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, P) async throws -> V, policy: LoadPolicy = .standard,
        offers: @escaping @MainActor (P) -> [Offer] = { _ in [] }, query: [QueryParameter] = [],
        check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameters: [], makePlace: { _, _ in AnyPlace(place) },
            memberOf: { $0 == place ? Member(value: nil) : nil }, access: access, role: role, router: router,
            check: { place in
                try await check(place)
                return place
            }, screen: screen, policy: policy, fallback: nil, offers: offers, query: query)
    }

    /// A kind of one place whose screen is built at once (the sign-in screen): no load, policy or
    /// placeholder applies.
    public convenience init<P: Place, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ place: P, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screenAtOnce screen: @escaping @MainActor (R, P) -> V,
        offers: @escaping @MainActor (P) -> [Offer] = { _ in [] }
    ) {
        self.init(
            path, place, access: access, role: role, router: router, screen: { router, place in screen(router, place) },
            offers: offers)
        opensAtOnce(router: router, screen: screen)
    }

    /// A kind of many places, told apart by one parameter, whose screen is built at once from the
    /// place (a test's stand-in for another feature's place).
    public convenience init<P: Place, Value: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ parameter: LinkParameter<Value>, _ embed: @escaping (Value) -> P,
        _ extract: @escaping (P) -> Value?, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screenAtOnce screen: @escaping @MainActor (R, P) -> V
    ) {
        self.init(
            path, parameter, embed, extract, access: access, role: role, router: router,
            screen: { router, value in screen(router, embed(value)) })
        opensAtOnce(router: router, screen: screen)
    }

    private func opensAtOnce<P: Place, V: Screen & Sendable, R: Router<V>>(
        router: @escaping @MainActor (P) -> R, screen: @escaping @MainActor (R, P) -> V
    ) {
        policy = nil
        openBy = { place, opening in
            let typed = try place.value(as: P.self)
            let module = router(typed)
            module.navigator = opening.navigator
            try opening.source.open(screen(module, typed), of: module, transition: opening.transition)
        }
    }

    /// A kind of one place whose module the route that opens it builds
    /// (`Route(flowStep:method:build:)`): a flow's step, which offers nothing.
    public convenience init<P: Place>(flowStep path: String, _ place: P, access: Access) {
        self.init(
            path: path, placeType: P.self, policy: nil, parameters: [], access: access, role: .opened, query: [],
            makePlace: { _, _ in AnyPlace(place) },
            memberOf: { (try? $0.value(as: P.self)) == place ? Member(value: nil) : nil },
            openBy: { place, _ in throw RoutingError.undeclared(place.title) }, tabOf: { _ in nil },
            offersOf: { _ in [] }, checkOf: { _ in nil })
    }

    /// A kind of many places, told apart by typed parameters: `note/<id>/<page>`. The parameters
    /// (`PlaceParameters`, one parser-printer) read a link's segments and print them back; `embed`
    /// makes the place of the values and `extract` reads them (`nil` for another kind). `check`
    /// reads what the screen is built with (a profile's user), so a link that checked a place
    /// does not ask again; `fallback` builds the screen when `screen` fails for good.
    public convenience init<P: Place, Value: Sendable, Checked: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ parameters: PlaceParameters<Value>, embed: @escaping (Value) -> P,
        extract: @escaping (P) -> Value?, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        check: @escaping @MainActor (Value) async throws -> Checked,
        screen: @escaping @MainActor (R, Checked) async throws -> V, policy: LoadPolicy = .standard,
        fallback: (@MainActor (Value) -> (@MainActor (R, Checked) async throws -> V)?)? = nil,
        offers: @escaping @MainActor (P) -> [Offer] = { _ in [] }, query: [QueryParameter] = [],
        rules: [PlaceRule] = []
    ) {
        // Typed, apart from the call: `fallback.map { … }` in it crashes Swift 6.3's type checker.
        let fallbackOf: (@MainActor (P) -> (@MainActor (R, Checked) async throws -> V)?)? =
            if let fallback { { place in extract(place).flatMap(fallback) } } else { nil }
        self.init(
            path: path, parameters: parameters.parameters,
            // With `return`s: as an `if` expression, as beside it, this closure crashes Swift 6.3's
            // type checker ("failed to produce diagnostic").
            makePlace: { texts, _ in
                if let value = parameters.read(texts) { return AnyPlace(embed(value)) } else { return nil }
            },
            memberOf: { if let value = extract($0) { Member(value: value) } else { nil } },
            textsOf: parameters.texts(of:), access: access, role: role, router: router,
            check: { place in
                guard let value = extract(place) else { throw RoutingError.undeclared(place.title) }
                return try await check(value)
            }, screen: screen, policy: policy,
            fallback: fallbackOf,
            offers: offers, query: query, rules: rules)
    }

    /// A kind of many places, told apart by one typed parameter: `chat/<user>`, as for several.
    public convenience init<P: Place, Value: Sendable, Checked: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ parameter: LinkParameter<Value>, _ embed: @escaping (Value) -> P,
        _ extract: @escaping (P) -> Value?, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        check: @escaping @MainActor (Value) async throws -> Checked,
        screen: @escaping @MainActor (R, Checked) async throws -> V, policy: LoadPolicy = .standard,
        fallback: (@MainActor (Value) -> (@MainActor (R, Checked) async throws -> V)?)? = nil,
        offers: @escaping @MainActor (P) -> [Offer] = { _ in [] }, query: [QueryParameter] = [],
        rules: [PlaceRule] = []
    ) {
        self.init(
            path, PlaceParameters(parameter), embed: embed, extract: extract, access: access, role: role,
            router: router, check: check, screen: screen, policy: policy, fallback: fallback, offers: offers,
            query: query, rules: rules)
    }

    /// A kind of many places told apart by one parameter, with no rule: `screen` is built from
    /// the place's value.
    public convenience init<P: Place, Value: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ parameter: LinkParameter<Value>, _ embed: @escaping (Value) -> P,
        _ extract: @escaping (P) -> Value?, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, Value) async throws -> V, policy: LoadPolicy = .standard,
        offers: @escaping @MainActor (P) -> [Offer] = { _ in [] }, query: [QueryParameter] = [],
        rules: [PlaceRule] = []
    ) {
        self.init(
            path, parameter, embed, extract, access: access, role: role, router: router, check: { $0 },
            screen: screen, policy: policy, offers: offers, query: query, rules: rules)
    }
}

extension PlaceKind {
    /// A kind of many places that take their value from the place before them: `chat/<user>/notes`
    /// gets the chat's user (`context`: `UserID`). Its link names no parameter of its own, and it
    /// follows only a place whose value is a `Value`. A kind whose places answer the screen that
    /// opened them (a picker) says its answer's type (`answers`; ``Answer``, `Router.answer(_:as:)`).
    public convenience init<P: Place, Value: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, context: Value.Type, _ embed: @escaping (Value) -> P, _ extract: @escaping (P) -> Value?,
        access: Access, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, Value) async throws -> V, policy: LoadPolicy = .standard,
        offers: @escaping @MainActor (P) -> [Offer] = { _ in [] }, query: [QueryParameter] = [],
        answers: Any.Type? = nil, check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameters: [], makePlace: { ($1 as? Value).map { AnyPlace(embed($0)) } },
            memberOf: { if let value = extract($0) { Member(value: value) } else { nil } },
            access: access, role: .opened, router: router,
            check: { place in
                try await check(place)
                guard let value = extract(place) else { throw RoutingError.undeclared(place.title) }
                return value
            }, screen: screen, policy: policy, fallback: nil, offers: offers, query: query)
        takesContext = true
        self.answers = answers
    }
}

extension PlaceKind {
    /// A kind of many places that take their value from the place before them and name typed
    /// parameters of their own: `chat/<user>/bookmarks/<year>/<month>`. `embed` makes the place
    /// of the context and the values, `extract` reads them back; the screen is built from both.
    /// The place's value, which a route toward it and a place after it read, is its parameters'.
    public convenience init<P: Place, Context: Sendable, Value: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, context: Context.Type, _ parameters: PlaceParameters<Value>,
        embed: @escaping (Context, Value) -> P, extract: @escaping (P) -> (Context, Value)?, access: Access,
        router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, (context: Context, value: Value)) async throws -> V,
        policy: LoadPolicy = .standard, offers: @escaping @MainActor (P) -> [Offer] = { _ in [] },
        query: [QueryParameter] = []
    ) {
        self.init(
            path: path, parameters: parameters.parameters,
            makePlace: { texts, context in
                guard let context = context as? Context, let value = parameters.read(texts) else { return nil }
                return AnyPlace(embed(context, value))
            },
            memberOf: { if let (_, value) = extract($0) { Member(value: value) } else { nil } },
            textsOf: parameters.texts(of:), access: access, role: .opened, router: router,
            check: { place in
                guard let (context, value) = extract(place) else { throw RoutingError.undeclared(place.title) }
                return (context: context, value: value)
            }, screen: screen, policy: policy, fallback: nil, offers: offers, query: query)
        takesContext = true
    }
}
