import SkinModel

/// Skins and their versions. Every function runs inside a transaction opened by ``SkinStore``.
enum SkinQueries {
    /// docs/skins.md, "Inheritance and variants": a lineage has at most 16 skins.
    static let maxLineage = 16

    static func skinID(_ database: any SQLDatabase, _ name: String) throws -> Int64? {
        try database.queryFirst("SELECT id FROM skins WHERE name = ?", [.text(name)]) { $0.int64(0) }
    }

    /// The skin's latest version number, 0 when it has none.
    static func latestNumber(_ database: any SQLDatabase, skinID: Int64) throws -> Int {
        try database.scalarInt("SELECT max(number) FROM versions WHERE skin_id = ?", [.integer(skinID)]) ?? 0
    }

    // MARK: Publishing

    /// Stores a new version; see ``SkinStore/publish(skin:document:parent:author:message:expectedLatest:)``.
    /// Must run inside a `BEGIN IMMEDIATE` transaction: the number is `max + 1` under the write lock.
    static func publish(
        _ database: any SQLDatabase, skin: String, document: [UInt8], parent: String?,
        author: String, message: String?, expectedLatest: Int?, at: String
    ) throws -> Int {
        let existingID = try skinID(database, skin)
        let latest = try existingID.map { try latestNumber(database, skinID: $0) } ?? 0
        if let expectedLatest, expectedLatest != latest {
            throw StoreError.preconditionFailed(current: latest)
        }
        let reference = parent.map(StoredParentReference.init(parsing:))
        if let reference {
            try checkLineage(database, publishing: skin, parent: reference)
        }
        let id: Int64
        if let existingID {
            id = existingID
        } else {
            id = try database.queryFirst(
                "INSERT INTO skins (name, created_at, created_by) VALUES (?, ?, ?) RETURNING id", [.text(skin), .text(at), .text(author)]
            ) { $0.int64(0) } ?? 0
        }
        let number = latest + 1
        let sha256 = SHA256Digest.hex(document)
        try database.run(
            """
            INSERT INTO versions (skin_id, number, document, sha256, parent, parent_skin, parent_version, author, message, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(id), SQLValue(number), .blob(document), .text(sha256), SQLValue(parent),
                SQLValue(reference?.skin), SQLValue(reference?.version), .text(author), SQLValue(message), .text(at),
            ]
        )
        try AuditQueries.record(
            database, at: at, actor: author, action: "skin.publish", target: "skin/\(skin)",
            detail: JSONText.object(["version": .int(number), "sha256": .string(sha256), "parent": .optional(parent), "message": .optional(message)])
        )
        try EventQueries.append(database, kind: .publish, skin: skin, version: number, channel: nil, at: at)
        return number
    }

    /// Refuses a parent that does not exist, a link that would close a cycle, or a lineage longer
    /// than ``maxLineage``. The server validates documents before publishing; this repeats the
    /// structural checks under the write lock, so a concurrent publish elsewhere in the lineage
    /// cannot slip a cycle in between validation and commit.
    ///
    /// Walks from the parent upward, following each version's parent (its pinned version, or the
    /// latest). Pinned and unpinned links count alike (docs/skins.md, "Inheritance and variants"): reaching `skin` at any
    /// version is a cycle.
    private static func checkLineage(_ database: any SQLDatabase, publishing skin: String, parent: StoredParentReference) throws {
        var path = [skin]
        var next: StoredParentReference? = parent
        var isFirst = true
        while let link = next {
            path.append(link.skin)
            if link.skin == skin || path.dropLast().contains(link.skin) {
                throw StoreError.lineageCycle(path: path)
            }
            if path.count > maxLineage {
                throw StoreError.lineageTooLong(limit: maxLineage)
            }
            guard let row = try versionRow(database, skin: link.skin, number: link.version) else {
                // Only the declared parent can be missing: delete rules keep every deeper link valid.
                if isFirst { throw StoreError.unknownParent(reference: link.description) }
                break
            }
            isFirst = false
            next = row.parent.map(StoredParentReference.init(parsing:))
        }
    }

    /// The parent text of a skin's version (pinned, or latest), or nil if there is no such version.
    private static func versionRow(_ database: any SQLDatabase, skin: String, number: Int?) throws -> (number: Int, parent: String?)? {
        if let number {
            return try database.queryFirst(
                "SELECT v.number, v.parent FROM versions v JOIN skins s ON s.id = v.skin_id WHERE s.name = ? AND v.number = ?",
                [.text(skin), SQLValue(number)]
            ) { ($0.int(0), $0.optionalString(1)) }
        }
        return try database.queryFirst(
            "SELECT v.number, v.parent FROM versions v JOIN skins s ON s.id = v.skin_id WHERE s.name = ? ORDER BY v.number DESC LIMIT 1",
            [.text(skin)]
        ) { ($0.int(0), $0.optionalString(1)) }
    }

    // MARK: Reading

    private static let versionColumns = "s.name, v.number, v.document, v.sha256, v.parent, v.author, v.created_at, v.message"

    private static func readVersion(_ row: any SQLRow) -> StoredVersion {
        StoredVersion(
            skin: row.string(0), number: row.int(1), document: row.blob(2), sha256: row.string(3),
            parent: row.optionalString(4), author: row.string(5), createdAt: row.string(6), message: row.optionalString(7)
        )
    }

    /// Version `number` of `skin`, or its latest when `number` is nil.
    /// - Throws: ``StoreError/notFound(_:)`` for a missing skin or version.
    static func version(_ database: any SQLDatabase, skin: String, number: Int?) throws -> StoredVersion {
        let found: StoredVersion?
        if let number {
            found = try database.queryFirst(
                "SELECT \(versionColumns) FROM versions v JOIN skins s ON s.id = v.skin_id WHERE s.name = ? AND v.number = ?",
                [.text(skin), SQLValue(number)], row: readVersion
            )
        } else {
            found = try database.queryFirst(
                "SELECT \(versionColumns) FROM versions v JOIN skins s ON s.id = v.skin_id WHERE s.name = ? ORDER BY v.number DESC LIMIT 1",
                [.text(skin)], row: readVersion
            )
        }
        guard let found else {
            if let number, try skinID(database, skin) != nil {
                throw StoreError.notFound(.version(skin: skin, number: number))
            }
            throw StoreError.notFound(.skin(skin))
        }
        return found
    }

    /// The lineage of a version, root first and the version itself last, read in one snapshot.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/lineageCycle(path:)``,
    ///   ``StoreError/lineageTooLong(limit:)``, ``StoreError/unknownParent(reference:)``.
    /// - Parameter pinned: versions to use for the skins it names instead of what the
    ///   references say (a held look, ``PinnedLook/versions``).
    static func lineage(_ database: any SQLDatabase, skin: String, number: Int?, pinned: [String: Int] = [:]) throws -> [StoredVersion] {
        var chain = [try version(database, skin: skin, number: pinned[skin] ?? number)]
        while let parent = chain.last?.parentReference {
            if chain.contains(where: { $0.skin == parent.skin }) {
                throw StoreError.lineageCycle(path: chain.map(\.skin) + [parent.skin])
            }
            if chain.count >= maxLineage {
                throw StoreError.lineageTooLong(limit: maxLineage)
            }
            do {
                chain.append(try version(database, skin: parent.skin, number: pinned[parent.skin] ?? parent.version))
            } catch StoreError.notFound {
                throw StoreError.unknownParent(reference: parent.description)
            }
        }
        return chain.reversed()
    }

    /// Every skin with its latest version, by name.
    static func list(_ database: any SQLDatabase) throws -> [SkinSummary] {
        try database.query(
            """
            SELECT s.name, s.created_at, v.number, v.author, v.created_at
            FROM skins s JOIN versions v ON v.skin_id = s.id
            WHERE v.number = (SELECT max(number) FROM versions WHERE skin_id = s.id)
            ORDER BY s.name
            """
        ) {
            SkinSummary(name: $0.string(0), createdAt: $0.string(1), latestVersion: $0.int(2), latestAuthor: $0.string(3), latestCreatedAt: $0.string(4))
        }
    }

    /// A skin's metadata and every version's metadata, oldest first.
    static func detail(_ database: any SQLDatabase, skin: String) throws -> SkinDetail {
        guard
            let (id, createdAt, createdBy) = try database.queryFirst(
                "SELECT id, created_at, created_by FROM skins WHERE name = ?", [.text(skin)], row: { ($0.int64(0), $0.string(1), $0.string(2)) }
            )
        else {
            throw StoreError.notFound(.skin(skin))
        }
        let versions = try database.query(
            "SELECT number, sha256, length(document), parent, author, created_at, message FROM versions WHERE skin_id = ? ORDER BY number",
            [.integer(id)]
        ) {
            VersionSummary(
                number: $0.int(0), sha256: $0.string(1), size: $0.int(2), parent: $0.optionalString(3),
                author: $0.string(4), createdAt: $0.string(5), message: $0.optionalString(6)
            )
        }
        return SkinDetail(name: skin, createdAt: createdAt, createdBy: createdBy, versions: versions)
    }

    /// Names of the skins with at least one version whose parent is `skin` (pinned or not).
    static func dependents(_ database: any SQLDatabase, of skin: String) throws -> [String] {
        try database.query(
            """
            SELECT DISTINCT s.name FROM versions v JOIN skins s ON s.id = v.skin_id
            WHERE v.parent_skin = ? AND s.name <> ? ORDER BY s.name
            """,
            [.text(skin), .text(skin)]
        ) { $0.string(0) }
    }

    // MARK: Deleting

    /// What keeps `skin` from being deleted: channels showing it (as active or rollout target),
    /// and other skins with any version extending it.
    static func referrers(_ database: any SQLDatabase, skinID: Int64, name: String) throws -> [SkinReferrer] {
        let channels = try database.query(
            """
            SELECT name, CASE WHEN skin_id = ? OR rollout_skin_id = ? THEN 1 ELSE 0 END, builds FROM channels
            WHERE skin_id = ? OR rollout_skin_id = ? OR builds IS NOT NULL ORDER BY name
            """, [.integer(skinID), .integer(skinID), .integer(skinID), .integer(skinID)]
        ) { row -> SkinReferrer? in
            // A channel's per-build targets (text, no foreign key) keep their skins too.
            let shows = row.int(1) != 0 || [BuildTarget](storedText: row.optionalString(2)).contains { $0.skin == name }
            return shows ? SkinReferrer.channel(row.string(0)) : nil
        }.compactMap { $0 }
        // One row per extending version, grouped here: the engines spell string aggregation differently.
        let extending = try database.query(
            """
            SELECT s.name, v.number FROM versions v JOIN skins s ON s.id = v.skin_id
            WHERE v.parent_skin = ? AND v.skin_id <> ? ORDER BY s.name, v.number
            """,
            [.text(name), .integer(skinID)]
        ) { (skin: $0.string(0), number: $0.int(1)) }
        var children: [SkinReferrer] = []
        var index = extending.startIndex
        while index < extending.endIndex {
            let skin = extending[index].skin
            let end = extending[index...].firstIndex { $0.skin != skin } ?? extending.endIndex
            children.append(.skin(skin, versions: extending[index..<end].map(\.number)))
            index = end
        }
        return channels + children
    }

    /// Deletes a skin and all its versions; see ``SkinStore/deleteSkin(_:actor:)``.
    static func delete(_ database: any SQLDatabase, skin: String, actor: String, at: String) throws {
        guard let id = try skinID(database, skin) else {
            throw StoreError.notFound(.skin(skin))
        }
        let referrers = try referrers(database, skinID: id, name: skin)
        guard referrers.isEmpty else {
            throw StoreError.skinInUse(skin: skin, referrers: referrers)
        }
        let latest = try latestNumber(database, skinID: id)
        try database.run("DELETE FROM skins WHERE id = ?", [.integer(id)])
        try AuditQueries.record(
            database, at: at, actor: actor, action: "skin.delete", target: "skin/\(skin)",
            detail: JSONText.object(["latestVersion": .int(latest)])
        )
        try EventQueries.append(database, kind: .delete, skin: skin, version: nil, channel: nil, at: at)
    }
}
