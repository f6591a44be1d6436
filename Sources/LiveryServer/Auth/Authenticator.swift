import HTTPEngine
import SkinStore
import Synchronization

/// Checks `Authorization: Bearer <token>` against the store, which keeps only SHA-256 hashes
/// and compares them in constant time.
///
/// Designer and admin routes always ask the store, so a revoked token stops working at once
/// there. Client reads (private only when `auth.publicReads` is false) may also be answered
/// from a small cache of recent successful checks, keyed by the token's SHA-256 (never the token
/// itself), so that a cached document is still served on the event-loop thread; a revoked token
/// keeps reading for at most `readCacheSeconds`.
package final class Authenticator: Sendable {
    let store: SkinStore
    let readCacheSeconds: Int
    private let readCache = Mutex<[String: (token: AuthenticatedToken, expires: ContinuousClock.Instant)]>([:])

    package init(store: SkinStore, readCacheSeconds: Int = 5) {
        self.store = store
        self.readCacheSeconds = readCacheSeconds
    }

    /// Whether the request carries a token that was recently checked and may read.
    /// Never touches the store, so it is safe on the loop thread.
    func cachedReader(_ request: HTTPRequest) -> Bool {
        guard let secret = Self.bearerToken(request) else { return false }
        let key = Self.cacheKey(secret)
        let now = ContinuousClock.now
        return readCache.withLock { cache in
            guard let entry = cache[key] else { return false }
            if entry.expires < now {
                cache[key] = nil
                return false
            }
            return true
        }
    }

    /// Like `require(.reader, for:)`, and remembers success for `cachedReader`.
    func requireReader(_ request: HTTPRequest) async throws(Problem) {
        let token = try await require(.reader, for: request)
        guard let secret = Self.bearerToken(request) else { return }
        let expires = ContinuousClock.now + .seconds(readCacheSeconds)
        readCache.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[Self.cacheKey(secret)] = (token, expires)
        }
    }

    /// The store's own hash of the secret, so the cache never holds a token itself.
    private static func cacheKey(_ secret: String) -> String {
        TokenSecret.hash(secret)
    }

    /// The bearer token of a request, or nil when there is none.
    static func bearerToken(_ request: HTTPRequest) -> String? {
        guard let value = request.headers["authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: " \t")
        return token.isEmpty ? nil : token
    }

    /// Whether a body may be read: a request without a token is refused at once (401), one
    /// with a token once the store has accepted it with at least `role` (401 unknown, 403 role
    /// too low), so neither gets `100 Continue` nor has a byte of its body read. An admitted
    /// body counts against its token's share of the body budget (docs/operations.md), and is
    /// held to `maxBytes` when the route has a smaller limit than the server's.
    func screen(_ head: HTTPRequest, needing role: TokenRole, maxBytes: Int? = nil) -> HTTPBodyScreening {
        guard Self.bearerToken(head) != nil else {
            return .reject(Problem.unauthorized("This endpoint needs an Authorization: Bearer token.").response)
        }
        return .check { [self] in
            do throws(Problem) {
                let token = try await require(role, for: head)
                return .admit(owner: "token:" + token.name, maxBytes: maxBytes)
            } catch {
                return .refuse(error.response)
            }
        }
    }

    /// The token of a request if it holds at least `role`.
    ///
    /// - Throws: `Problem` 401 without a valid token, 403 with a token whose role is too low.
    package func require(_ role: TokenRole, for request: HTTPRequest) async throws(Problem) -> AuthenticatedToken {
        guard let secret = Self.bearerToken(request) else {
            throw Problem.unauthorized("This endpoint needs an Authorization: Bearer token.")
        }
        let token: AuthenticatedToken?
        do {
            token = try await store.authenticate(secret)
        } catch {
            var problem = Problem(storeFailure: error)
            problem.status = 503
            problem.slug = "unavailable"
            problem.title = "Service unavailable"
            problem.detail = "Tokens cannot be checked right now."
            problem.headers = [("Retry-After", "1")]
            throw problem
        }
        guard let token else { throw Problem.unauthorized("The token is unknown or revoked.") }
        guard token.role >= role else {
            throw Problem.forbidden("Token \"\(token.name)\" has role \(token.role.rawValue); this needs \(role.rawValue).")
        }
        return token
    }
}
