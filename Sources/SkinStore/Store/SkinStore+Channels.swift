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

    /// One channel; with its activation history (oldest first) unless `includeHistory` is false.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func channel(_ name: String, includeHistory: Bool = true) async throws -> Channel {
        try await read { try ChannelQueries.get($0, name: name, includeHistory: includeHistory) }
    }

    /// Every channel by name, each with its history unless `includeHistory` is false.
    package func channels(includeHistory: Bool = true) async throws -> [Channel] {
        try await read { try ChannelQueries.list($0, includeHistory: includeHistory) }
    }
}
