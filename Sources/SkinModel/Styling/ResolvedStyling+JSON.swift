extension ResolvedStyling {
    /// The `images`, `rules` and `styles` members of the flat resolved document (docs/apps.md, "The resolved document"):
    ///
    /// - `images`: name → `{url, contentType, bytes, sha256}`;
    /// - `rules`: in order, each `{selector, style?, properties}` with the effective, resolved
    ///   properties (key path → value in flat notation);
    /// - `styles`: name → `{component?, properties}`.
    ///
    /// Values use `TokenValue.flatJSON`, as tokens do. `ResolvedDocument` reads them back.
    public var jsonMembers: (images: JSONValue, rules: JSONValue, styles: JSONValue) {
        let imageMembers = JSONObject(images.keys.sorted().map { ($0, TokenValue.asset(images[$0]!).flatJSON) })
        let ruleElements = rules.map { rule in
            var object = JSONObject([("selector", .string(rule.selector.description))])
            if let style = rule.style { object["style"] = .string(style) }
            object["properties"] = Self.json(rule.properties)
            return JSONValue.object(object)
        }
        let styleMembers = JSONObject(styles.keys.sorted().map { name in
            let style = styles[name]!
            var object = JSONObject()
            if let component = style.component { object["component"] = .string(component) }
            object["properties"] = Self.json(style.properties)
            return (name, .object(object))
        })
        return (.object(imageMembers), .array(ruleElements), .object(styleMembers))
    }

    static func json(_ properties: [String: TokenValue]) -> JSONValue {
        .object(JSONObject(properties.keys.sorted().map { ($0, properties[$0]!.flatJSON) }))
    }
}
