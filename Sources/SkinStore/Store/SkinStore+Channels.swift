/// Channels.
extension SkinStore {
    /// Points `channel` at `skin`, pinned to `version` or (nil) following its latest; creates the
    /// channel on its first activation. Returns the channel as it now is, with its history.
    ///
    /// - Parameter expectedActivationCount: from `If-Match: "a{n}"`: activate only if the
    ///   channel has been activated `n` times (0 = only if it does not exist yet).
    /// - Throws: ``StoreError/notFound(_:)`` for a missing skin or version,
    ///   ``StoreError/preconditionFailed(current:)`` (current = the activation count).
    @discardableResult
    package func activate(
        channel: String, skin: String, version: Int?, actor: String, expectedActivationCount: Int? = nil
    ) async throws -> Channel {
        try await write { database, now in
            try ChannelQueries.activate(
                database, channel: channel, skin: skin, version: version, actor: actor,
                expectedActivationCount: expectedActivationCount, at: now
            )
        }
    }

    /// One channel; with a page of its activation history (oldest first) unless `includeHistory`
    /// is false: the latest 50 entries numbered below `historyBefore` (the latest of all when
    /// nil), and ``Channel/historyCount``.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func channel(_ name: String, includeHistory: Bool = true, historyBefore: Int? = nil) async throws -> Channel {
        try await read { try ChannelQueries.get($0, name: name, includeHistory: includeHistory, historyBefore: historyBefore) }
    }

    /// Entry `number` (1-based) of a channel's history, read alone.
    /// - Throws: ``StoreError/notFound(_:)`` for a channel or entry that does not exist.
    package func historyEntry(_ channel: String, number: Int) async throws -> ChannelActivation {
        try await read { database in
            guard let identity = try ChannelQueries.identity(database, name: channel) else { throw StoreError.notFound(.channel(channel)) }
            guard number >= 1, let entry = try ChannelQueries.history(database, channelID: identity.id, numbers: number...number).first else {
                throw StoreError.notFound(.historyEntry(channel: channel, number: number))
            }
            return entry
        }
    }

    /// Every channel by name, each with the latest page of its history (50 entries) unless `includeHistory` is false.
    package func channels(includeHistory: Bool = true) async throws -> [Channel] {
        try await read { try ChannelQueries.list($0, includeHistory: includeHistory) }
    }
}
