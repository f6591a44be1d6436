#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The peer of a connection, stored compactly (a `sockaddr_storage` is 128 bytes; this is 20)
/// and formatted only when asked for, e.g. for a log line.
package struct HTTPRemoteAddress: Sendable, Hashable, CustomStringConvertible {
    package enum Host: Sendable, Hashable {
        /// IPv4 address in network byte order.
        case v4(UInt32)
        /// IPv6 address bytes, network order, as two halves.
        case v6(UInt64, UInt64)
    }

    package var host: Host
    package var port: UInt16

    package init(host: Host, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:5000` or `[::1]:5000`.
    package var description: String {
        "\(hostString.contains(":") ? "[\(hostString)]" : hostString):\(port)"
    }

    /// The address alone, as `inet_ntop` writes it.
    package var hostString: String {
        var buffer = [CChar](repeating: 0, count: 64)
        switch host {
        case .v4(let raw):
            var a = in_addr(s_addr: raw)
            _ = inet_ntop(AF_INET, &a, &buffer, 64)
        case .v6(let hi, let lo):
            var a = in6_addr()
            withUnsafeMutableBytes(of: &a) { p in
                withUnsafeBytes(of: hi) { p.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: 8) }
                withUnsafeBytes(of: lo) { (p.baseAddress! + 8).copyMemory(from: $0.baseAddress!, byteCount: 8) }
            }
            _ = inet_ntop(AF_INET6, &a, &buffer, 64)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads an address filled in by `accept`/`getsockname`.
    init?(_ storage: UnsafePointer<sockaddr_storage>) {
        switch Int32(storage.pointee.ss_family) {
        case AF_INET:
            let sin = UnsafeRawPointer(storage).load(as: sockaddr_in.self)
            host = .v4(sin.sin_addr.s_addr)
            port = UInt16(bigEndian: sin.sin_port)
        case AF_INET6:
            let sin6 = UnsafeRawPointer(storage).load(as: sockaddr_in6.self)
            var hi: UInt64 = 0
            var lo: UInt64 = 0
            withUnsafeBytes(of: sin6.sin6_addr) { b in
                hi = b.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                lo = b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            }
            host = .v6(hi, lo)
            port = UInt16(bigEndian: sin6.sin6_port)
        default:
            return nil
        }
    }
}
