/// The diff as `GET /v1/skins/{skin}/diff` answers it (docs/api.md, "Diff").
extension SkinDiff {
    /// `added`, `removed`, `changed` keyed by path (as before selections were compared, so a
    /// reader can look a token up), each entry naming the selections it appears `in`; when one
    /// path changed differently in different selections, `each` lists every variation.
    /// Then `styles` and `images` (`added`/`removed`, id → `{in}`), the `selections` compared,
    /// `selectionsAdded`/`selectionsRemoved`, `impact` and `breaking`.
    public var json: JSONValue {
        var added: [(String, JSONValue)] = [], removed: [(String, JSONValue)] = [], changed: [(String, JSONValue)] = []
        var index = 0
        while index < tokens.count {
            var group = [tokens[index]]
            index += 1
            while index < tokens.count, tokens[index].path == group[0].path, Self.kind(tokens[index]) == Self.kind(group[0]) {
                group.append(tokens[index])
                index += 1
            }
            var entry = Self.entry(group[0])
            entry["in"] = Self.selectionsJSON(group.flatMap(\.selections))
            if group.count > 1 { entry["each"] = .array(group.map { .object(Self.entry($0)) }) }
            switch Self.kind(group[0]) {
            case 0: added.append((group[0].path, .object(entry)))
            case 1: removed.append((group[0].path, .object(entry)))
            default: changed.append((group[0].path, .object(entry)))
            }
        }
        return .object(JSONObject([
            ("added", .object(JSONObject(added))),
            ("breaking", .array(breaking.map(\.json))),
            ("changed", .object(JSONObject(changed))),
            ("images", Self.identifiersJSON(images)),
            ("impact", .string(impact.rawValue)),
            ("removed", .object(JSONObject(removed))),
            ("selections", Self.selectionsJSON(selections)),
            ("selectionsAdded", Self.selectionsJSON(selectionsAdded)),
            ("selectionsRemoved", Self.selectionsJSON(selectionsRemoved)),
            ("styles", Self.identifiersJSON(styles)),
        ]))
    }

    /// 0 added, 1 removed, 2 changed.
    private static func kind(_ change: TokenChange) -> Int {
        change.old == nil ? 0 : change.new == nil ? 1 : 2
    }

    /// `{type, value, in}` for an addition or removal, `{old, new, in}` for a change.
    private static func entry(_ change: TokenChange) -> JSONObject {
        var entry: JSONObject
        switch (change.old, change.new) {
        case (let old?, let new?): entry = JSONObject([("new", ResolvedDiff.json(new)), ("old", ResolvedDiff.json(old))])
        case (let value?, nil), (nil, let value?):
            guard case .object(let object) = ResolvedDiff.json(value) else { entry = JSONObject(); break }
            entry = object
        case (nil, nil): entry = JSONObject()
        }
        entry["in"] = selectionsJSON(change.selections)
        return entry
    }

    static func selectionsJSON(_ selections: [[String]]) -> JSONValue {
        .array(selections.map { .array($0.map(JSONValue.string)) })
    }

    private static func identifiersJSON(_ changes: [IdentifierChange]) -> JSONValue {
        func side(_ added: Bool) -> JSONValue {
            .object(JSONObject(changes.filter { $0.added == added }.map { ($0.id, .object(JSONObject([("in", selectionsJSON($0.selections))]))) }))
        }
        return .object(JSONObject([("added", side(true)), ("removed", side(false))]))
    }
}

extension BreakingChange {
    /// `{kind, path, reason, message, in}`, with `oldType`/`newType` for a retyped token.
    public var json: JSONValue {
        var object = JSONObject([
            ("in", SkinDiff.selectionsJSON(selections)), ("kind", .string(kind.rawValue)), ("message", .string(message)),
            ("path", .string(path)), ("reason", .string(reason.rawValue)),
        ])
        if let oldType { object["oldType"] = .string(oldType.rawValue) }
        if let newType { object["newType"] = .string(newType.rawValue) }
        return .object(object)
    }
}
