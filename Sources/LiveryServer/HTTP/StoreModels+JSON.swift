import SkinModel
import SkinStore

// How the store's records appear in API responses (see openapi.json for the schemas).

extension SkinSummary {
    var json: JSONValue {
        .object([
            "name": .string(name), "created": .string(createdAt), "latestVersion": .int(latestVersion),
            "author": .string(latestAuthor), "updated": .string(latestCreatedAt),
        ])
    }
}

extension SkinDetail {
    /// - Parameter axes: the latest version's variant axes (docs/skins.md, "Token sets"; empty for a single document).
    func json(axes: [VariantAxis]) -> JSONValue {
        .object([
            "axes": .array(axes.map { axis in
                .object([
                    "name": .string(axis.name), "contexts": .array(axis.contexts.map(JSONValue.string)),
                    "default": .string(axis.defaultContext),
                ])
            }),
            "name": .string(name), "created": .string(createdAt), "createdBy": .string(createdBy),
            "latestVersion": .int(latestVersion),
            "versions": .array(versions.map { version in
                .object([
                    "version": .int(version.number), "sha256": .string(version.sha256), "bytes": .int(version.size),
                    "extends": .optional(version.parent), "author": .string(version.author),
                    "created": .string(version.createdAt), "message": .optional(version.message),
                ])
            }),
        ])
    }
}

extension Channel {
    var json: JSONValue {
        .object([
            "name": .string(name), "skin": .string(skin), "version": .optional(version), "rollout": rollout.json,
            "builds": builds.json,
            "activations": .int(activationCount), "created": .string(createdAt), "updated": .string(updatedAt),
            // The release gate's holds (docs/apps.md): who is kept on which look, and why.
            "holds": .array(holds.map(\.json)),
            // The active target's hold of everyone (docs/skins.md, the contrast gate): the version held back and why.
            "heldBack": activeHold.map { hold in
                .object(["skin": .string(hold.heldSkin), "version": .int(hold.heldVersion), "reasons": .array(hold.reasons.map(JSONValue.string))])
            } ?? .null,
            "served": .optional(activeHold?.look.leaf.version),
            // A page of the history (docs/api.md): the latest entries, or those before `historyBefore`.
            "history": .array(history.map { $0.json(buildsShown: ChannelActivation.buildsShown) }),
            "historyCount": .int(historyCount),
        ])
    }
}

extension ChannelActivation {
    /// `builds` entries a history entry shows in a channel's answer; `buildsCount` counts them
    /// all, and `GET /v1/channels/{c}/history/{n}` shows the entry whole (docs/api.md).
    static let buildsShown = 5

    /// `{n, action, skin, version, rollout, builds, buildsCount, forced, schedule, by, at, served,
    /// rolloutServed}`, `builds` cut to `buildsShown` entries (nil: all of them).
    func json(buildsShown: Int?) -> JSONValue {
        .object([
            "n": .int(number), "action": .string(kind.rawValue),
            "skin": .string(skin), "version": .optional(version), "rollout": rollout.json,
            "builds": Array(builds.prefix(buildsShown ?? builds.count)).json, "buildsCount": .int(builds.count),
            "forced": .bool(forced), "schedule": .optional(scheduleID),
            "by": .string(actor), "at": .string(at),
            "served": .optional(servedVersion), "rolloutServed": .optional(rolloutServedVersion),
        ])
    }
}

extension Channel {
    /// The `*` hold of the active target: everyone it reaches kept on an older look.
    var activeHold: ServedHold? {
        holds.first { $0.target == ServedTarget(skin: skin, version: version) && $0.audience == .everyone }
    }
}

extension ServedHold {
    /// `{target, audience, serves, skin, version, heldBack: {skin, version}, reasons, since}`: `serves` the
    /// pinned look (`base@3>shop@7`), `skin`/`version` its leaf (what the audience's document says).
    var json: JSONValue {
        .object(JSONObject([
            ("target", .string(target.description)), ("audience", .string(audience.description)),
            ("serves", .string(look.description)), ("skin", .string(look.leaf.skin)), ("version", .int(look.leaf.version)),
            ("heldBack", .object(["skin": .string(heldSkin), "version": .int(heldVersion)])),
            ("reasons", .array(reasons.map(JSONValue.string))), ("since", .string(since)),
        ]))
    }
}

extension HoldChange {
    /// `{channel, target, audience, held, reasons}`: a hold a publish made (`held`) or released.
    var json: JSONValue {
        .object(JSONObject([
            ("channel", .string(channel)), ("target", .string(target.description)), ("audience", .string(audience.description)),
            ("held", .bool(held)), ("reasons", .array(reasons.map(JSONValue.string))),
        ]))
    }
}

extension ChannelRollout? {
    /// `{skin, version, percent}`, or null when no rollout runs.
    var json: JSONValue {
        guard let rollout = self else { return .null }
        return .object(["skin": .string(rollout.skin), "version": .optional(rollout.version), "percent": .int(rollout.percent)])
    }
}

extension [BuildTarget] {
    /// `[{platform, versions, skin, version}]` in match order (docs/apps.md, "Old builds in the field").
    var json: JSONValue {
        .array(map { build in
            .object([
                "platform": .string(build.platform.rawValue), "versions": .string(build.versions.description),
                "skin": .string(build.skin), "version": .optional(build.version),
            ])
        })
    }
}

extension ChannelSchedule {
    var json: JSONValue {
        .object([
            "id": .int(id), "channel": .string(channel), "at": .string(at), "skin": .string(target.skin),
            "version": .optional(target.version), "rollout": target.rollout.json, "forced": .bool(forced),
            "by": .string(createdBy), "created": .string(createdAt), "state": .string(state.rawValue),
            "carriedOutAt": .optional(carriedOutAt), "late": .bool(late), "outcome": .optional(outcome),
        ])
    }
}

extension AuditEntry {
    var json: JSONValue {
        let details = (try? JSONParser.parse(Array(detail.utf8))) ?? .string(detail)
        return .object([
            "seq": .int(seq), "at": .string(at), "actor": .string(actor), "action": .string(action),
            "target": .string(target), "detail": details,
        ])
    }
}

extension StoreEvent {
    /// `{seq, kind, skin, version, channel, at}`, and `changeRequest` and `action` for a step of
    /// a change request (docs/api.md, "Change requests"): one event of the change feed, and the
    /// body of a webhook delivery (docs/api.md, "Webhooks"), the same bytes either way.
    var json: JSONValue {
        var object = JSONObject([
            ("seq", .int(seq)), ("kind", .string(kind.rawValue)), ("skin", .string(skin)), ("version", .optional(version)),
            ("channel", .optional(channel)), ("at", .string(at)),
        ])
        if let changeRequest { object["changeRequest"] = .int(changeRequest) }
        if let action { object["action"] = .string(action) }
        return .object(object)
    }
}
