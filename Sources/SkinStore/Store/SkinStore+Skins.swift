/// Skins and versions.
extension SkinStore {
    /// Publishes a new version of `skin` (creating the skin on its first version) and returns
    /// its number.
    ///
    /// Numbers go 1, 2, 3, … without gaps or duplicates, also with many concurrent publishers
    /// in several processes: the number is `max + 1` read under SQLite's write lock
    /// (`BEGIN IMMEDIATE`), and `UNIQUE(skin_id, number)` backs it up.
    ///
    /// - Parameters:
    ///   - document: the bytes exactly as published; stored and served back unchanged.
    ///   - parent: `$livery.extends` as declared (`"base"` or `"base@3"`), extracted by the server.
    ///   - author: the publishing token's name (the audit actor).
    ///   - expectedLatest: from `If-Match: "v{n}"`: publish only if the latest version is `n`
    ///     (0 = only if the skin has no version yet).
    /// - Throws: ``StoreError/preconditionFailed(current:)`` (current = the latest number),
    ///   ``StoreError/unknownParent(reference:)``, ``StoreError/lineageCycle(path:)``,
    ///   ``StoreError/lineageTooLong(limit:)``.
    package func publish(
        skin: String, document: [UInt8], parent: String? = nil, author: String, message: String? = nil, expectedLatest: Int? = nil
    ) async throws -> Int {
        try await publishReaching(
            skin: skin, document: document, parent: parent, author: author, message: message, expectedLatest: expectedLatest
        ).number
    }

    /// ``publish(skin:document:parent:author:message:expectedLatest:)``, also returning the
    /// targets of channels whose look the new version changes.
    ///
    /// Those targets are held on the look they served, in the same transaction, so no reader
    /// sees the new look before the release gate has checked it (docs/apps.md, "Old builds in
    /// the field"): the caller runs the gate on them and hands its verdicts to
    /// ``settleHolds(skin:number:_:)``. Until then (and if it never does) they keep what they served.
    package func publishReaching(
        skin: String, document: [UInt8], parent: String? = nil, author: String, message: String? = nil, expectedLatest: Int? = nil
    ) async throws -> (number: Int, reached: [PublishReach]) {
        try await write { database, now in
            let number = try SkinQueries.publish(
                database, skin: skin, document: document, parent: parent, author: author, message: message,
                expectedLatest: expectedLatest, at: now
            )
            return (number, try HoldQueries.holdReached(database, skin: skin, number: number, at: now))
        }
    }

    /// Applies the release gate's verdicts on what version `number` of `skin` reached: what
    /// passed is released, what failed stays held with its reasons. Ignored once a newer
    /// version exists (its own verdicts decide).
    /// - Returns: the holds made and released.
    @discardableResult
    package func settleHolds(skin: String, number: Int, _ verdicts: [HoldVerdict]) async throws -> [HoldChange] {
        try await write { database, now in
            try HoldQueries.settle(database, skin: skin, number: number, verdicts, at: now)
        }
    }

    /// Publishes whose provisional holds were made before `cutoff` and never settled (a process
    /// stopped while its gate ran): ``HoldQueries/unsettled(_:before:)``.
    package func unsettledPublishes(before cutoff: String) async throws -> [UnsettledPublish] {
        try await read { try HoldQueries.unsettled($0, before: cutoff) }
    }

    /// The lineage a held look pins (``PinnedLook``), root first, read in one snapshot.
    /// - Throws: as ``lineage(of:version:)``.
    package func lineage(of skin: String, version number: Int?, pinned: [String: Int]) async throws -> [StoredVersion] {
        try await read { try SkinQueries.lineage($0, skin: skin, number: number, pinned: pinned) }
    }

    /// The latest version of `skin`, document included.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func latestVersion(of skin: String) async throws -> StoredVersion {
        try await read { try SkinQueries.version($0, skin: skin, number: nil) }
    }

    /// Version `number` of `skin`, document included.
    /// - Throws: ``StoreError/notFound(_:)`` (`.skin` or `.version`).
    package func version(_ number: Int, of skin: String) async throws -> StoredVersion {
        try await read { try SkinQueries.version($0, skin: skin, number: number) }
    }

    /// The lineage of a version (latest when `number` is nil), root first and that version
    /// last, each with its document, read in one snapshot: what resolution needs.
    /// Unpinned parents are their latest version at the time of the read.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/unknownParent(reference:)``,
    ///   ``StoreError/lineageCycle(path:)``, ``StoreError/lineageTooLong(limit:)``.
    package func lineage(of skin: String, version number: Int? = nil) async throws -> [StoredVersion] {
        try await read { try SkinQueries.lineage($0, skin: skin, number: number) }
    }

    /// Every skin with its latest version, by name.
    package func listSkins() async throws -> [SkinSummary] {
        try await read { try SkinQueries.list($0) }
    }

    /// A skin's metadata and version history, oldest first.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func skinHistory(_ skin: String) async throws -> SkinDetail {
        try await read { try SkinQueries.detail($0, skin: skin) }
    }

    /// The skins that have a version extending `skin` (pinned or not): whose resolved documents
    /// may change when `skin` gets a new version.
    package func dependents(of skin: String) async throws -> [String] {
        try await read { try SkinQueries.dependents($0, of: skin) }
    }

    /// Deletes `skin` and all its versions.
    ///
    /// Refused while anything uses it: a channel showing it (pinned or not), or another skin
    /// with *any* version extending it (`"skin"` or `"skin@n"`). Any version, not only the
    /// latest, because every version stays resolvable (`/versions/{n}/resolved`) and may be
    /// pinned by a channel; deleting its parent would break it. To delete a base, first delete
    /// (or never have published) the skins built on it.
    ///
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/skinInUse(skin:referrers:)``.
    package func deleteSkin(_ skin: String, actor: String) async throws {
        try await write { database, now in
            try SkinQueries.delete(database, skin: skin, actor: actor, at: now)
        }
    }
}
