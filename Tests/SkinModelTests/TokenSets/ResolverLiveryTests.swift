import SkinModel
import Testing

/// A resolver bundle's `$livery` is honoured wherever it is written (docs/skins.md, "Token
/// sets"): at the bundle's top level, or inside the resolver document, which is where
/// `livery publish X.resolver.json` carries it. Never stored and ignored.
@Suite struct ResolverLiveryTests {
    /// A one-set resolver with black text on near-black, and `$livery` (a failing contrast
    /// pair) where `placement` says.
    static func bundle(liveryInResolver: Bool, liveryInBundle: Bool) -> [UInt8] {
        let livery = #""$livery": {"contrast": [{"foreground": "{color.text}", "background": "{color.background}", "min": 4.5}]}"#
        let resolver = ##"{"version": "2025.10", "sets": {"base": {"sources": [{"color": {"$type": "color", "text": {"$value": "#111111"}, "background": {"$value": "#000000"}}}]}}, "resolutionOrder": [{"$ref": "#/sets/base"}]\##(liveryInResolver ? ", " + livery : "")}"##
        return Array(#"{"resolver": \#(resolver), "files": {}\#(liveryInBundle ? ", " + livery : "")}"#.utf8)
    }

    static func contrastWarnings(_ bytes: [UInt8]) throws -> [Diagnostic] {
        let document = try SkinDocument.parse(bytes)
        var resolved: [[String]: ResolvedSkin] = [:]
        let problems = Validator.validate(document: document, ancestors: [], assets: [:], resolved: &resolved)
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        return problems.warnings.filter { $0.code == .contrast }
    }

    @Test func contrastPairsInTheResolverDocumentAreChecked() throws {
        #expect(try Self.contrastWarnings(Self.bundle(liveryInResolver: true, liveryInBundle: false)).count == 1)
        #expect(try Self.contrastWarnings(Self.bundle(liveryInResolver: false, liveryInBundle: true)).count == 1)
        #expect(try Self.contrastWarnings(Self.bundle(liveryInResolver: false, liveryInBundle: false)).isEmpty, "no pairs, nothing to check")
    }

    @Test func livery_in_both_places_is_refused_naming_both() throws {
        #expect {
            try SkinDocument.parse(Self.bundle(liveryInResolver: true, liveryInBundle: true))
        } throws: { error in
            (error as? SkinProblems)?.errors.contains { $0.path == "resolver.$livery" && $0.message.contains("twice") } == true
        }
    }
}
