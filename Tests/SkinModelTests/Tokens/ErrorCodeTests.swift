import Testing
@testable import SkinModel

/// One input per diagnostic code the tokens half raises, end to end through document
/// parsing and resolution (`unknown-skin` is the store's: only it knows which skins exist).
@Suite("Error codes")
struct ErrorCodeTests {
    @Test("each code is raised, with a path and a message naming the offending text", arguments: [
        (DiagnosticCode.invalidJSON, #"{"a": }"#, [String](), "unexpected '}'"),
        (.invalidDocument, #"{"a": {"$type": "number", "$value": 1, "b": {"$value": 2}}}"#, [], "'b'"),
        (.invalidName, #"{"a}b": {"$type": "number", "$value": 1}}"#, [], "a}b"),
        (.unknownType, #"{"a": {"$type": "int", "$value": 1}}"#, [], "\"int\""),
        (.ignoredMember, #"{"$tokenSetOrder": [], "a": {"$type": "number", "$value": 1}}"#, [], "$tokenSetOrder"),
        (.missingType, #"{"a": {"$value": [1, 2]}}"#, [], "[1,2]"),
        (.typeMismatch, #"{"a": {"$type": "color", "$value": "{b}"}, "b": {"$type": "number", "$value": 1}}"#, [], "{b}"),
        (.cycle, #"{"a": {"$type": "number", "$value": "{b}"}, "b": {"$type": "number", "$value": "{a}"}}"#, [], "a → b → a"),
        (.unknownReference, #"{"a": {"$type": "number", "$value": "{nope} * 2"}}"#, [], "{nope}"),
        (.unknownVariant, #"{"a": {"$type": "number", "$value": 1}}"#, ["dusk"], "'dusk'"),
        (.invalidValue, #"{"a": {"$type": "fontWeight", "$value": 1200}}"#, [], "1200"),
        (.invalidExpression, #"{"a": {"$type": "number", "$value": "1 +* 2"}}"#, [], "'1 +* 2'"),
        (.unknownFunction, ##"{"a": {"$type": "color", "$value": "tint({b}, 1)"}, "b": {"$type": "color", "$value": "#fff"}}"##, [], "'tint'"),
        (.expressionType, #"{"a": {"$type": "dimension", "$value": "{b} + 1"}, "b": {"$type": "dimension", "$value": "2px"}}"#, [], "dimension 2px and number 1"),
        (.unsupportedColorSpace, #"{"a": {"$type": "color", "$value": {"colorSpace": "cmyk", "components": [0, 0, 0]}}}"#, [], "'cmyk'"),
        (.outOfGamut, #"{"a": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [0, 1, 0]}}}"#, [], "[0,1,0]"),
        (.invalidTokenSet, #"{"resolver": {"version": "2024", "resolutionOrder": []}}"#, [], "\"2024\""),
        (.outsideBundle, #"{"resolver": {"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "gone.json"}]}]}}"#, [], "gone.json"),
        (.unusedSource, #"{"a": {}, "b": {}, "$themes": [{"name": "t", "selectedTokenSets": {"a": "enabled"}}]}"#, [], "'b'"),
        (.unknownAsset, #"{"a": {"$type": "asset", "$value": "sha256:2222222222222222222222222222222222222222222222222222222222222222"}}"#, [], "2222"),
    ] as [(DiagnosticCode, String, [String], String)])
    func code(code: DiagnosticCode, text: String, variants: [String], offending: String) {
        var found: [Diagnostic] = []
        do {
            let doc = try SkinDocument.parse(Array(text.utf8))
            found += doc.warnings
            let result = resolve([LineageEntry(skin: "s", version: 1, document: doc)], variants: variants)
            switch result {
            case .success(let skin): found += skin.warnings
            case .failure(let problems): found += problems.errors + problems.warnings
            }
        } catch {
            found += error.errors + error.warnings
        }
        let match = found.first { $0.code == code }
        #expect(match != nil, "\(found)")
        #expect(match?.message.contains(offending) == true, "\(found)")
    }

    @Test("lineage-too-deep and invalid-request come from the request")
    func requestCodes() {
        let deep = (0...16).map { index in
            LineageEntry(skin: "s\(index)", version: 1, document: document(index == 0 ? "{}" : #"{"$livery": {"extends": "s\#(index - 1)"}}"#))
        }
        #expect(resolve(deep).errors.map(\.code) == [.lineageTooDeep])
        #expect(resolve([]).errors.map(\.code) == [.invalidRequest])
    }
}
