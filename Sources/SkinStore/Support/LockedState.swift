import Foundation

/// A value guarded by a lock, for the little shared mutable state the store keeps
/// (reader round-robin, token-touch throttling, registered monitors).
///
/// `Synchronization.Mutex` would do now that the package needs macOS 15; this predates that.
/// `@unchecked Sendable` is sound: `value` is only accessed inside `withLock`, under `lock`.
final class LockedState<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
