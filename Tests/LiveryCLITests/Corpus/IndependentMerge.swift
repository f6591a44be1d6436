import Foundation

/// The test's own reading of a DTCG resolver document, written from the Resolver Module's text
/// and sharing no code with Livery: compose the selected sources in `resolutionOrder` into one
/// token tree (later definitions win; groups merge), flatten it, and follow exact aliases to the
/// literal they end at. Livery's resolved permutations are compared with it token by token.
struct IndependentMerge {
    let resolver: [String: Any]
    let files: [String: Any]

    /// A flattened token: its `$type` (own or inherited in the merged tree) and raw `$value`.
    struct Token {
        var type: String?
        var value: Any
        /// Primer's `alpha` beside a colour's `$value`, which replaces the colour's alpha (docs/skins.md).
        var alpha: Double? = nil
    }

    /// The merged tokens of one selection (modifier name → context).
    func tokens(selection: [String: String]) -> [String: Token] {
        var merged: [String: Any] = [:]
        for item in resolver["resolutionOrder"] as? [[String: Any]] ?? [] {
            for source in sources(ofOrderItem: item, selection: selection) { merged = Self.deepMerge(merged, source) }
        }
        var flat: [String: Token] = [:]
        Self.flatten(merged, path: [], inheritedType: nil, contexts: Set(selection.values), into: &flat)
        return flat
    }

    private func sources(ofOrderItem item: [String: Any], selection: [String: String]) -> [[String: Any]] {
        if let reference = item["$ref"] as? String {
            let parts = reference.split(separator: "/").map(String.init)  // "#", "sets"|"modifiers", name
            let definition = (resolver[parts[1]] as? [String: Any])?[parts[2]] as? [String: Any] ?? [:]
            return parts[1] == "sets" ? expand(definition["sources"]) : contexts(definition, name: parts[2], selection: selection)
        }
        if item["type"] as? String == "set" { return expand(item["sources"]) }
        return contexts(item, name: item["name"] as? String ?? "", selection: selection)
    }

    private func contexts(_ modifier: [String: Any], name: String, selection: [String: String]) -> [[String: Any]] {
        let contexts = modifier["contexts"] as? [String: Any] ?? [:]
        guard let chosen = selection[name] else { return [] }
        return expand(contexts[chosen])
    }

    private func expand(_ list: Any?) -> [[String: Any]] {
        (list as? [[String: Any]] ?? []).flatMap { entry -> [[String: Any]] in
            guard let reference = entry["$ref"] as? String else { return [entry] }
            if reference.hasPrefix("#/sets/") {
                let set = (resolver["sets"] as? [String: Any])?[String(reference.dropFirst(7))] as? [String: Any]
                return expand(set?["sources"])
            }
            let file = reference.split(separator: "#").first.map(String.init) ?? reference
            return [files[file] as? [String: Any] ?? [:]]
        }
    }

    static func isToken(_ object: [String: Any]) -> Bool { object["$value"] != nil || object["$ref"] != nil }

    static func deepMerge(_ base: [String: Any], _ overlay: [String: Any]) -> [String: Any] {
        var result = base
        for (key, value) in overlay {
            if let group = value as? [String: Any], !isToken(group), let existing = result[key] as? [String: Any], !isToken(existing) {
                result[key] = deepMerge(existing, group)
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// `contexts`: the selection's context names. Primer's per-theme values
    /// (`$extensions["org.primer.overrides"]`, docs/skins.md) apply where a context bears the
    /// override's name, as Primer's build applies them: the override's members over the token's, a
    /// text being the `$value`.
    static func flatten(_ group: [String: Any], path: [String], inheritedType: String?, contexts: Set<String>, into flat: inout [String: Token]) {
        let type = group["$type"] as? String ?? inheritedType
        for (key, value) in group where !key.hasPrefix("$") || key == "$root" {
            guard var child = value as? [String: Any] else { continue }
            if child["$value"] != nil, let overrides = (child["$extensions"] as? [String: Any])?["org.primer.overrides"] as? [String: Any],
                let override = contexts.compactMap({ overrides[$0] }).first {
                if let members = override as? [String: Any] { child.merge(members) { $1 } } else { child["$value"] = override }
            }
            if let raw = child["$value"] {
                let tokenType = child["$type"] as? String ?? type
                flat[(path + [key]).joined(separator: ".")] = Token(type: tokenType, value: raw, alpha: tokenType == "color" ? child["alpha"] as? Double : nil)
            } else if !isToken(child) {
                flatten(child, path: path + [key], inheritedType: type, contexts: contexts, into: &flat)
            }
        }
    }

    /// The literal an exact alias chain ends at (nil for a chain that leaves the tokens or loops).
    static func literal(of path: String, in tokens: [String: Token]) -> Token? {
        var current = tokens[path]
        for _ in 0..<32 {
            guard let token = current, let text = token.value as? String, text.hasPrefix("{"), text.hasSuffix("}"),
                !text.dropFirst().contains("{")
            else { return current }
            // The alpha nearest the start of the chain wins: each one replaces the alpha of what it references.
            current = tokens[String(text.dropFirst().dropLast())].map { Token(type: token.type ?? $0.type, value: $0.value, alpha: token.alpha ?? $0.alpha) }
        }
        return nil
    }

    /// What Livery's flat output must hold for a literal, where the comparison is plain (sRGB and
    /// hex colours, numbers, px/rem dimensions, strings); nil where the notation needs a
    /// converter (other colour spaces, composites) — those tokens are compared by presence and type.
    static func expectedFlatValue(_ token: Token) -> Any? {
        guard let alpha = token.alpha, let hex = expectedFlatValue(Token(type: token.type, value: token.value)) as? String else {
            return token.alpha == nil ? opaqueFlatValue(token) : nil
        }
        return String(hex.prefix(7)) + String(format: "%02x", Int((alpha * 255).rounded()))
    }

    private static func opaqueFlatValue(_ token: Token) -> Any? {
        switch (token.type, token.value) {
        case ("color", let hex as String) where hex.hasPrefix("#") && [4, 7, 9].contains(hex.count):
            var digits = String(hex.dropFirst()).lowercased()
            if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
            return "#" + digits + (digits.count == 6 ? "ff" : "")
        case ("color", let object as [String: Any]):
            guard object["colorSpace"] as? String == "srgb", let components = object["components"] as? [Double], components.count == 3 else { return nil }
            let channels = components + [object["alpha"] as? Double ?? 1]
            return "#" + channels.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
        case ("number", let number as Double):
            return number
        case ("dimension", let object as [String: Any]) where ["px", "rem"].contains(object["unit"] as? String ?? ""):
            return object
        case ("string", let text as String), ("fontFamily", let text as String):
            return text.hasPrefix("{") ? nil : text
        default:
            return nil
        }
    }
}
