/// Build contracts (docs/apps.md, "Old builds in the field"): what each app build reads,
/// registered from its release pipeline and checked by the server's release gate.
extension SkinStore {
    /// Registers or replaces the contract of build `platform/version` (audited).
    /// - Parameters:
    ///   - version: `(major, minor, patch)`.
    ///   - vet: called inside the write transaction with the contract stored now (nil when none),
    ///     before anything is written, so that no other change slips between the check and the
    ///     write: it throws to refuse the change (nothing is written, its error is rethrown), or
    ///     returns what the audit row notes.
    ///   - maxCount: the most contracts the store may hold: a new one past it throws
    ///     ``StoreError/tooMany(_:limit:)`` (counted inside the transaction, so concurrent
    ///     registrations cannot pass it together); replacing one is always allowed.
    /// - Returns: the stored contract and whether it was new (`201` rather than `200`).
    package func putContract(
        platform: String, version: (Int, Int, Int), contract: String, actor: String, maxCount: Int? = nil,
        vet: @escaping @Sendable (StoredContract?) throws -> ContractChangeNote = { _ in ContractChangeNote() }
    ) async throws -> (contract: StoredContract, created: Bool) {
        let (major, minor, patch) = version
        return try await write { database, now in
            let current = try ContractQueries.get(database, platform: platform, version: (major, minor, patch))
            let note = try vet(current)
            if current == nil, let maxCount, try ContractQueries.count(database) >= maxCount {
                throw StoreError.tooMany(.contracts, limit: maxCount)
            }
            return try ContractQueries.put(
                database, platform: platform, version: (major, minor, patch), contract: contract, note: note, actor: actor, now: now)
        }
    }

    /// One build's contract, nil when none is registered.
    package func contract(platform: String, version: (Int, Int, Int)) async throws -> StoredContract? {
        let (major, minor, patch) = version
        return try await read { try ContractQueries.get($0, platform: platform, version: (major, minor, patch)) }
    }

    /// Every registered contract, by platform then version.
    package func contracts() async throws -> [StoredContract] {
        try await read { try ContractQueries.list($0) }
    }

    /// Every registered contract's stamp (its text left in the store), by platform then version.
    package func contractStamps() async throws -> [ContractStamp] {
        try await read { try ContractQueries.stamps($0) }
    }

    /// Removes a build's contract (audited).
    /// - Parameter vet: as for ``putContract(platform:version:contract:actor:vet:)``, with the
    ///   contract about to be deleted.
    /// - Throws: ``StoreError/notFound(_:)``, or what `vet` throws.
    package func deleteContract(
        platform: String, version: (Int, Int, Int), actor: String,
        vet: @escaping @Sendable (StoredContract) throws -> ContractChangeNote = { _ in ContractChangeNote() }
    ) async throws {
        let (major, minor, patch) = version
        try await write { database, now in
            guard let current = try ContractQueries.get(database, platform: platform, version: (major, minor, patch)) else {
                throw StoreError.notFound(.contract("\(platform)/\(major).\(minor).\(patch)"))
            }
            let note = try vet(current)
            try ContractQueries.delete(database, platform: platform, version: (major, minor, patch), note: note, actor: actor, now: now)
        }
    }

    // MARK: Schedules the release gate stops

    /// The pending schedules whose time has come (a read: the gate checks them before
    /// ``runDueSchedules()`` carries out those still pending).
    package func dueSchedules() async throws -> [ChannelSchedule] {
        try await read { try ScheduleQueries.due($0, now: Timestamp.now()) }
    }

    /// Marks a pending schedule `blocked` with `reason` (audited as `schedule.block`); nil when it
    /// is no longer pending (another process ran it first).
    package func blockSchedule(_ id: Int, reason: String) async throws -> ChannelSchedule? {
        try await write { database, now in try ScheduleQueries.block(database, id: id, reason: reason, now: now) }
    }
}
