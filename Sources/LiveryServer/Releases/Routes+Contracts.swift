import HTTPEngine
import SkinModel
import SkinStore

/// Build contracts (docs/apps.md, "Old builds in the field"): what each app build reads,
/// registered from its release pipeline (`livery contract push`), behind a designer token.
extension Routes {
    func registerContractRoutes(_ router: inout RouteTable) {
        router.get("/v1/contracts") { request, _, context in
            authorized(.designer, request, context) { _ async throws(Problem) in
                let stored = try await storeCall { try await store.contracts() }
                return JSONResponse.make(.ok, .object(["contracts": .array(stored.map { Self.contractJSON($0, full: false) })]))
            }
        }
        router.get("/v1/contracts/{platform}/{version}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let build = try parameters.build()
                guard let stored = try await storeCall({ try await store.contract(platform: build.platform.rawValue, version: build.numbers) }) else {
                    throw Problem.notFound("No contract is registered for \(build); register one with PUT /v1/contracts/\(build).")
                }
                return JSONResponse.make(.ok, Self.contractJSON(stored, full: true))
            }
        }
        router.put("/v1/contracts/{platform}/{version}") { request, parameters, context throws(Problem) in
            // Vetting a contract checks the looks its build is served: the release gate's work.
            return heavy(.designer, request, context) { token async throws(Problem) in
                let build = try parameters.build()
                let force = try Self.contractForce(request, token: token)
                let contract = try Self.contract(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                let text = String(decoding: CanonicalJSON.encode(contract.json), as: UTF8.self)
                let vet = try await contractVetting(of: build, replacement: contract, force: force)
                let (stored, created) = try await vettedStoreCall {
                    try await store.putContract(
                        platform: build.platform.rawValue, version: build.numbers, contract: text, actor: token.name,
                        maxCount: configuration.maxContracts, vet: vet)
                }
                await contractChanged(build)
                logger.info(created ? "contract registered" : "contract replaced", metadata: [
                    "build": "\(build)", "contract.tokens": "\(contract.tokens.count)", "contract.styles": "\(contract.styles.count)",
                    "contract.images": "\(contract.images.count)", "token": "\(token.name)",
                ])
                // A live build's new contract, checked against what it is served now (the release gate).
                var answer = Self.contractJSON(stored, full: true)
                if case .object(var object) = answer {
                    let (warnings, more) = GateLimits.listed(try await contractFindings(contract, of: build))
                    object["warnings"] = .array(warnings.map(\.json))
                    if more > 0 { object["more"] = .int(more) }
                    answer = .object(object)
                }
                return JSONResponse.make(created ? .created : .ok, answer, headers: [HTTPField("Location", "/v1/contracts/\(build)")])
            }
        }
        router.delete("/v1/contracts/{platform}/{version}") { request, parameters, context throws(Problem) in
            // Only a comparison with the stored contract (no look is checked): not heavy work.
            return authorized(.designer, request, context) { token async throws(Problem) in
                let build = try parameters.build()
                let force = try Self.contractForce(request, token: token)
                let vet = try await contractVetting(of: build, replacement: BuildContract(), force: force)
                try await vettedStoreCall {
                    try await store.deleteContract(platform: build.platform.rawValue, version: build.numbers, actor: token.name, vet: vet)
                }
                await contractChanged(build)
                logger.info("contract deleted", metadata: ["build": "\(build)", "token": "\(token.name)"])
                return HTTPResponse(status: .noContent)
            }
        }
    }

    /// The build a contract route names. - Throws: `Problem` 400 naming the wrong part.
    /// A contract body. - Throws: `Problem` 400 when it is not JSON, 422 naming every bad member,
    /// 422 (`limit-exceeded`) past ``GateLimits/contractEntries`` entries.
    static func contract(_ body: [UInt8]) throws(Problem) -> BuildContract {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw Problem.badRequest("The body must be JSON: \(error.errors.first?.message ?? "invalid JSON").")
        }
        let contract: BuildContract
        do {
            contract = try BuildContract(json: json)
        } catch {
            var problem = Problem.invalidDocument(error)
            problem.title = "Invalid contract"
            problem.detail = "The contract has \(error.errors.count) error\(error.errors.count == 1 ? "" : "s")."
            throw problem
        }
        let entries = contract.tokens.count + contract.styles.count + contract.images.count
        guard entries <= GateLimits.contractEntries else {
            throw Problem.limitExceeded(
                "The contract names \(entries) entries; a contract names at most \(GateLimits.contractEntries) tokens, styles "
                    + "and images together (docs/operations.md, \"Limits\").")
        }
        return contract
    }

    /// After a build's contract was stored or deleted: the next check parses it again, and the
    /// counter keeps counting a contracted build however many others flood it.
    private func contractChanged(_ build: ClientIdentity) async {
        contractCache.forget(build.description)
        await fleet.recorder.refreshContracted()
    }

    /// `{build, platform, version, created, updated, updatedBy, tokens, styles, images}`; in a
    /// listing (`full` false) the three entry lists become their counts.
    static func contractJSON(_ stored: StoredContract, full: Bool) -> JSONValue {
        var object = JSONObject([
            ("build", .string(stored.build)), ("platform", .string(stored.platform)), ("version", .string(stored.version)),
            ("created", .string(stored.createdAt)), ("updated", .string(stored.updatedAt)), ("updatedBy", .string(stored.updatedBy)),
        ])
        let contract = (try? JSONParser.parse(Array(stored.contract.utf8)))?.objectValue ?? JSONObject()
        for member in ["tokens", "styles", "images"] {
            let value = contract[member] ?? .null
            if full {
                object[member] = value
            } else {
                switch value {
                case .object(let entries): object[member] = .int(entries.count)
                case .array(let entries): object[member] = .int(entries.count)
                default: object[member] = .int(0)
                }
            }
        }
        return .object(object)
    }
}

extension ClientIdentity {
    /// `(major, minor, patch)` as the store keys contracts.
    var numbers: (Int, Int, Int) { (version.major, version.minor, version.patch) }
}
