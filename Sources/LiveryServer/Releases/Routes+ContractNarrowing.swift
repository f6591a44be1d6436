import HTTPEngine
import SkinModel
import SkinStore

/// A contract is the fixed shape of a released binary (docs/apps.md, "Old builds in the field"):
/// once its build is live, a `PUT` that removes or retypes an entry, or a `DELETE`, is `409`
/// (`contract-narrowed`, one error per entry) unless an admin sends `?force=true`, which the
/// audit row records. Adding entries is always allowed.
extension Routes {
    /// What the store calls inside its write transaction with the contract stored now: refuses a
    /// narrowing of a live build's contract (throws the `409`), or says what the audit records.
    ///
    /// Built before the transaction (whether the build is live needs the recorder's counts and a
    /// read), decided inside it (against the contract as it is when the change is written, so
    /// two concurrent changes cannot each pass against the same older contract).
    func contractVetting(
        of build: ClientIdentity, replacement: BuildContract, force: Bool
    ) async throws(Problem) -> @Sendable (StoredContract?) throws -> ContractChangeNote {
        let live = try await liveBuildIdentities(on: nil).contains(build)
        let liveDays = fleet.window.days
        return { current in
            guard live, let current else { return ContractChangeNote() }
            // A stored contract that no longer reads (only a newer server's) cannot be compared; it is replaced.
            guard let json = try? JSONParser.parse(Array(current.contract.utf8)), let stored = try? BuildContract(json: json) else {
                return ContractChangeNote()
            }
            let narrowed = stored.narrowings(to: replacement, build: build.description)
            guard !narrowed.isEmpty else { return ContractChangeNote() }
            guard force else { throw Self.contractNarrowedProblem(build, narrowed, liveDays: liveDays) }
            return ContractChangeNote(forced: true, narrowed: narrowed.map(\.path))
        }
    }

    /// `force=true` in the query (admins only): narrow a live build's contract anyway.
    /// - Throws: `Problem` 400 for another value, 403 when a token below admin asks.
    static func contractForce(_ request: HTTPRequest, token: AuthenticatedToken) throws(Problem) -> Bool {
        let force: Bool
        switch request.queryValue("force") {
        case nil, "false"?: force = false
        case "true"?: force = true
        case let other?: throw Problem.badRequest("force must be true or false, not \"\(other)\".")
        }
        if force, token.role < .admin {
            throw Problem.forbidden(
                "Only an admin token may force a change that narrows a live build's contract; \"\(token.name)\" is a \(token.role.rawValue).")
        }
        return force
    }

    /// The `409` naming each removed or retyped entry: at most ``GateLimits/listedFindings`` in
    /// `errors` (the rest counted in `more`), at most ten in the detail.
    static func contractNarrowedProblem(_ build: ClientIdentity, _ narrowed: [ContractNarrowing], liveDays: Int) -> Problem {
        let paths = narrowed.prefix(10).map(\.path).joined(separator: ", ") + (narrowed.count > 10 ? " and \(narrowed.count - 10) more" : "")
        var problem = Problem(
            status: 409, slug: "contract-narrowed", title: "Contract narrowed",
            detail: "\(build) is live (seen within \(liveDays) days) and its installed binary still reads what its contract names: "
                + "this change removes or retypes \(narrowed.count) entr\(narrowed.count == 1 ? "y" : "ies") (\(paths)). "
                + "Add entries instead, or an admin may send ?force=true." + GateLimits.moreSentence(total: narrowed.count))
        let (listed, more) = GateLimits.listed(narrowed)
        problem.findings = listed.map { $0.json(build: build.description) }
        problem.more = more
        return problem
    }

    /// A store call whose vetting may refuse: its `Problem` as it is, other errors as store failures.
    func vettedStoreCall<T: Sendable>(_ body: () async throws -> T) async throws(Problem) -> T {
        do {
            return try await body()
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(storeFailure: error)
        }
    }
}
