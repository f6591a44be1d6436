import Foundation

extension DocSession {
    /// A JSON skin block: validated through `POST /v1/skins/{skin}/validate` (its error and
    /// warning codes must be the ones the comment names, none by default), then published and
    /// resolved when the comment asks, each stated token value compared.
    func checkSkin(_ block: DocBlock) async throws -> [Outcome] {
        let check = block.check
        let skin = check.skin ?? "example"
        let body = Data(block.text.utf8)
        let (status, answer) = try await request("POST", "/v1/skins/\(skin)/validate", body: body)
        guard status == 200, let result = try JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
            throw DocFailure("validate answered \(status): \(String(decoding: answer, as: UTF8.self))")
        }
        let errors = Self.codes(result["errors"]), warnings = Self.codes(result["warnings"])
        guard errors == check.errors, warnings == check.warnings else {
            throw DocFailure("""
                validation gave errors \(errors.sorted()) and warnings \(warnings.sorted()); the text says \
                errors \(check.errors.sorted()) and warnings \(check.warnings.sorted()):
                \(String(decoding: answer, as: UTF8.self))
                """)
        }
        var outcomes: [Outcome] = [.skinValidated]
        guard check.publish || !check.resolutions.isEmpty else { return outcomes }
        guard errors.isEmpty else { throw DocFailure("cannot publish or resolve a skin with errors") }
        let published = try await request("POST", "/v1/skins/\(skin)/versions", body: body)
        guard published.status == 201 else {
            throw DocFailure("publish answered \(published.status): \(String(decoding: published.body, as: UTF8.self))")
        }
        for resolution in check.resolutions {
            let query = resolution.variants.isEmpty ? "" : "?variant=" + resolution.variants.joined(separator: ",")
            let resolved = try await request("GET", "/v1/skins/\(skin)/resolved\(query)")
            guard resolved.status == 200,
                let document = try JSONSerialization.jsonObject(with: resolved.body) as? [String: Any],
                let tokens = document["tokens"] as? [String: Any]
            else {
                throw DocFailure("resolving \(skin)\(query) answered \(resolved.status): \(String(decoding: resolved.body, as: UTF8.self))")
            }
            for (path, expected) in resolution.expected {
                let value = (tokens[path] as? [String: Any])?["value"]
                let actual = value.map(Self.compact) ?? "(absent)"
                guard actual == Self.normalized(expected) else {
                    throw DocFailure("resolved \(skin)\(query): \(path) is \(actual), the text says \(expected)")
                }
            }
            outcomes.append(.skinResolved)
        }
        return outcomes
    }

    private static func codes(_ findings: Any?) -> Set<String> {
        Set((findings as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
    }

    /// A string as is; anything else as compact JSON with sorted keys.
    static func compact(_ value: Any) -> String {
        if let string = value as? String { return string }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The text's expected value in `compact`'s spelling (`{"value":8,"unit":"px"}` → sorted keys).
    static func normalized(_ expected: String) -> String {
        guard let first = expected.first, "{[0123456789-tfn".contains(first),
            let value = try? JSONSerialization.jsonObject(with: Data(expected.utf8), options: [.fragmentsAllowed])
        else { return expected }
        return compact(value)
    }
}
