import SkinModel

/// The release gate's holds (``ServedHold``, docs/apps.md "Old builds in the field"). Every
/// function runs inside a transaction opened by ``SkinStore``.
///
/// A publish never waits on the gate's resolutions inside its write transaction, and no
/// reader may see a look before the gate has passed it. So a publish holds first: in its own
/// transaction, every target of every channel whose look the new version changes gets a `*`
/// hold on the look it served (``holdReached(_:skin:number:at:)``); the gate then resolves
/// the new looks outside any transaction, and ``settle(_:skin:number:_:at:)`` releases what
/// passed and turns what failed into lasting holds.
enum HoldQueries {
    /// The reason a hold carries while the gate checks the version it holds back.
    static func checking(skin: String, number: Int) -> String { "the release gate is checking \(skin)@\(number)" }

    static func holds(_ database: any SQLDatabase, channelID: Int64) throws -> [ServedHold] {
        try database.query(
            """
            SELECT target, audience, look, held_skin, held_version, reasons, created_at FROM served_holds
            WHERE channel_id = ? ORDER BY target, audience
            """, [.integer(channelID)]
        ) { row -> ServedHold? in
            guard let target = ServedTarget(text: row.string(0)), let audience = ServedHold.Audience(text: row.string(1)),
                let look = PinnedLook(text: row.string(2))
            else { return nil }
            return ServedHold(
                target: target, audience: audience, look: look, heldSkin: row.string(3), heldVersion: row.int(4),
                reasons: JSONText.stringArray(row.string(5)), since: row.string(6))
        }.compactMap { $0 }
    }

    /// Replaces every hold of a channel (a channel change decided them all).
    static func replace(_ database: any SQLDatabase, channelID: Int64, with holds: [ServedHold]) throws {
        try database.run("DELETE FROM served_holds WHERE channel_id = ?", [.integer(channelID)])
        for hold in holds { try insert(database, channelID: channelID, hold) }
    }

    /// Drops the holds of targets `state` no longer names (a schedule's change keeps the others).
    static func keepNamed(_ database: any SQLDatabase, channelID: Int64, state: ChannelState) throws {
        let named = Set(ServingPlan(state: state, liveBuilds: []).targets)
        for hold in try holds(database, channelID: channelID) where !named.contains(hold.target) {
            try delete(database, channelID: channelID, target: hold.target, audience: hold.audience)
        }
    }

    static func insert(_ database: any SQLDatabase, channelID: Int64, _ hold: ServedHold) throws {
        try database.run(
            """
            INSERT INTO served_holds (channel_id, target, audience, look, held_skin, held_version, reasons, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (channel_id, target, audience) DO UPDATE SET look = excluded.look, held_skin = excluded.held_skin,
                held_version = excluded.held_version, reasons = excluded.reasons
            """,
            [
                .integer(channelID), .text(hold.target.description), .text(hold.audience.description), .text(hold.look.description),
                .text(hold.heldSkin), SQLValue(hold.heldVersion), .text(JSONText.array(hold.reasons)), .text(hold.since),
            ])
    }

    static func delete(_ database: any SQLDatabase, channelID: Int64, target: ServedTarget, audience: ServedHold.Audience) throws {
        try database.run(
            "DELETE FROM served_holds WHERE channel_id = ? AND target = ? AND audience = ?",
            [.integer(channelID), .text(target.description), .text(audience.description)])
    }

    // MARK: Publishing

