import Testing
@testable import SkinModel

/// Tokens Studio's math mixes px and plain numbers (its designsystemet export computes
/// `floor({_size.unit} * 3)` for dimension tokens, and aliases `4px` from number tokens):
/// read as px / as the number, each with `legacy-form`, while other units still mismatch.
@Suite struct UnitlessMathTests {
    static let cases: [(name: String, document: String, path: String, expected: String?)] = [
        ("a number expression for a dimension is px",
         #"{"unit": {"$type": "number", "$value": 4}, "gap": {"$type": "dimension", "$value": "floor({unit} * 2.5)"}}"#,
         "gap", #"{"unit":"px","value":10}"#),
        ("a px dimension aliased by a number is its number",
         #"{"step": {"$type": "dimension", "$value": "4px"}, "factor": {"$type": "number", "$value": "{step}"}}"#,
         "factor", "4"),
        ("a px dimension in a number expression is its number",
         #"{"step": {"$type": "dimension", "$value": "4px"}, "ratio": {"$type": "number", "$value": "{step} * 2"}}"#,
         "ratio", "8"),
        ("a rem dimension aliased by a number still mismatches",
         #"{"step": {"$type": "dimension", "$value": "1rem"}, "factor": {"$type": "number", "$value": "{step}"}}"#,
         "factor", nil),
    ]

    @Test(arguments: cases.indices)
    func pixelsAndNumbers(index: Int) {
        let example = Self.cases[index]
        let result = resolve(lineage([("tokens", 1, example.document)]))
        if let expected = example.expected {
            #expect(result.value(example.path) == expected, "\(example.name): \(result.errors)")
            #expect(result.skin?.warnings.contains { $0.code == .legacyForm && $0.path == example.path } == true, "\(example.name)")
        } else {
            #expect(result.errors.map(\.code) == [.typeMismatch], "\(example.name)")
        }
    }
}
