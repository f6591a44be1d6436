/// Build contracts (docs/apps.md, "Old builds in the field"): what each app build reads,
/// registered from its release pipeline and checked by the server's release gate.
extension SkinStore {
    /// Registers or replaces the contract of build `platform/version` (audited).
    /// - Parameter version: `(major, minor, patch)`.
    /// - Returns: the stored contract and whether it was new (`201` rather than `200`).
    package func putContract(
        platform: String, version: (Int, Int, Int), contract: String, actor: String
    ) async throws -> (contract: StoredContract, created: Bool) {
        let (major, minor, patch) = version
        return try await write { database, now in
            try ContractQueries.put(database, platform: platform, version: (major, minor, patch), contract: contract, actor: actor, now: now)
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

    /// Removes a build's contract (audited). - Throws: ``StoreError/notFound(_:)``.
    package func deleteContract(platform: String, version: (Int, Int, Int), actor: String) async throws {
        let (major, minor, patch) = version
        try await write { database, now in
            try ContractQueries.delete(database, platform: platform, version: (major, minor, patch), actor: actor, now: now)
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
