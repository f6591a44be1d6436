/// Replaces DTCG 2025.10 property-level `$ref` objects (`{"$ref": "#/color/tint/$value"}`)
/// inside `$value`s with the JSON they point to, within the document (docs/skins.md, "Tokens and groups": resolved
/// before layering, so a child skin overriding the target does not change the copy — use
/// an alias `"{color.tint}"` for that). A pointer to a whole token means its `$value`.
/// Chains are followed; a pointer that leads back to itself is a `cycle`.
struct ValueReferenceResolver {
    /// The document the pointers are relative to (its token tree with `$extends` applied).
    let document: JSONValue
    /// Every copy a pointer makes is spent here: nested or repeated `$ref`s multiply.
    let budget: ExpansionBudget
    private(set) var problems = SkinProblems()

    init(document: JSONValue, budget: ExpansionBudget = .unlimited()) {
        self.document = document
        self.budget = budget
    }

    /// `value` with every `$ref` replaced; `location` is the token path for diagnostics.
    mutating func resolve(_ value: JSONValue, at location: String) -> JSONValue {
        var visiting: [String] = []
        return resolve(value, at: location, visiting: &visiting) ?? value
    }

    private mutating func resolve(_ value: JSONValue, at location: String, visiting: inout [String]) -> JSONValue? {
        switch value {
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements {
                guard let resolved = resolve(element, at: location, visiting: &visiting) else { return nil }
                result.append(resolved)
            }
            return .array(result)
        case .object(let object):
            if let reference = object["$ref"] { return follow(reference, in: object, at: location, visiting: &visiting) }
            var result = JSONObject()
            for (key, member) in object.members {
                guard let resolved = resolve(member, at: location, visiting: &visiting) else { return nil }
                result[key] = resolved
            }
            return .object(result)
        default:
            return value
        }
    }

    private mutating func follow(_ reference: JSONValue, in object: JSONObject, at location: String, visiting: inout [String]) -> JSONValue? {
        guard object.count == 1, case .string(let text) = reference, let pointer = JSONPointer(text) else {
            problems.add(.error(.invalidDocument, at: location, "a $ref must be the only member of its object and a JSON Pointer string like \"#/color/tint/$value\", found \(JSONDescription.describe(.object(object)))"))
            return nil
        }
        // A chain of $ref pointers is followed recursively; bound it so it cannot exhaust the stack.
        if visiting.count >= 64 {
            problems.add(.error(.invalidDocument, at: location, "$ref pointers chain more than 64 deep"))
            return nil
        }
        if visiting.contains(text) {
            problems.add(.error(.cycle, at: location, "$ref cycle: \((visiting + [text]).joined(separator: " → "))"))
            return nil
        }
        guard var target = pointer.resolve(in: document) else {
            problems.add(.error(.unknownReference, at: location, "$ref '\(text)' points to nothing in this document"))
            return nil
        }
        if case .object(let token) = target, let tokenValue = token["$value"] { target = tokenValue }
        // The copy costs its size, counted no further than the budget can pay.
        guard budget.spend(target.valueCount(upTo: budget.limit - budget.spent + 1)) else {
            if let exhausted = budget.exhaustion(at: location, during: "$ref '\(text)'") { problems.add(exhausted) }
            return nil
        }
        visiting.append(text)
        defer { visiting.removeLast() }
        return resolve(target, at: location, visiting: &visiting)
    }
}
