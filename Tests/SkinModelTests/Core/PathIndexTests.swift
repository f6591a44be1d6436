import Testing
@testable import SkinModel

@Suite("The resolution's path index")
struct PathIndexTests {
    @Test("paths are numbered in the order first met, found again by path, and unknown paths are nil")
    func numbering() {
        var index = PathIndex(capacity: 3)
        #expect(index.number("color.tint") == 0)
        #expect(index.number("size.corner") == 1)
        #expect(index.number("color.tint") == 0)
        #expect(index.number("color") == 2)
        #expect(index.paths == ["color.tint", "size.corner", "color"])
        #expect(index["size.corner"] == 1 && index["color"] == 2)
        #expect(index["color.tin"] == nil && index[""] == nil && index["size.corner."] == nil)
    }

    @Test("it grows past the capacity it was given and still finds every path")
    func growth() {
        var index = PathIndex()
        let paths = (0..<5_000).map { "group\($0 % 37).token\($0)" }
        for (number, path) in paths.enumerated() { #expect(index.number(path) == number) }
        #expect(paths.indices.allSatisfy { index[paths[$0]] == $0 })
        #expect(index["group0.token5000"] == nil)
    }

    @Test("canonically equivalent spellings are one path, as String equality has them")
    func canonicalEquivalence() {
        var index = PathIndex()
        let precomposed = "couleur.\u{E9}t\u{E9}"
        #expect(index.number(precomposed) == 0)
        #expect(index.number("couleur.e\u{301}te\u{301}") == 0)
        #expect(index["couleur.e\u{301}te\u{301}"] == 0)
    }
}
