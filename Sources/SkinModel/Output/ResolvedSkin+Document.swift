/// The resolved document clients receive (docs/apps.md, "The resolved document").
///
/// Flat format: `{channel?, images, lineage, rules, skin, styles, tokens, variants, version}`
/// with `tokens` mapping each path to `{type, value}` only (docs/skins.md, "What tool exports may contain": the document every app
/// loads at launch stays lean; metadata lives in `format=dtcg`); `explain` adds `layer` and
/// `references` to every token. `channel` is omitted when nil.
///
/// DTCG format: the tokens as a DTCG tree (`{"color": {"tint": {"$type": "color", "$value":
/// {colorSpace…}}}}`) with `$description`, `$deprecated` and `$extensions` kept. What was
/// resolved (`skin`, `version`, `lineage`, `variants`, `channel`) goes in the root group's
/// `$extensions.livery` — not in a `$livery` member, which in a skin document means something
/// else — so the output is plain DTCG and reads back as a skin document. `explain` puts
/// `{layer, references}` under each token's `$extensions.livery`.
extension ResolvedSkin {
    public func document(format: OutputFormat = .flat, explain: Bool = false, channel: String? = nil) -> JSONValue {
        switch format {
        case .flat: flatDocument(explain: explain, channel: channel)
        case .dtcg: dtcgDocument(explain: explain, channel: channel)
        }
    }

    /// The canonical bytes of `document(format:explain:channel:)`: what is served and hashed for the ETag.
    public func canonicalBytes(format: OutputFormat = .flat, explain: Bool = false, channel: String? = nil) -> [UInt8] {
        switch format {
        case .flat:
            var writer = FlatDocumentWriter(skin: self, explain: explain, channel: channel)
            return writer.write()
        case .dtcg:
            return CanonicalJSON.encode(document(format: format, explain: explain, channel: channel))
        }
    }

    func flatDocument(explain: Bool, channel: String?) -> JSONValue {
        var tokenMembers = JSONObject()
        for (path, token) in tokens {
            var entry = JSONObject([("type", .string(token.typeName)), ("value", token.value.flatJSON)])
            if explain {
                entry["layer"] = .string(token.provenance.layer)
                entry["references"] = .array(token.provenance.references.map(JSONValue.string))
            }
            tokenMembers[path] = .object(entry)
        }
        let styles = styling.jsonMembers
        var document = JSONObject()
        if let channel { document["channel"] = .string(channel) }
        document["images"] = styles.images
        document["lineage"] = .array(lineage.map(JSONValue.string))
        document["rules"] = styles.rules
        document["skin"] = .string(skin)
        document["styles"] = styles.styles
        document["tokens"] = .object(tokenMembers)
        document["variants"] = .array(variants.map(JSONValue.string))
        document["version"] = .number(Double(version))
        return .object(document)
    }

    /// The names a path is made of: split at its dots, except where a name holds a dot (`dotted-name`).
    func names(of path: String) -> [String] {
        dottedNames[path] ?? path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    func dtcgDocument(explain: Bool, channel: String?) -> JSONValue {
        let root = DTCGTreeNode()
        for (path, metadata) in groups where !path.isEmpty {
            root.node(names(of: path)[...]).metadata = metadata
        }
        for (path, token) in tokens {
            var entry = token.otherMembers ?? JSONObject()
            entry["$type"] = .string(token.typeName)
            entry["$value"] = token.value.dtcgJSON(writtenAs: token.writtenLiteral)
            if let description = token.description { entry["$description"] = .string(description) }
            if let deprecated = token.deprecated { entry["$deprecated"] = deprecated }
            var extensions = token.extensions?.objectValue
            if explain {
                var livery = extensions?["livery"]?.objectValue ?? JSONObject()
                livery["layer"] = .string(token.provenance.layer)
                livery["references"] = .array(token.provenance.references.map(JSONValue.string))
                extensions = extensions ?? JSONObject()
                extensions?["livery"] = .object(livery)
            }
            if let extensions { entry["$extensions"] = .object(extensions) }
            root.insert(names(of: path)[...], token: entry)
        }
        var document = root.json()
        for (key, value) in groups[""]?.members ?? [] where key != "$extensions" { document[key] = value }
        var livery = JSONObject([
            ("skin", .string(skin)), ("version", .number(Double(version))),
            ("lineage", .array(lineage.map(JSONValue.string))), ("variants", .array(variants.map(JSONValue.string))),
        ])
        if let channel { livery["channel"] = .string(channel) }
        var rootExtensions = groups[""]?["$extensions"]?.objectValue ?? JSONObject()
        rootExtensions["livery"] = .object(livery)
        document["$extensions"] = .object(rootExtensions)
        return .object(document)
    }
}
