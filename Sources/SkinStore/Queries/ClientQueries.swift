import SkinModel

/// The builds in the field (docs/apps.md, "Old builds in the field"): which app builds asked
/// for looks, on which channel, how often. Written in batches by the server, never on a
/// request's path; no audit row or change event (a count is not a change of any look).
enum ClientQueries {
    /// Adds a batch of counts: widens each build's first/last seen and adds its hourly
    /// requests, then drops hours older than `pruneBefore` (an hour, `2026-10-30T13`), and the
    /// builds last seen before it (a last seen `2026-10-30T12:59:59.000Z` sorts before the hour
    /// `2026-10-30T13`, one at `2026-10-30T13:00:00.000Z` after it): what clients send is kept
    /// only for the live window.
    /// `CASE` rather than `min`/`max`: SQLite and PostgreSQL spell those differently.
    static func record(_ database: any SQLDatabase, _ usage: [ClientUsage], pruneBefore: String) throws {
        for entry in usage {
            let key: [SQLValue] = [.text(entry.client.platform.rawValue), .text(entry.client.version.description), .text(entry.channel)]
            try database.run(
                """
                INSERT INTO client_builds (platform, version, channel, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (platform, version, channel) DO UPDATE SET
                    first_seen = CASE WHEN excluded.first_seen < client_builds.first_seen
                        THEN excluded.first_seen ELSE client_builds.first_seen END,
                    last_seen = CASE WHEN excluded.last_seen > client_builds.last_seen
                        THEN excluded.last_seen ELSE client_builds.last_seen END
                """, key + [.text(entry.firstSeen), .text(entry.lastSeen)])
            try database.run(
                """
                INSERT INTO client_requests (platform, version, channel, hour, requests) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (platform, version, channel, hour) DO UPDATE SET
                    requests = client_requests.requests + excluded.requests
                """, key + [.text(entry.hour), .integer(Int64(entry.requests))])
        }
        try database.run("DELETE FROM client_requests WHERE hour < ?", [.text(pruneBefore)])
        try database.run("DELETE FROM client_builds WHERE last_seen < ?", [.text(pruneBefore)])
    }

    /// Every build seen on every channel, with its requests since `dayHour` and `liveHour`
    /// (hours, inclusive), by platform, version and channel.
    static func list(_ database: any SQLDatabase, dayHour: String, liveHour: String) throws -> [ClientBuildRecord] {
        var sums: [String: (day: Int, live: Int)] = [:]
        _ = try database.query(
            """
            SELECT platform, version, channel,
                sum(CASE WHEN hour >= ? THEN requests ELSE 0 END), sum(requests)
            FROM client_requests WHERE hour >= ? GROUP BY platform, version, channel
            """, [.text(dayHour), .text(liveHour)]
        ) { row in
            sums[row.string(0) + "/" + row.string(1) + "\t" + row.string(2)] = (row.int(3), row.int(4))
        }
        return try database.query(
            "SELECT platform, version, channel, first_seen, last_seen FROM client_builds ORDER BY platform, version, channel"
        ) { row -> ClientBuildRecord? in
            guard let client = ClientIdentity(row.string(0) + "/" + row.string(1)) else { return nil }
            let counts = sums[client.description + "\t" + row.string(2)] ?? (0, 0)
            return ClientBuildRecord(
                client: client, channel: row.string(2), firstSeen: row.string(3), lastSeen: row.string(4),
                requests24h: counts.day, requestsLive: counts.live)
        }.compactMap { $0 }
    }

    /// The builds seen on `channel` (every channel when nil) at or after `since`, each with its
    /// requests in the hours from `since`'s hour on.
    static func activity(_ database: any SQLDatabase, channel: String?, since: String) throws -> [ClientBuildActivity] {
        let onChannel = channel == nil ? "" : "b.channel = ? AND "
        return try database.query(
            """
            SELECT b.platform, b.version, b.channel, b.first_seen, b.last_seen,
                (SELECT coalesce(sum(r.requests), 0) FROM client_requests r
                 WHERE r.platform = b.platform AND r.version = b.version AND r.channel = b.channel AND r.hour >= ?)
            FROM client_builds b WHERE \(onChannel)b.last_seen >= ? ORDER BY b.platform, b.version, b.channel
            """, [.text(String(since.prefix(13)))] + (channel.map { [.text($0)] } ?? []) + [.text(since)]
        ) { row -> ClientBuildActivity? in
            guard let client = ClientIdentity(row.string(0) + "/" + row.string(1)) else { return nil }
            return ClientBuildActivity(client: client, channel: row.string(2), firstSeen: row.string(3), lastSeen: row.string(4), requests: row.int(5))
        }.compactMap { $0 }
    }
}
