import Console
import Domain
import Store
import TestSupport
import Testing

@testable import App
@testable import Navigation

/// Property tests of the one encoding of a window's state (`StateText`), on the app's own places:
/// generated legal sessions round-trip, any text, however damaged, reads as a legal beginning, and
/// the kept state, an event's state and a replay read the same bytes.
@MainActor
@Suite("The one encoding of state")
struct KeptStateTests {
    /// A legal state of the app: every tab with a chain of places each offered by the one before,
    /// a tab shown, modals continuing from its top, and now and then a place's query items, a
    /// module's kept state (a draft), and an open question (a picker's).
    static func generate(_ random: inout SplitMix, in links: Links, samples: [AppPlace]) -> NavigationState<
        Recorded<AppPlace>
    > {
        let drafts = ["", "a draft", "two words #and %signs", "ünïcode \u{1F600}", "tab\tseparated"]
        func chain(from start: AppPlace, count: Int) -> [Recorded<AppPlace>] {
            var places = [start]
            for _ in 0..<count {
                let candidates = samples.filter { links.canFollow($0, after: places[places.count - 1]) }
                guard !candidates.isEmpty else { break }
                places.append(candidates[random.next(candidates.count)])
            }
            return places.map { place in
                // Some places keep the items their screen shows (a mark, a filter).
                var query = QueryItems()
                if let item = links.kind(of: place)?.facts.query.first, random.next(3) == 0 {
                    switch item.kind {
                    case .int(let range): query[item.name] = .int(range.lowerBound + random.next(5))
                    case .text: query[item.name] = .text(["b", "car park", "ünï", "50%"][random.next(4)])
                    }
                }
                let answers = links.kind(of: place)?.facts.answers == true
                return Recorded(
                    place, query: query, state: random.next(6) == 0 ? drafts[random.next(drafts.count)] : nil,
                    question: answers && random.next(2) == 0 ? 1 + random.next(1_000) : nil)
            }
        }
        let tabs = links.tabs.map { tab in
            NavigationState<Recorded<AppPlace>>.Tab(name: tab.name, stack: chain(from: tab.root, count: random.next(4)))
        }
        let selected = random.next(tabs.count)
        // Modals: what follows the shown tab's top, cut into stacks.
        let top = tabs[selected].stack[tabs[selected].stack.count - 1]
        let more = Array(chain(from: top.place, count: random.next(4)).dropFirst())
        var modals: [[Recorded<AppPlace>]] = []
        for place in more {
            if modals.isEmpty || random.next(2) == 0 {
                modals.append([place])
            } else {
                modals[modals.count - 1].append(place)
            }
        }
        return NavigationState(tabs: tabs, selected: selected, modals: modals)
    }

    /// Whether `state` is legal: each tab starts at its own first screen, each place may follow
    /// the one before, modals continue from the shown tab's top, and the tab shown is a tab.
    static func isLegal(_ state: NavigationState<Recorded<AppPlace>>, in links: Links) -> Bool {
        guard state.tabs.indices.contains(state.selected) else { return false }
        for tab in state.tabs {
            guard let first = tab.stack.first, links.tabs.contains(where: { $0 == (tab.name, first.place) }) else {
                return false
            }
            for (previous, next) in zip(tab.stack, tab.stack.dropFirst())
            where !links.canFollow(next.place, after: previous.place) {
                return false
            }
        }
        let chain = [state.tabs[state.selected].stack.last].compactMap { $0 } + state.modals.joined()
        return zip(chain, chain.dropFirst()).allSatisfy { links.canFollow($1.place, after: $0.place) }
            && state.modals.allSatisfy { !$0.isEmpty }
    }

    /// The places a link may open, one of each kind and parameter the tests use.
    static func samples(_ links: Links) -> [AppPlace] {
        LinkTests.samples(links).filter { if case .opened = links.kind(of: $0)?.role { true } else { false } }
    }

