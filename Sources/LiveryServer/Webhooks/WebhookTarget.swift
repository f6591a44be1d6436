#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a webhook may be sent (docs/api.md, "Webhooks"): an `http` or `https` URL whose host
/// resolves only to public addresses. Loopback (`localhost` included), private, link-local,
/// unique-local and unspecified addresses are refused unless `webhooks.allowPrivateTargets`:
/// a designer-facing server must not become a way into the network it runs in. The name is
/// resolved and every address checked at registration and again before each delivery, so a
/// name re-pointed inside the network after registration is refused then.
struct WebhookTarget: Sendable, Equatable {
    let scheme: String
    let host: String
    let port: Int
    /// The path and query the request names (`/` when the URL has none).
    let pathAndQuery: String

    /// One address a host resolves to, ready to connect to.
    struct Address: @unchecked Sendable {
        let family: Int32
        let storage: sockaddr_storage
        let length: socklen_t
        /// As text (`203.0.113.5`, `2001:db8::1`).
        let text: String
    }

    /// Longest URL accepted.
    static let maxURLLength = 2_048

    /// Parses `url`. - Throws: a sentence saying what is wrong with it.
    init(url: String) throws(WebhookTargetError) {
        guard url.utf8.count <= Self.maxURLLength else { throw .invalid("url must be at most \(Self.maxURLLength) characters") }
        let lowered = url.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") { scheme = "https" } else if lowered.hasPrefix("http://") { scheme = "http" } else {
            throw .invalid("url must be an http:// or https:// URL")
        }
        let rest = url.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let tail = rest.dropFirst(authority.count).prefix { $0 != "#" }
        guard tail.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { throw .invalid("url's path must be ASCII without spaces (percent-encode the rest)") }
        pathAndQuery = tail.isEmpty ? "/" : tail.hasPrefix("/") ? String(tail) : "/" + tail
        guard !authority.contains("@") else { throw .invalid("url must not carry credentials (user@host); sign with the secret instead") }
        var host = Substring(authority), port = scheme == "https" ? 443 : 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .invalid("url has an unclosed IPv6 address") }
            let after = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if after.hasPrefix(":") { port = try Self.port(after.dropFirst()) } else if !after.isEmpty { throw .invalid("url's host is malformed") }
        } else if let colon = host.lastIndex(of: ":") {
            port = try Self.port(host[host.index(after: colon)...])
            host = host[..<colon]
        }
        guard !host.isEmpty else { throw .invalid("url names no host") }
        self.scheme = scheme
        self.host = String(host)
        self.port = port
    }

    private static func port(_ text: Substring) throws(WebhookTargetError) -> Int {
        guard let port = Int(text), (1...65_535).contains(port) else { throw .invalid("url's port must be 1 to 65535") }
        return port
    }

    /// Resolves the host and checks every address it has; the first is the one to connect to.
    /// - Throws: ``WebhookTargetError/unresolvable(_:)``, ``WebhookTargetError/privateAddress(_:)``.
    @discardableResult
    func checkedAddress(allowPrivate: Bool) throws(WebhookTargetError) -> Address {
        let addresses = try Self.resolve(host)
        if !allowPrivate, let inside = addresses.first(where: { Self.isInternal($0.text) }) {
            throw .privateAddress("url's host \(host) resolves to \(inside.text), an address inside the network (loopback, private, link-local or unique-local); set webhooks.allowPrivateTargets to allow it")
        }
        return addresses[0]
    }

    /// Every address `host` resolves to.
    static func resolve(_ host: String) throws(WebhookTargetError) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw .unresolvable("url's host \(host) does not resolve") }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let family = current.pointee.ai_family
            if family == AF_INET || family == AF_INET6, let socketAddress = current.pointee.ai_addr,
                getnameinfo(socketAddress, current.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
            {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: socketAddress, count: Int(current.pointee.ai_addrlen)))
                }
                addresses.append(Address(
                    family: family, storage: storage, length: current.pointee.ai_addrlen,
                    text: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw .unresolvable("url's host \(host) has no address") }
        return addresses
    }

    /// Whether an address (text, as ``resolve(_:)`` gives it) is loopback, private (RFC 1918),
    /// shared (RFC 6598), link-local, unique-local (RFC 4193), unspecified, or an IPv4-mapped
    /// IPv6 form of one of those.
    static func isInternal(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            let value = UInt32(bigEndian: v4.s_addr)
            return isInternalIPv4(value)
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address.split(separator: "%").first.map(String.init) ?? address, &v6) == 1 else { return true }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes.allSatisfy({ $0 == 0 }) { return true }  // ::
        if bytes.prefix(15).allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }  // ::1
        if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {  // ::ffff:a.b.c.d
            return isInternalIPv4(UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15]))
        }
        if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10
        return false
    }

    private static func isInternalIPv4(_ value: UInt32) -> Bool {
        let ranges: [(UInt32, UInt32)] = [
            (0x0000_0000, 8), (0x0A00_0000, 8), (0x7F00_0000, 8), (0xA9FE_0000, 16), (0xAC10_0000, 12), (0xC0A8_0000, 16),
            (0x6440_0000, 10),
        ]
        return ranges.contains { base, bits in value >> (32 - bits) == base >> (32 - bits) }
    }
}

/// Why a webhook target is refused.
enum WebhookTargetError: Error, Equatable {
    case invalid(String)
    case unresolvable(String)
    case privateAddress(String)

    var message: String {
        switch self {
        case .invalid(let message), .unresolvable(let message), .privateAddress(let message): message
        }
    }
}