    /// After version `number` of `skin` was written (same transaction): every target of every
    /// channel whose lineage now reaches it through a followed latest (the target itself, or a
    /// parent reference without a version) keeps the look it served until the gate settles it.
    /// - Returns: each such target with the look it keeps and the look the publish would give.
    static func holdReached(_ database: any SQLDatabase, skin: String, number: Int, at now: String) throws -> [PublishReach] {
        guard number > 1 else { return [] }
        let channels = try database.query("SELECT id FROM channels ORDER BY name") { $0.int64(0) }
        var reached: [PublishReach] = []
        for id in channels {
            let channel = try ChannelQueries.get(database, id: id)
            for target in ServingPlan(state: channel.state, liveBuilds: []).targets {
                let after: [StoredVersion]
                do {
                    after = try SkinQueries.lineage(database, skin: target.skin, number: target.version)
                } catch {
                    continue  // A target that no longer resolves is not served; nothing to hold.
                }
                guard after.contains(where: { $0.skin == skin && $0.number == number }) else { continue }
                let shared = channel.holds.first { $0.target == target && $0.audience == .everyone }
                let before = try shared?.look
                    ?? PinnedLook(SkinQueries.lineage(database, skin: target.skin, number: target.version, pinned: [skin: number - 1]))
                if shared == nil {
                    try insert(
                        database, channelID: id,
                        ServedHold(
                            target: target, audience: .everyone, look: before, heldSkin: skin, heldVersion: number,
                            reasons: [checking(skin: skin, number: number)], since: now))
                }
                reached.append(PublishReach(channel: channel.name, target: target, before: before, after: PinnedLook(after)))
            }
        }
        return reached
    }

    /// Applies the gate's verdicts on the targets a publish reached: a target whose new look
    /// passes its contrast pairs loses its `*` hold, and each build whose contract it breaks
    /// is held on what it was served; a build it satisfies is released. A verdict for a
    /// version that is no longer the skin's latest is dropped: the newer publish decides.
    /// - Returns: the holds made and released, for the publish's answer.
    static func settle(
        _ database: any SQLDatabase, skin: String, number: Int, _ verdicts: [HoldVerdict], at now: String
    ) throws -> [HoldChange] {
        guard let skinID = try SkinQueries.skinID(database, skin), try SkinQueries.latestNumber(database, skinID: skinID) == number else {
            return []
        }
        var changes: [HoldChange] = []
        for verdict in verdicts {
            guard let channelID = try ChannelQueries.identity(database, name: verdict.channel)?.id else { continue }
            let holds = try holds(database, channelID: channelID)
            let shared = holds.first { $0.target == verdict.target && $0.audience == .everyone }
            if let reasons = verdict.contrast {
                // Everyone stays on what they were served; the hold now says why.
                if let shared {
                    try insert(
                        database, channelID: channelID,
                        ServedHold(
                            target: verdict.target, audience: .everyone, look: shared.look, heldSkin: skin, heldVersion: number,
                            reasons: reasons, since: shared.since))
                    changes.append(HoldChange(channel: verdict.channel, target: verdict.target, audience: .everyone, held: true, reasons: reasons))
                }
                continue
            }
            for (build, reasons) in verdict.builds.sorted(by: { $0.key < $1.key }) {
                let own = holds.first { $0.target == verdict.target && $0.audience == .build(build) }
                if let reasons {
                    guard let look = own?.look ?? shared?.look else { continue }
                    try insert(
                        database, channelID: channelID,
                        ServedHold(
                            target: verdict.target, audience: .build(build), look: look, heldSkin: skin, heldVersion: number,
                            reasons: reasons, since: own?.since ?? now))
                    changes.append(HoldChange(channel: verdict.channel, target: verdict.target, audience: .build(build), held: true, reasons: reasons))
                } else if own != nil {
                    try delete(database, channelID: channelID, target: verdict.target, audience: .build(build))
                    changes.append(HoldChange(channel: verdict.channel, target: verdict.target, audience: .build(build), held: false, reasons: []))
                }
            }
            if let shared {
                try delete(database, channelID: channelID, target: verdict.target, audience: .everyone)
                // Releasing the publish's own provisional hold is not news for the audit log,
                // but it changes what is served: the change feed (and every long-poll) hears of it.
                let provisional = shared.reasons == [checking(skin: skin, number: number)]
                changes.append(HoldChange(
                    channel: verdict.channel, target: verdict.target, audience: .everyone, held: false, reasons: [], provisional: provisional))
            }
        }
        try record(database, changes, skin: skin, number: number, at: now)
        return changes
    }

