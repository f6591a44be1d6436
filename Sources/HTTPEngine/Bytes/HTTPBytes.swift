/// An immutable, shared byte buffer: response bodies and pre-rendered heads.
///
/// The engine hands these bytes to the kernel with `writev` without copying them, possibly
/// after the handler returned and possibly on a later `EPOLLOUT`, so the storage must stay put
/// and must never change: the bytes live in one allocation owned by this object and are freed in
/// `deinit`. Build one once per cached document and reuse it for every response.
package final class HTTPBytes: @unchecked Sendable {
    // @unchecked Sendable: `base` and `count` are set once in `init` and the memory they describe
    // is never written after `init` returns, so concurrent reads from any thread are safe.
    package let base: UnsafeRawPointer?
    package let count: Int

    /// Copies `bytes` once into storage owned by this buffer.
    package init(_ bytes: some Collection<UInt8>) {
        let n = bytes.count
        count = n
        if n == 0 {
            base = nil
            return
        }
        let p = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 1)
        let buffer = UnsafeMutableRawBufferPointer(start: p, count: n)
        buffer.copyBytes(from: bytes)
        base = UnsafeRawPointer(p)
    }

    /// UTF-8 bytes of `string`.
    package convenience init(string: String) {
        self.init(Array(string.utf8))
    }

    deinit {
        base.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
    }

    /// A copy of the bytes as an array (for tests and slow paths).
    package var array: [UInt8] {
        guard let base else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Calls `body` with a view of the bytes; the view must not escape.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
