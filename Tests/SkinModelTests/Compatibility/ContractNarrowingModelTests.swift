import Testing
@testable import SkinModel

/// What a replacement contract removes or retypes (docs/apps.md, "Old builds in the field").
@Suite struct ContractNarrowingModelTests {
    static let old = BuildContract(tokens: ["color.tint": "color", "size.corner": "dimension"], styles: ["a/b", "c"], images: ["logo"])

    @Test(arguments: [
        (BuildContract(tokens: ["color.tint": "color", "size.corner": "dimension"], styles: ["c", "a/b"], images: ["logo"]), [String]()),
        (BuildContract(tokens: ["color.tint": "color", "size.corner": "dimension", "x": "number"], styles: ["a/b", "c", "d"], images: ["logo", "m"]), []),
        (BuildContract(tokens: ["color.tint": "string", "size.corner": "dimension"], styles: ["a/b", "c"], images: ["logo"]), ["tokens.color.tint retyped"]),
        (BuildContract(tokens: ["color.tint": "color"], styles: ["c"], images: []), ["tokens.size.corner removed", "styles.a/b removed", "images.logo removed"]),
        (BuildContract(), ["tokens.color.tint removed", "tokens.size.corner removed", "styles.a/b removed", "styles.c removed", "images.logo removed"]),
    ])
    func onlyRemovedAndRetypedEntriesAreNarrowings(replacement: BuildContract, expected: [String]) {
        let found = Self.old.narrowings(to: replacement, build: "ios/3.2.1")
        #expect(found.map { "\($0.path) \($0.reason.rawValue)" } == expected)
        #expect(found.allSatisfy { $0.message.hasPrefix("ios/3.2.1 ") })
    }
}
