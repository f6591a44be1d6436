/// Build contracts (docs/apps.md). Every function runs inside a transaction opened by ``SkinStore``.
enum ContractQueries {
    private static let columns = "platform, major, minor, patch, contract, created_at, updated_at, updated_by"

    private static func read(_ row: any SQLRow) -> StoredContract {
        StoredContract(
            platform: row.string(0), version: "\(row.int(1)).\(row.int(2)).\(row.int(3))", contract: row.string(4),
            createdAt: row.string(5), updatedAt: row.string(6), updatedBy: row.string(7))
    }

    /// Creates or replaces a build's contract and audits it (`contract.create` / `contract.update`,
    /// with the `note`: `forced` and the `narrowed` entries).
    /// - Returns: the stored contract and whether it was new.
    static func put(
        _ database: any SQLDatabase, platform: String, version: (Int, Int, Int), contract: String,
        note: ContractChangeNote = ContractChangeNote(), actor: String, now: String
    ) throws -> (contract: StoredContract, created: Bool) {
        let key: [SQLValue] = [.text(platform), SQLValue(version.0), SQLValue(version.1), SQLValue(version.2)]
        let updated = try database.run(
            "UPDATE build_contracts SET contract = ?, updated_at = ?, updated_by = ? WHERE platform = ? AND major = ? AND minor = ? AND patch = ?",
            [.text(contract), .text(now), .text(actor)] + key)
        if updated == 0 {
            try database.run(
                "INSERT INTO build_contracts (platform, major, minor, patch, contract, created_at, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                key + [.text(contract), .text(now), .text(now), .text(actor)])
        }
        let build = "\(platform)/\(version.0).\(version.1).\(version.2)"
        try AuditQueries.record(
            database, at: now, actor: actor, action: updated == 0 ? "contract.create" : "contract.update", target: "contract/\(build)",
            detail: auditDetail(note, ["bytes": .int(contract.utf8.count)]))
        guard let stored = try get(database, platform: platform, version: version) else { throw StoreError.notFound(.contract(build)) }
        return (stored, updated == 0)
    }

    /// One build's contract, nil when none is registered.
    static func get(_ database: any SQLDatabase, platform: String, version: (Int, Int, Int)) throws -> StoredContract? {
        try database.queryFirst(
            "SELECT \(columns) FROM build_contracts WHERE platform = ? AND major = ? AND minor = ? AND patch = ?",
            [.text(platform), SQLValue(version.0), SQLValue(version.1), SQLValue(version.2)], row: read)
    }

    /// Every contract's key and stamp, without its text (by platform then version): what the
    /// server's cache of parsed contracts compares with what it holds.
    static func stamps(_ database: any SQLDatabase) throws -> [ContractStamp] {
        try database.query(
            "SELECT platform, major, minor, patch, updated_at, length(contract) FROM build_contracts ORDER BY platform, major, minor, patch"
        ) { row in
            ContractStamp(
                platform: row.string(0), version: "\(row.int(1)).\(row.int(2)).\(row.int(3))", updatedAt: row.string(4), length: row.int(5))
        }
    }

    /// How many contracts are registered.
    static func count(_ database: any SQLDatabase) throws -> Int {
        try database.scalarInt("SELECT count(*) FROM build_contracts") ?? 0
    }

    /// Every contract, by platform then version (numerically).
    static func list(_ database: any SQLDatabase) throws -> [StoredContract] {
        try database.query("SELECT \(columns) FROM build_contracts ORDER BY platform, major, minor, patch", row: read)
    }

    /// Deletes a build's contract and audits it (with the `note`, as ``put(_:platform:version:contract:note:actor:now:)``).
    /// - Throws: ``StoreError/notFound(_:)``.
    static func delete(
        _ database: any SQLDatabase, platform: String, version: (Int, Int, Int), note: ContractChangeNote = ContractChangeNote(),
        actor: String, now: String
    ) throws {
        let build = "\(platform)/\(version.0).\(version.1).\(version.2)"
        let deleted = try database.run(
            "DELETE FROM build_contracts WHERE platform = ? AND major = ? AND minor = ? AND patch = ?",
            [.text(platform), SQLValue(version.0), SQLValue(version.1), SQLValue(version.2)])
        guard deleted == 1 else { throw StoreError.notFound(.contract(build)) }
        try AuditQueries.record(database, at: now, actor: actor, action: "contract.delete", target: "contract/\(build)", detail: auditDetail(note, [:]))
    }

    /// An audit row's detail: `members`, then `"forced": true` and the `narrowed` entries when
    /// an admin forced a narrowing (a plain change records neither, as before).
    private static func auditDetail(_ note: ContractChangeNote, _ members: KeyValuePairs<String, JSONText.Value>) -> String {
        var all = Array(members)
        if note.forced { all.append(("forced", .bool(true))) }
        if !note.narrowed.isEmpty { all.append(("narrowed", .strings(note.narrowed))) }
        return JSONText.object(all)
    }
}
