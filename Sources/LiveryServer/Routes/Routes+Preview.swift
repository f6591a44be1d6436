import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Publishing and activating" dry runs: what a publish would say about a document
/// (`validate`, in `Routes+Designer.swift`) and what it would give (`preview`), both storing
/// nothing; and the checks every publish, dry run and saved draft (`Drafts/`) goes through.
extension Routes {
    func registerPreviewRoutes(_ router: inout RouteTable) {
        router.post("/v1/skins/{skin}/preview") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { _ async throws(Problem) in
                let skin = try parameters.skin()
                return try await preview(skin: skin, request: request)
            }
        }
    }

    /// `POST /v1/skins/{skin}/preview?variant=&format=&explain=`: the resolved document the draft
    /// would give once published as the next version of `skin`. A body that is not JSON is a 400
    /// and a draft with errors a 422, with the same `errors` as `validate`; nothing is stored or
    /// cached, so the answer is `no-store`.
    private func preview(skin: String, request: HTTPRequest) async throws(Problem) -> HTTPResponse {
        let (bytes, document) = try submittedDocument(skin: skin, request: request)
        let query = try DocumentQuery(request)
        let checked = try await check(document, bytes: bytes, skin: skin)
        guard checked.problems.errors.isEmpty else { throw Problem.invalidDocument(checked.problems) }
        let incompatible = try await incompatibleWarnings(checked, document: document, skin: skin)
        let store = self.store
        let next = try await storeCall { () async throws -> Int in
            do {
                return try await store.latestVersion(of: skin).number + 1
            } catch StoreError.notFound {
                return 1
            }
        }
        let entries = checked.ancestors + [LineageEntry(skin: skin, version: next, document: document)]
        let resolved = try await documents.resolve(
            entries, documents: checked.ancestorDocuments + [bytes], variants: query.variants)
        let body = DocumentService.render(resolved, format: query.format, explain: query.explain, channel: nil)
        return HTTPResponse(
            status: .ok,
            headers: [
                HTTPField("Content-Type", query.format.contentType), HTTPField("Cache-Control", "no-store"),
                HTTPField("Livery-Version", "\(skin)@\(next)"),
                HTTPField("Livery-Warnings", "\(checked.problems.warnings.count + incompatible.count)"),
            ],
            bytes: body)
    }

    /// The document a publish or preview sends: the skin name checked, the body decoded (gzip
    /// allowed, size capped) and parsed. A body that is not JSON is a 400; one that is JSON but
    /// no skin document, a 422 with its errors.
    func submittedDocument(skin: String, request: HTTPRequest) throws(Problem) -> (bytes: [UInt8], document: SkinDocument) {
        try RequestBody.checkName(skin, what: "Skin")
        let bytes = try RequestBody.decoded(request, limit: configuration.maxBodyBytes)
        do {
            return (bytes, try SkinDocument.parse(bytes))
        } catch {
            throw Self.notJSON(error) ?? Problem.invalidDocument(error)
        }
    }

    /// Checks a parsed draft as a publish of it to `skin` would, against its parent's current
    /// lineage (docs/skins.md, "Inheritance and variants": an `extends` naming no skin or version is `unknown-skin`; a cycle
    /// through `skin` is `cycle`). A failure of the server itself (the store) is a problem,
    /// not a finding about the document.
    func check(_ document: SkinDocument, bytes: [UInt8], skin: String?) async throws(Problem) -> DraftCheck {
        var ancestors: [StoredVersion] = []
        if let parent = document.extends {
            do {
                ancestors = try await store.lineage(of: parent.name, version: parent.version)
            } catch StoreError.notFound {
                return DraftCheck(problems: SkinProblems(errors: [
                    .error(.unknownSkin, at: "$livery.extends", "No skin or version \"\(parent.description)\"."),
                ]))
            } catch {
                var problem = Problem(storeFailure: error)
                if problem.status >= 500 { problem.detail = "The parent's lineage could not be read: \(problem.detail)" }
                throw problem
            }
            if let skin, let loop = ancestors.first(where: { $0.skin == skin }) {
                let path = ([skin] + ancestors.reversed().prefix { $0.skin != skin }.map(\.skin) + [loop.skin]).joined(separator: " → ")
                return DraftCheck(problems: SkinProblems(errors: [.error(.cycle, at: "$livery.extends", "Lineage cycle: \(path).")]))
            }
        }
        let entries = try documents.lineageEntries(ancestors)
        let documents = ancestors.map(\.document)
        let assets = try await self.documents.assets(for: documents + [bytes])
        var resolved: [[String]: ResolvedSkin] = [:]
        let problems = Validator.validate(document: document, ancestors: entries, assets: assets, resolved: &resolved)
        return DraftCheck(problems: problems, ancestors: entries, ancestorDocuments: documents, assets: assets, resolved: resolved)
    }

    /// What the draft's look lacks that live builds read (docs/apps.md): `incompatible` warnings
    /// for validate, publish and preview, on the selections the validator already resolved.
    /// None while the draft has errors (it would not publish).
    /// Only builds live on a channel that serves `skin` (directly or through a child) count.
    func incompatibleWarnings(_ checked: DraftCheck, document: SkinDocument, skin: String?) async throws(Problem) -> [CompatibilityFinding] {
        guard checked.problems.errors.isEmpty, let skin else { return [] }
        let contracts = try await contractsReaching(skin: skin)
        guard !contracts.isEmpty else { return [] }
        // Named as the validator named the draft, so its resolved selections line up.
        let lineage = checked.ancestors + [LineageEntry(skin: "draft", version: 0, document: document)]
        return ReleaseCheck.incompatible(lineage: lineage, assets: checked.assets, contracts: contracts, resolved: checked.resolved)
    }
}