    @Test(
        "10,000 generated sessions of up to three windows, with modals, query items, drafts and open questions, round-trip through the one encoding unchanged"
    )
    func roundTrip() async throws {
        let links = Links(window: try ScriptedApp().app.window)
        let samples = Self.samples(links)
        var random = SplitMix(seed: 24)
        for round in 0..<10_000 {
            // Other tests on the main actor get their turn now and then.
            if round % 100 == 0 { await Task.yield() }
            let states = (0...random.next(3)).map { _ in Self.generate(&random, in: links, samples: samples) }
            let front = random.next(states.count)
            let texts = states.map { StateText.text(of: $0) }
            let text = states.count == 1 ? texts[0] : StateText.text(ofWindows: texts, front: front)
            let session = StateText.windows(in: text) ?? (0, [text], [])
            let read = session.windows.map { StateText.read($0, by: links.declarations, limit: standardDepthLimit) }
            guard session.front == (states.count == 1 ? 0 : front), session.problems.isEmpty,
                read.map(\.state) == states, read.allSatisfy({ $0.problems.isEmpty }),
                states.allSatisfy({ Self.isLegal($0, in: links) })
            else {
                Issue.record("round \(round): \(text)\nread back \(read)")
                return
            }
        }
    }

    @Test("10,000 damaged texts never trap, and always read as a legal beginning, or as nothing, with a report")
    func fuzzed() async throws {
        let links = Links(window: try ScriptedApp().app.window)
        let samples = Self.samples(links)
        var random = SplitMix(seed: 2_024)
        let noise = Array("\n #%/!?abz09AZ-._~\u{202E}é".utf8) + [0, 0xFF]
        var partly = 0
        for round in 0..<10_000 {
            if round % 100 == 0 { await Task.yield() }
            var bytes = Array(StateText.text(of: Self.generate(&random, in: links, samples: samples)).utf8)
            for _ in 0..<(1 + random.next(6)) {
                guard !bytes.isEmpty else { break }
                let at = random.next(bytes.count)
                switch random.next(5) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(noise[random.next(noise.count)], at: at)
                case 2: bytes[at] = noise[random.next(noise.count)]
                case 3: bytes.removeSubrange(at...)
                default:
                    bytes.insert(
                        contentsOf: bytes[at..<min(bytes.count, at + 1 + random.next(20))], at: random.next(bytes.count)
                    )
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let (read, problems) = StateText.read(text, by: links.declarations, limit: standardDepthLimit)
            if let read {
                guard Self.isLegal(read, in: links) else {
                    Issue.record("round \(round): not legal: \(read) from\n\(text)")
                    return
                }
                if !problems.isEmpty { partly += 1 }
            } else if problems.isEmpty, !text.isEmpty {
                Issue.record("round \(round): nothing read, and no reason given, from\n\(text)")
                return
            }
        }
        #expect(partly > 1_000, "the damage was read around, not just refused")
    }

    @Test(
        "one writer: what is kept at quit, each window's last event and a replay of the record are the same bytes, read by the same reader"
    )
    func oneEncoding() async throws {
        let backend = InMemoryBackend()
        let events = RecordedOutput()
        let session = try ScriptedApp(
            [
                "login alice", "wonderland", "message 1", "share", "window new", "profile 2", "edit", "bio A draft",
                "window 1", "quit",
            ].map(RawLine.init), backend: backend, events: events)
        #expect(try await session.run() == 0)
        let kept = try #require(backend.savedPlaces(of: "alice"))
        let windows = try #require(StateText.windows(in: kept))

        // Each window's last event carries its state as the encoding wrote it.
        var last: [Int: String] = [:]
        for line in events.text.split(separator: "\n") {
            var reader = JSONReader(line, depthLimit: 16)
            guard case .object(let fields)? = reader.value(), case .number(let id)? = fields["id"] else { continue }
            if case .string(let state)? = fields["state"] { last[id] = state }
        }
        #expect(last.keys.sorted() == [1, 2])
        #expect(windows.windows.map(\.trimmedQuestions) == [1, 2].compactMap { last[$0]?.trimmedQuestions })

        // The replay reads the same bytes, with the same reader: the windows it rebuilds show them.
        let replayed = try ScriptedApp()
        try await replayed.start()
        let replay = try Replay(reading: events.text, into: replayed.app.windows, words: replayed.app.console.describe)
        try await replay.show(upTo: replay.events.count)
        #expect(
            replayed.app.windows.all.map { StateText.text(of: $0.recorded) }
                == windows.windows.map(\.withoutModuleState))
    }
}

extension String {
    /// The text with each place's question record left out: a question is kept with its record
    /// only once the store keeps it, after the event that opened it was written.
    fileprivate var trimmedQuestions: String { replacing(/!\d+/, with: "") }

    /// The text with what only a module keeps left out (its draft, its question): a replay's
    /// stand-in screens keep neither.
    fileprivate var withoutModuleState: String {
        replacing(/!\d+/, with: "").replacing(/#[^ \n]*/, with: "")
    }
}
