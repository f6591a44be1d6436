/// Applies DTCG 2025.10 group `$extends` within one token tree, before layering (docs/skins.md, "Tokens and groups").
///
/// `"$extends": "{other.group}"` makes a group start as a deep copy of the other group,
/// its own members winning: a nested group present on both sides is merged the same way,
/// a token (or any other member) present on both sides is the local one. The copy keeps
/// the `$type` the other group had (its own or inherited), unless the extending group sets
/// one, so copied tokens keep their types. Chains are followed; a group that (directly or
/// through a chain, or by extending its own ancestor) would contain itself is a `cycle`.
struct GroupExtendsResolver {
    /// The tree being resolved.
    let root: JSONObject
    /// An already resolved tree to look targets up in when `root` lacks them (a variant's
    /// groups may extend the document's own groups).
    let fallback: JSONObject?
    /// Prefix for diagnostic paths (`$livery.variants.dark.` inside a variant).
    let pathPrefix: String
    /// Every group copied into another is spent here: `$extends` fan-outs multiply.
    let budget: ExpansionBudget
    private(set) var problems = SkinProblems()
    private var resolved: [[String]: JSONObject] = [:]
    private var inProgress: [[String]] = []

    init(root: JSONObject, fallback: JSONObject? = nil, pathPrefix: String = "", budget: ExpansionBudget = .unlimited()) {
        self.budget = budget
        self.root = root
        self.fallback = fallback
        self.pathPrefix = pathPrefix
    }

    /// The tree with every `$extends` applied.
    mutating func resolveTree() -> JSONObject {
        resolve(path: [], object: root)
    }

    /// Nesting plus `$extends` chains deeper than this are rejected: resolution recurses
    /// along them, and a hostile chain of thousands of groups must not exhaust the stack.
    static let maximumDepth = 256

    private mutating func resolve(path: [String], object: JSONObject) -> JSONObject {
        if let done = resolved[path] { return done }
        if inProgress.count >= Self.maximumDepth {
            problems.add(.error(.invalidDocument, at: diagnosticPath(path), "groups nest or extend each other more than \(Self.maximumDepth) levels deep"))
            return object
        }
        inProgress.append(path)
        defer { inProgress.removeLast() }
        // Children first, so a group's members are final before it is merged into anything.
        var result = JSONObject()
        for (key, value) in object.members {
            if !key.hasPrefix("$"), case .object(let child) = value, child["$value"] == nil {
                result[key] = .object(resolve(path: path + [key], object: child))
            } else {
                result[key] = value
            }
        }
        // DTCG 2025.10 names a group member `"$ref": "#/other/group"` the same as `$extends`
        // (a `$ref` to a token stays the token-level reference it is).
        var key = "$extends"
        if result["$extends"] == nil, case .string(let pointer)? = result["$ref"], refersToGroup(pointer) {
            result["$ref"] = nil
            result["$extends"] = .object(JSONObject([("$ref", .string(pointer))]))
            key = "$ref"
        }
        if let extends = result["$extends"] {
            result["$extends"] = nil
            if var base = target(of: extends, from: path, key: key), spendCopy(of: base, at: path) {
                // DTCG 2025.10 §6.7.3: an extending group's own `$type` does not retype what it
                // copies (example 22 extends a colour group with `$type: dimension`).
                if case .string(let baseType)? = base["$type"], let localType = result["$type"], localType != .string(baseType) {
                    base = Self.pinningType(baseType, in: base)
                }
                result = Self.merge(base: base, local: result)
            }
        }
        resolved[path] = result
        return result
    }

