import Testing

@testable import Navigation

@Suite("Navigation plan")
struct NavigationPlanTests {
    typealias Plan = NavigationPlan<String>

    @Test("the same places need no step")
    func same() {
        #expect(Plan(from: ["A", "B"], to: ["A", "B"]).steps.isEmpty)
    }

    @Test("deeper places are opened one by one, each from the one before")
    func opens() {
        #expect(Plan(from: ["A"], to: ["A", "B", "C"]).steps == [.open("B", from: "A"), .open("C", from: "B")])
    }

    @Test("what is above the common prefix is closed in one step, from its lowest screen")
    func closes() {
        #expect(Plan(from: ["A", "B", "C", "D"], to: ["A", "B"]).steps == [.close(index: 2, place: "C")])
        #expect(
            Plan(from: ["A", "B", "C"], to: ["A", "X"]).steps == [.close(index: 1, place: "B"), .open("X", from: "A")])
        #expect(
            Plan(from: ["A", "B", "C"], to: ["A", "C"]).steps == [.close(index: 1, place: "B"), .open("C", from: "A")])
        #expect(Plan(from: ["A", "B"], to: ["A", "X"]).kept == 1)
    }

    @Test("a different root, or an empty window, replaces the root")
    func root() {
        #expect(Plan(from: ["A", "B"], to: ["Z", "Y"]).steps == [.replaceRoot("Z"), .open("Y", from: "Z")])
        #expect(Plan(from: [], to: ["Z"]).steps == [.replaceRoot("Z")])
    }
}
