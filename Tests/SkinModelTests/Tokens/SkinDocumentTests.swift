import Testing
@testable import SkinModel

@Suite("Skin documents")
struct SkinDocumentTests {
    @Test("tokens, groups, inherited $type and metadata")
    func structure() throws {
        let doc = document(##"""
        { "color": { "$type": "color", "$description": "Colours",
            "tint": { "$value": "#3366ff", "$description": "Brand tint", "$deprecated": "use accent",
                      "$extensions": { "com.figma": { "id": "1:2" } } },
            "nested": { "deep": { "$value": "#000" } },
            "size": { "$type": "dimension", "$value": "4px" } },
          "flag": { "$type": "boolean", "$value": false } }
        """##)
        #expect(doc.tokens.map(\.path) == ["color.tint", "color.nested.deep", "color.size", "flag"])
        let tint = doc.tokens[0]
        #expect(tint.type == nil && tint.groupType == .color)
        #expect(tint.description == "Brand tint")
        #expect(tint.deprecated == .string("use accent"))
        #expect(tint.extensions?["com.figma"]?["id"] == .string("1:2"))
        #expect(doc.tokens[1].groupType == .color)
        #expect(doc.tokens[2].type == .dimension)
        #expect(doc.extends == nil && doc.variantNames.isEmpty)
    }

    @Test("$livery: extends, variants and the raw member")
    func livery() {
        let doc = document(##"""
        { "$livery": { "extends": "base@7", "variants": { "dark": { "c": { "$value": "#000" } }, "compact": {} } },
          "c": { "$type": "color", "$value": "#fff" } }
        """##)
        #expect(doc.extends == ParentReference(name: "base", version: 7))
        #expect(doc.extends?.description == "base@7")
        #expect(doc.variantNames == ["dark", "compact"])
        #expect(doc.variants["dark"]?.map(\.path) == ["c"])
        #expect(doc.variants["compact"]?.isEmpty == true)
        #expect(doc.livery?["extends"] == .string("base@7"))
        #expect(document(##"{"$livery": {"extends": "base"}}"##).extends == ParentReference(name: "base"))
    }

    @Test("$root tokens")
    func root() {
        let doc = document(##"""
        { "color": { "$type": "color", "accent": { "$root": { "$value": "#dd0000" }, "light": { "$value": "lighten({color.accent.$root}, 0.5)" } } } }
        """##)
        #expect(doc.tokens.map(\.path) == ["color.accent.$root", "color.accent.light"])
        let result = resolve([LineageEntry(skin: "s", version: 1, document: doc)])
        #expect(result.value("color.accent.light") == quoted("#ee8080ff"))
    }

    @Test("group $extends: deep merge, local wins, chains, inherited type")
    func groupExtends() {
        let doc = document(##"""
        { "button": { "$type": "color",
            "primary": { "background": { "$value": "#3366ff" }, "text": { "$value": "#ffffff" },
                         "border": { "width": { "$type": "dimension", "$value": "1px" }, "color": { "$value": "#000" } } } },
          "danger": { "$extends": "{button.primary}",
            "background": { "$value": "#dd0000" },
            "border": { "color": { "$value": "#990000" } } },
          "ghost": { "$extends": "{danger}", "text": { "$value": "#333" } } }
        """##)
        let paths = doc.tokens.map(\.path)
        #expect(paths.contains("danger.text") && paths.contains("danger.border.width") && paths.contains("ghost.background"))
        let result = resolve([LineageEntry(skin: "s", version: 1, document: doc)])
        #expect(result.value("danger.background") == quoted("#dd0000ff"))
        #expect(result.value("danger.text") == quoted("#ffffffff"))
        #expect(result.value("danger.border.color") == quoted("#990000ff"))
        #expect(result.value("danger.border.width") == #"{"unit":"px","value":1}"#)
        #expect(result.value("ghost.background") == quoted("#dd0000ff"))
        #expect(result.value("ghost.text") == quoted("#333333ff"))
        #expect(result.skin?.tokens["ghost.text"]?.type == .color)
    }

    @Test("property-level $ref pointers")
    func refs() {
        let doc = document(##"""
        { "color": { "$type": "color", "tint": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 1] } } },
          "border": { "$type": "border",
            "focus": { "$value": { "color": { "$ref": "#/color/tint/$value" }, "width": "2px", "style": "solid" } },
            "token": { "$value": { "color": { "$ref": "#/color/tint" }, "width": "1px", "style": "dashed" } },
            "chained": { "$value": { "$ref": "#/border/focus/$value" } } },
          "x": { "$type": "number", "$value": { "$ref": "#/color/tint/$value/components/1" } } }
        """##)
        let result = resolve([LineageEntry(skin: "s", version: 1, document: doc)])
        #expect(result.value("border.focus") == ##"{"color":"#3366ffff","style":"solid","width":{"unit":"px","value":2}}"##)
        #expect(result.value("border.token") == ##"{"color":"#3366ffff","style":"dashed","width":{"unit":"px","value":1}}"##)
        #expect(result.value("border.chained") == result.value("border.focus"))
        #expect(result.value("x") == "0.4")
    }

    @Test("every structural problem is reported, with path and code", arguments: [
        (##"[1]"##, "", DiagnosticCode.invalidDocument, "a skin document must be a JSON object"),
        (##"{"a..b": {"$value": 1, "$type": "number"}}"##, "a..b", .invalidName, "names must not contain '.'"),
        (##"{"a.": {"$value": 1, "$type": "number"}}"##, "a.", .invalidName, "names must not contain '.'"),
        (##"{"a.b": {"$value": 1, "$type": "number"}}"##, "a.b", .dottedName, "'a.b' has a '.', which DTCG forbids"),
        (##"{"a{": {"$value": 1, "$type": "number"}}"##, "a{", .invalidName, "must not contain '{'"),
        (##"{"g": {"$x": {"$value": 1}}}"##, "g.$x", .ignoredMember, "not a DTCG group property"),
        (##"{"a": 1}"##, "a", .ignoredMember, "is neither a token nor a group"),
        (##"{"a": {"$value": 1, "$type": "colour"}}"##, "a", .unknownType, "$type \"colour\" is not a DTCG type"),
        (##"{"a": {"$value": 1, "$type": 3}}"##, "a", .unknownType, "$type 3 is not a type name"),
        (##"{"a": {"$value": 1, "$type": "number", "child": {"$value": 2}}}"##, "a", .invalidDocument, "a token cannot contain 'child'"),
        (##"{"a": {"$value": 1, "$type": "number", "child": {}}}"##, "a", .ignoredMember, "'child' is not a DTCG token property"),
        (##"{"a": {"$value": 1, "$type": "number", "$description": 5}}"##, "a", .invalidDocument, "$description must be a string"),
        (##"{"a": {"$value": 1, "$type": "number", "$deprecated": 5}}"##, "a", .invalidDocument, "$deprecated must be true, false or an explanation"),
        (##"{"a": {"$value": 1, "$type": "number", "$extensions": []}}"##, "a", .invalidDocument, "$extensions must be an object"),
        (##"{"g": {"$root": {"x": {}}}}"##, "g.$root", .invalidDocument, "a group's $root must be a token"),
        (##"{"a": {"$extends": "{b}"}, "b": {"$extends": "{a}"}}"##, "b.$extends", .cycle, "$extends cycle: a → b → a"),
        (##"{"a": {"b": {"$extends": "{a}"}}}"##, "a.b.$extends", .cycle, "$extends cycle: a → a.b → a"),
        (##"{"a": {"$extends": "{nope}"}}"##, "a.$extends", .unknownReference, "$extends '{nope}' names no group"),
        (##"{"t": {"$value": 1, "$type": "number"}, "a": {"$extends": "{t}"}}"##, "a.$extends", .invalidDocument, "names a token, not a group"),
        (##"{"a": {"$extends": 3}}"##, "a.$extends", .invalidDocument, "$extends must be"),
        (##"{"a": {"$type": "number", "$value": {"$ref": "#/nope"}}}"##, "a", .unknownReference, "$ref '#/nope' points to nothing"),
        (##"{"a": {"$type": "number", "$value": {"$ref": "#/b/$value"}}, "b": {"$type": "number", "$value": {"$ref": "#/a/$value"}}}"##, "a", .cycle, "$ref cycle: #/b/$value → #/a/$value → #/b/$value"),
        (##"{"a": {"$type": "number", "$value": {"$ref": "#/b", "x": 1}}}"##, "a", .invalidDocument, "a $ref must be the only member"),
        (##"{"$livery": []}"##, "$livery", .invalidDocument, "$livery must be an object"),
        (##"{"$livery": {"extends": 3}}"##, "$livery.extends", .invalidDocument, "extends must be a string"),
        (##"{"$livery": {"extends": "base@x"}}"##, "$livery.extends", .invalidValue, "the version after '@' must be a positive whole number"),
        (##"{"$livery": {"extends": "base@0"}}"##, "$livery.extends", .invalidValue, "positive whole number"),
        (##"{"$livery": {"extends": ""}}"##, "$livery.extends", .invalidValue, "is not a skin name"),
        (##"{"$livery": {"extends": "a@1@2"}}"##, "$livery.extends", .invalidValue, "more than one '@'"),
        (##"{"$livery": {"variants": []}}"##, "$livery.variants", .invalidDocument, "variants must be an object"),
        (##"{"$livery": {"variants": {"da,rk": {}}}}"##, "$livery.variants.da,rk", .invalidName, "must not contain ','"),
        (##"{"$livery": {"variants": {"dark": 1}}}"##, "$livery.variants.dark", .invalidDocument, "a variant must be a token tree"),
        (##"{"$livery": {"variants": {"dark": {".b": {"$value": 1}}}}}"##, "$livery.variants.dark..b", .invalidName, "must not contain '.'"),
    ] as [(String, String, DiagnosticCode, String)])
    func problems(text: String, path: String, code: DiagnosticCode, message: String) {
        let problems = documentProblems(text)
        let all = problems.errors + problems.warnings
        let match = all.first { $0.code == code && $0.path == path }
        #expect(match?.message.contains(message) == true, "\(all)")
    }

    @Test("all errors are collected, not just the first")
    func collectsAll() {
        let problems = documentProblems(##"{"a..b": {"$value": 1}, "c": {"$value": 1, "$type": 7}, "d": {"$value": 1, "e": {"$value": 2}}, "$livery": {"extends": "@"}}"##)
        #expect(problems.errors.count == 4)
        #expect(Set(problems.errors.map(\.code)) == [.invalidName, .unknownType, .invalidDocument, .invalidValue])
    }

    @Test("a warning-only document parses and keeps its warnings")
    func warnings() {
        let doc = document(##"{"$themes": {}, "$metadata": {"author": "core"}, "a": {"$type": "number", "$value": 1}}"##)
        #expect(doc.warnings.map(\.path) == ["$themes", "$metadata"])
        #expect(doc.warnings.allSatisfy { $0.code == .ignoredMember && $0.severity == .warning })
    }
}

extension SkinDocumentTests {
    @Test("long $extends and $ref chains are errors, not stack overflows")
    func chainLimits() {
        var groups: [String] = []
        for index in 0..<400 {
            groups.append(index == 399 ? #""g399": {"x": {"$type": "number", "$value": 1}}"# : #""g\#(index)": {"$extends": "{g\#(index + 1)}"}"#)
        }
        let problems = documentProblems("{" + groups.joined(separator: ",") + "}")
        #expect(problems.errors.contains { $0.message.contains("more than 256 levels deep") })
        var refs: [String] = []
        for index in 0..<100 {
            refs.append(index == 99 ? #""r99": {"$type": "number", "$value": 1}"# : ##""r\##(index)": {"$type": "number", "$value": {"$ref": "#/r\##(index + 1)/$value"}}"##)
        }
        let refProblems = documentProblems("{" + refs.joined(separator: ",") + "}")
        #expect(refProblems.errors.contains { $0.message.contains("chain more than 64 deep") })
    }
}