    /// The resolved group an `$extends` value names, or nil after reporting why not.
    private mutating func target(of extends: JSONValue, from path: [String], key: String) -> JSONObject? {
        // The member itself, so a token set names the file that wrote it (`theme.json#/button/$extends`).
        let location = diagnosticPath(path + [key])
        // Both forms of DTCG 2025.10 §6.4: `"{other.group}"` and `{"$ref": "#/other/group"}`.
        let written: String?
        switch extends {
        case .string(let text): written = text
        case .object(let object) where object.count == 1: written = object["$ref"]?.stringValue
        default: written = nil
        }
        guard let text = written else {
            problems.add(.error(.invalidDocument, at: location, "$extends must be \"{other.group}\" or {\"$ref\": \"#/other/group\"}, found \(JSONDescription.describe(extends))"))
            return nil
        }
        let targetPath: [String]
        if let alias = TokenPath.exactAlias(text) {
            targetPath = alias.split(separator: ".").map(String.init)
        } else if let pointer = JSONPointer(text), !pointer.tokens.isEmpty {
            targetPath = pointer.tokens
        } else {
            problems.add(.error(.invalidDocument, at: location, "$extends '\(text)' is not a group reference like \"{other.group}\""))
            return nil
        }
        if let cycleStart = inProgress.firstIndex(of: targetPath) {
            let chain = inProgress[cycleStart...].map { $0.joined(separator: ".") } + [targetPath.joined(separator: ".")]
            problems.add(.error(.cycle, at: location, "$extends cycle: \(chain.joined(separator: " → "))"))
            return nil
        }
        if let raw = Self.object(at: targetPath, in: root) {
            guard raw["$value"] == nil else {
                problems.add(.error(.invalidDocument, at: location, "$extends '\(text)' names a token, not a group"))
                return nil
            }
            var base = resolve(path: targetPath, object: raw)
            if base["$type"] == nil, let inherited = Self.inheritedType(of: targetPath, in: root) { base["$type"] = .string(inherited) }
            return base
        }
        if let fallback, let base = Self.object(at: targetPath, in: fallback), base["$value"] == nil {
            var copy = base
            if copy["$type"] == nil, let inherited = Self.inheritedType(of: targetPath, in: fallback) { copy["$type"] = .string(inherited) }
            return copy
        }
        problems.add(.error(.unknownReference, at: location, "$extends '\(text)' names no group"))
        return nil
    }

    /// Whether a `$ref` pointer names a group (an object that is not a token) of the tree.
    private func refersToGroup(_ pointer: String) -> Bool {
        // Groups only live under plain names: a pointer through `$value` (or any `$` member) is a value.
        guard pointer.hasPrefix("#"), let parsed = JSONPointer(pointer), !parsed.tokens.isEmpty,
            !parsed.tokens.contains(where: { $0.hasPrefix("$") })
        else { return false }
        guard let target = Self.object(at: parsed.tokens, in: root) ?? fallback.flatMap({ Self.object(at: parsed.tokens, in: $0) }) else { return false }
        // A group: no `$value`, and not a token-level `$ref` (a `$ref` with no member of its own).
        return target["$value"] == nil && (target["$ref"] == nil || target.keys.contains { !$0.hasPrefix("$") })
    }

    /// Spends what copying `base` costs; `false`, with the error reported once, past the budget.
    private mutating func spendCopy(of base: JSONObject, at path: [String]) -> Bool {
        if budget.spend(JSONValue.object(base).valueCount(upTo: budget.limit - budget.spent + 1)) { return true }
        if let exhausted = budget.exhaustion(at: diagnosticPath(path), during: "group $extends") { problems.add(exhausted) }
        return false
    }

    private func diagnosticPath(_ path: [String]) -> String {
        let joined = path.joined(separator: ".")
        if pathPrefix.isEmpty { return joined.isEmpty ? "$extends" : joined }
        return joined.isEmpty ? String(pathPrefix.dropLast()) : pathPrefix + joined
    }

    /// Deep merge: base members first (in base order), local members win; groups on both sides merge.
    static func merge(base: JSONObject, local: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in local.members {
            if !key.hasPrefix("$"), case .object(let localGroup) = value, localGroup["$value"] == nil,
                case .object(let baseGroup)? = base[key], baseGroup["$value"] == nil
            {
                result[key] = .object(merge(base: baseGroup, local: localGroup))
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// The group with `type` written on each member that has none of its own, so the members
    /// keep it under a parent of another type.
    static func pinningType(_ type: String, in group: JSONObject) -> JSONObject {
        var result = group
        for (key, value) in group.members where !key.hasPrefix("$") || key == TokenPath.rootName {
            if case .object(var member) = value, member["$type"] == nil {
                member["$type"] = .string(type)
                result[key] = .object(member)
            }
        }
        return result
    }

    static func object(at path: [String], in root: JSONObject) -> JSONObject? {
        var current = root
        for name in path {
            guard case .object(let next)? = current[name] else { return nil }
            current = next
        }
        return current
    }

    /// The nearest `$type` on the groups enclosing `path` (not the group itself).
    static func inheritedType(of path: [String], in root: JSONObject) -> String? {
        var current = root
        var found: String?
        if case .string(let type)? = root["$type"] { found = type }
        for name in path.dropLast() {
            guard case .object(let next)? = current[name] else { break }
            if case .string(let type)? = next["$type"] { found = type }
            current = next
        }
        return found
    }
}