    /// The publishes whose gate never settled their provisional holds (the process stopped
    /// between the publish and ``settle(_:skin:number:_:at:)``): every `*` hold made before
    /// `cutoff` that still only says "checking", grouped by the skin it holds back, with that
    /// skin's latest version (a newer publish that found the hold in place kept it, and its
    /// verdicts decide). Each reach is rebuilt as ``holdReached(_:skin:number:at:)`` made it:
    /// the look kept, and the look the target's lineage gives now.
    static func unsettled(_ database: any SQLDatabase, before cutoff: String) throws -> [UnsettledPublish] {
        let rows = try database.query(
            """
            SELECT c.name, h.target, h.look, h.held_skin, h.held_version, h.reasons FROM served_holds h
            JOIN channels c ON c.id = h.channel_id
            WHERE h.audience = '*' AND h.created_at < ? ORDER BY h.held_skin, c.name, h.target
            """, [.text(cutoff)]
        ) { row in (channel: row.string(0), target: row.string(1), look: row.string(2), skin: row.string(3), version: row.int(4), reasons: row.string(5)) }
        var reached: [String: [PublishReach]] = [:]
        for row in rows where JSONText.stringArray(row.reasons) == [checking(skin: row.skin, number: row.version)] {
            guard let target = ServedTarget(text: row.target), let before = PinnedLook(text: row.look),
                let after = try? SkinQueries.lineage(database, skin: target.skin, number: target.version)
            else { continue }  // A target that no longer resolves is not served: the next change of the channel drops it.
            reached[row.skin, default: []].append(PublishReach(channel: row.channel, target: target, before: before, after: PinnedLook(after)))
        }
        return try reached.keys.sorted().compactMap { skin in
            guard let skinID = try SkinQueries.skinID(database, skin) else { return nil }
            return UnsettledPublish(skin: skin, number: try SkinQueries.latestNumber(database, skinID: skinID), reached: reached[skin] ?? [])
        }
    }

    /// Audits each hold made or released (but the release of a publish's own provisional hold)
    /// and tells the change feed, once per channel.
    static func record(_ database: any SQLDatabase, _ changes: [HoldChange], skin: String, number: Int, at now: String) throws {
        var told: Set<String> = []
        for change in changes {
            if told.insert(change.channel).inserted {
                try EventQueries.append(database, kind: .gate, skin: skin, version: number, channel: change.channel, at: now)
            }
            guard !change.provisional else { continue }
            try AuditQueries.record(
                database, at: now, actor: "livery", action: change.held ? "channel.hold" : "channel.release",
                target: "channel/\(change.channel)",
                detail: JSONText.object([
                    "skin": .string(skin), "version": .int(number), "target": .string(change.target.description),
                    "audience": .string(change.audience.description),
                ]))
        }
    }
}

/// A target a publish reached (``HoldQueries/holdReached(_:skin:number:at:)``): what its
/// audience was served, and what the new version would serve it.
package struct PublishReach: Hashable, Sendable {
    package let channel: String
    package let target: ServedTarget
    package let before: PinnedLook
    package let after: PinnedLook
}

/// A publish whose gate did not settle what it held (``HoldQueries/unsettled(_:before:)``).
package struct UnsettledPublish: Hashable, Sendable {
    package let skin: String
    /// The skin's latest version: the one the gate settles now.
    package let number: Int
    package let reached: [PublishReach]
}

/// The gate's verdict on one target a publish reached.
package struct HoldVerdict: Hashable, Sendable {
    package let channel: String
    package let target: ServedTarget
    /// The contrast failures of the new look (everyone stays held), nil when it passes.
    package let contrast: [String]?
    /// Each live build it reaches: what its contract misses (held), or nil (released).
    package let builds: [ClientIdentity: [String]?]

    package init(channel: String, target: ServedTarget, contrast: [String]?, builds: [ClientIdentity: [String]?]) {
        self.channel = channel
        self.target = target
        self.contrast = contrast
        self.builds = builds
    }
}

/// A hold made (`held`) or released by a publish.
package struct HoldChange: Hashable, Sendable {
    package let channel: String
    package let target: ServedTarget
    package let audience: ServedHold.Audience
    package let held: Bool
    package let reasons: [String]
    /// The release of the publish's own hold while its gate ran: nothing was held back.
    package var provisional = false
}
