import Navigation
import Restoration
import Testing

@testable import App

/// Property tests of the kept state, on the app's own places: generated legal states round-trip,
/// and any text, however damaged, reads as a legal beginning.
@MainActor
@Suite("Kept state, versioned")
struct KeptStateTests {
    /// A legal state of the app: every tab with a chain of places each offered by the one before,
    /// a tab shown, modals continuing from its top, and now and then a module's kept state.
    static func generate(_ random: inout SplitMix, in links: LinkNavigator, samples: [AnyPlace]) -> NavigationState<
        KeptPlace
    > {
        let drafts = ["", "a draft", "two words #and %signs", "ünïcode \u{1F600}", "tab\tseparated"]
        func chain(from start: AnyPlace, count: Int) -> [KeptPlace] {
            var places = [start]
            for _ in 0..<count {
                let candidates = samples.filter { links.canFollow($0, after: places[places.count - 1]) }
                guard !candidates.isEmpty else { break }
                places.append(candidates[random.next(candidates.count)])
            }
            return places.map { place in
                // Some places keep the items their screen shows (a mark, a filter).
                var query = QueryItems()
                if let item = links.kind(of: place)?.query.first, random.next(3) == 0 {
                    switch item.kind {
                    case .int(let range): query[item.name] = .int(range.lowerBound + random.next(5))
                    case .text: query[item.name] = .text(["b", "car park", "ünï", "50%"][random.next(4)])
                    }
                }
                return KeptPlace(
                    place, query: query, state: random.next(6) == 0 ? drafts[random.next(drafts.count)] : nil)
            }
        }
        let tabs = links.tabs.map { tab in
            NavigationState<KeptPlace>.Tab(name: tab.name, stack: chain(from: tab.root, count: random.next(4)))
        }
        let selected = random.next(tabs.count)
        // Modals: what follows the shown tab's top, cut into stacks.
        let top = tabs[selected].stack[tabs[selected].stack.count - 1]
        let more = Array(chain(from: top.place, count: random.next(4)).dropFirst())
        var modals: [[KeptPlace]] = []
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
    static func isLegal(_ state: NavigationState<KeptPlace>, in links: LinkNavigator) -> Bool {
        guard state.tabs.indices.contains(state.selected) else { return false }
        for tab in state.tabs {
            guard let first = tab.stack.first, links.kind(of: first.place)?.tab == tab.name else { return false }
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
    static func samples(_ links: LinkNavigator) -> [AnyPlace] {
        LinkTests.samples(links).filter { if case .opened = links.kind(of: $0)?.role { true } else { false } }
    }

    @Test("10,000 generated legal states, drafts and all, round-trip through the kept text unchanged")
    func roundTrip() async throws {
        let links = try ScriptedApp().app.links
        let samples = Self.samples(links)
        var random = SplitMix(seed: 24)
        for round in 0..<10_000 {
            // Other tests on the main actor get their turn now and then.
            if round % 100 == 0 { await Task.yield() }
            let state = Self.generate(&random, in: links, samples: samples)
            let (text, unkept) = KeptState.text(of: state, by: links)
            let (read, problems) = KeptState.read(text, by: links)
            guard unkept.isEmpty, problems.isEmpty, read == state, Self.isLegal(state, in: links) else {
                Issue.record("round \(round): \(text)\nread back \(String(describing: read)), problems \(problems)")
                return
            }
        }
    }

    @Test("10,000 damaged texts never trap, and always read as a legal beginning, or as nothing, with a report")
    func fuzzed() async throws {
        let links = try ScriptedApp().app.links
        let samples = Self.samples(links)
        var random = SplitMix(seed: 2_024)
        let noise = Array("\n #%/abz09AZ-._~!?\u{202E}é".utf8) + [0, 0xFF]
        var partly = 0
        for round in 0..<10_000 {
            if round % 100 == 0 { await Task.yield() }
            var bytes = Array(
                KeptState.text(of: Self.generate(&random, in: links, samples: samples), by: links).text.utf8)
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
            let (read, problems) = KeptState.read(text, by: links)
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
}
