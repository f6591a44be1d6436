/// Reports new events from the change sequence, whichever process committed them (docs/operations.md, "Shutdown, several processes, caches and balancers").
///
/// Made by ``SkinStore/changeMonitor(after:interval:handler:)``; the backend decides how:
/// ``SQLitePollingMonitor`` polls the file's data version, ``PostgresChangeMonitor`` listens
/// for `NOTIFY`. Either way the handler gets every event once, in seq order. Keep the monitor;
/// it stops when released or on ``stop()``.
package protocol ChangeMonitor: AnyObject, Sendable {
    /// The highest seq reported so far (or the starting point). May block briefly.
    var lastReportedSequence: Int { get }

    /// Looks for new events now instead of waiting (the store calls it after its own writes).
    func checkNow()

    /// Stops watching and closes the monitor's connection; the handler is not called afterwards.
    func stop()
}
