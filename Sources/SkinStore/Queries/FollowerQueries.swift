/// Channels that follow a skin's latest version, held back from a publish that fails the
/// release gate (docs/skins.md, the contrast gate). Runs in the publish's own transaction, so
/// no reader ever sees the failing version on such a channel, not even for an instant.
enum FollowerQueries {
    /// After version `number` of `skin` was written: with `reasons` (it fails), every channel
    /// following the skin's latest keeps serving what it served (the previous version, or the
    /// one it already kept) and records what it holds back; without (it passes), every held
    /// channel of the skin follows again and serves it.
    /// - Returns: how many channels were held back or released.
    @discardableResult
    static func afterPublish(_ database: any SQLDatabase, skin: String, number: Int, reasons: [String]?, at now: String) throws -> Int {
        guard let skinID = try database.queryFirst("SELECT id FROM skins WHERE name = ?", [.text(skin)], row: { $0.int64(0) }) else { return 0 }
        guard let reasons else {
            return try database.run(
                "UPDATE channels SET held_back = NULL, served_version = NULL WHERE skin_id = ? AND version IS NULL AND held_back IS NOT NULL",
                [.integer(skinID)])
        }
        guard number > 1 else { return 0 }
        let held = "{\"skin\":\(JSONText.quoted(skin)),\"version\":\(number),\"reasons\":["
            + reasons.map(JSONText.quoted).joined(separator: ",") + "]}"
        let names = try database.query(
            "SELECT name FROM channels WHERE skin_id = ? AND version IS NULL", [.integer(skinID)], row: { $0.string(0) })
        try database.run(
            """
            UPDATE channels SET held_back = ?, served_version = coalesce(served_version, ?)
            WHERE skin_id = ? AND version IS NULL
            """, [.text(held), SQLValue(number - 1), .integer(skinID)])
        for name in names {
            try AuditQueries.record(
                database, at: now, actor: "livery", action: "channel.hold", target: "channel/\(name)",
                detail: JSONText.object(["skin": .string(skin), "version": .int(number)]))
        }
        return names.count
    }
}
