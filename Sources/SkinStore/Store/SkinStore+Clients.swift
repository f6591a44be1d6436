/// The builds in the field (docs/apps.md, "Old builds in the field"): counts written by the
/// server's client recorder, read by `GET /v1/clients` and the compatibility gate.
extension SkinStore {
    /// Writes a batch of per-build counts in one transaction, and prunes the hours before
    /// `pruneBefore` and the builds last seen before it.
    package func recordClients(_ usage: [ClientUsage], pruneBefore: String) async throws {
        guard !usage.isEmpty else { return }
        try await write { database, _ in try ClientQueries.record(database, usage, pruneBefore: pruneBefore) }
    }

    /// Every build seen, per channel, with its requests since the hours `dayHour` and `liveHour`.
    package func clientBuilds(dayHour: String, liveHour: String) async throws -> [ClientBuildRecord] {
        try await read { try ClientQueries.list($0, dayHour: dayHour, liveHour: liveHour) }
    }

    /// Each build seen on `channel` (any channel when nil) at or after `since`, with its first
    /// sighting and its requests in the hours from `since`'s: what the server's live rule
    /// (`FleetServices.liveBuilds`) weighs. Reads through the by-channel index, never every build.
    package func buildActivity(channel: String?, since: String) async throws -> [ClientBuildActivity] {
        try await read { try ClientQueries.activity($0, channel: channel, since: since) }
    }
}
