import Foundation

/// A value guarded by a lock: the client's small shared state (the held skin, subscribers, the poller).
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 / iOS 18 and the package supports
/// macOS 14 / iOS 17. `@unchecked Sendable` is sound: `value` is only reached inside
/// `withLock`, under `lock`, and `Value` is itself `Sendable`.
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
