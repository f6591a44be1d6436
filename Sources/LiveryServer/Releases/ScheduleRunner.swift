import Logging
import SkinStore
import Synchronization

/// Carries out due schedules (docs/api.md, "Rollouts, schedules and rollback"): within a second of their time, once, whichever of
/// the processes sharing the database gets there first.
///
/// Every `interval` it reads the earliest pending time (one cheap indexed read); only when
/// that time has come does it take the write lock, and the store re-reads the pending
/// schedules inside that `BEGIN IMMEDIATE` transaction, so a second process that also saw them
/// due finds them done and does nothing. ``start()`` first runs one pass before returning, so a
/// schedule missed while no process ran is carried out (and marked late) before the server
/// answers its first request.
///
/// Before carrying a due schedule out it asks `gate` (the server's release gate, docs/apps.md):
/// a look that fails it by then — a build went live whose contract it breaks, or a followed
/// latest version changed — is not activated; the schedule is marked `blocked` with the reason.
///
/// The first pass, and then one every ``orphanSweepInterval``, first hands `settleOrphans` the
/// time before which a publish's provisional hold is taken for an orphan (docs/apps.md, "What a
/// live build is served, on every path"): made before this process started, or more than
/// ``orphanAge`` ago. A publish whose process stopped while its gate ran keeps its targets on
/// what they served until then, and is settled by the next sweep after that.
final class ScheduleRunner: Sendable {
    /// Why a due schedule may not run now, nil when it may; throws when it could not tell.
    typealias Gate = @Sendable (ChannelSchedule) async throws -> String?
    /// Settles the publishes whose provisional holds were made before the given time.
    typealias SettleOrphans = @Sendable (String) async throws -> Void

    /// How old a provisional hold made by a running process must be to be taken for an orphan:
    /// far longer than any gate takes, so a slow gate is not settled twice in the usual case.
    static let orphanAge: Int64 = 120_000
    /// Time between two sweeps for orphans: passes run every `interval` (a quarter of a second) for
    /// schedules, and an orphan two minutes old need not be found within that.
    static let orphanSweepInterval: Int64 = 30_000

    let store: SkinStore
    let logger: Logger
    let interval: Duration
    let gate: Gate?
    let settleOrphans: SettleOrphans?
    /// Holds made before this time are orphans: made before the process started (no gate of
    /// this process is working on them), or ``orphanAge`` ago. Milliseconds since 1970.
    static func orphanCutoff(startedAt: Int64, now: Int64) -> Int64 {
        max(startedAt, now - orphanAge)
    }

    /// When this process started (milliseconds since 1970): holds made before are orphans.
    private let startedAt = Timestamp.nowMilliseconds()
    /// When the next sweep for orphans is due (milliseconds since 1970); the first pass sweeps.
    private let nextSweep = Atomic<Int64>(0)
    private let loop = Mutex<Task<Void, Never>?>(nil)

    init(store: SkinStore, interval: Duration, gate: Gate? = nil, settleOrphans: SettleOrphans? = nil, logger: Logger) {
        self.store = store
        self.interval = interval
        self.gate = gate
        self.settleOrphans = settleOrphans
        self.logger = logger
    }

    /// Catches up with missed schedules, then keeps checking every `interval` until ``stop()``.
    func start() async {
        await runDue()
        let task = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                await runDue()
            }
        }
        loop.withLock { $0 = task }
    }

    /// Stops checking; a pass in progress finishes its transaction.
    func stop() {
        loop.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    /// One pass: settles orphaned publish holds when a sweep is due, then carries out what is due, if anything.
    /// Failures are logged and retried next pass.
    func runDue() async {
        let now = Timestamp.nowMilliseconds()
        if let settleOrphans, now >= nextSweep.load(ordering: .relaxed) {
            nextSweep.store(now + Self.orphanSweepInterval, ordering: .relaxed)
            let cutoff = Self.orphanCutoff(startedAt: startedAt, now: now)
            do {
                try await settleOrphans(Timestamp.format(millisecondsSince1970: cutoff))
            } catch {
                logger.error("orphaned publish holds could not be settled", metadata: ["error": "\(error)"])
            }
        }
        do {
            guard let next = try await store.nextScheduleDue(),
                let due = Timestamp.milliseconds(fromRFC3339: next), due <= Timestamp.nowMilliseconds()
            else { return }
            try await blockFailing()
            for schedule in try await store.runDueSchedules() {
                let metadata: Logger.Metadata = [
                    "schedule.id": "\(schedule.id)", "channel": "\(schedule.channel)", "schedule.at": "\(schedule.at)",
                    "schedule.state": "\(schedule.state.rawValue)", "schedule.late": "\(schedule.late)",
                ]
                if schedule.state == .done {
                    logger.info("schedule carried out", metadata: metadata)
                } else {
                    logger.warning("schedule failed", metadata: metadata.merging(["error": "\(schedule.outcome ?? "-")"]) { $1 })
                }
            }
        } catch {
            logger.error("schedules could not be run", metadata: ["error": "\(error)"])
        }
    }

    /// Marks `blocked` each due schedule the gate stops, before the others are carried out.
    /// Forced schedules were let past the gate by an admin when created and are not asked again.
    /// A gate that cannot check (the store failed) stops the whole pass: nothing runs unchecked,
    /// and the next pass, a second later, asks again (the gate fails closed).
    private func blockFailing() async throws {
        guard let gate else { return }
        for schedule in try await store.dueSchedules() where !schedule.forced {
            guard let reason = try await gate(schedule), let blocked = try await store.blockSchedule(schedule.id, reason: reason) else { continue }
            logger.warning("schedule blocked", metadata: [
                "schedule.id": "\(blocked.id)", "channel": "\(blocked.channel)", "schedule.at": "\(blocked.at)", "reason": "\(reason)",
            ])
        }
    }
}
