import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `livery serve` process with a designer token, and the requests the corpus tests make.
final class LiveCorpusServer: @unchecked Sendable {
    // @unchecked Sendable: `serverErrors` is only touched from the test's own task.
    let process: ServerProcess
    let token: String
    private(set) var serverErrors = 0

    init(folder: URL) async throws {
        let database = folder.appendingPathComponent("corpus.sqlite").path
        process = try await ServerProcess(["--database", database, "--log-level", "error"], directory: folder)
        token = try await CLI.run(["token", "create", "--name", "corpus", "--role", "designer", "--database", database]).lastLine
    }

    var url: String { process.url }

    func stop() { process.stop() }

    struct Answer {
        var status: Int
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    }

    func send(_ method: String, _ path: String, body: [UInt8]? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.timeoutInterval = 120
        if let body { request.httpBody = Data(body) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status >= 500 { serverErrors += 1 }
        return Answer(status: status, body: [UInt8](data))
    }

    func resolved(_ skin: String, _ selection: [String]) async throws -> Answer {
        let query = selection.joined(separator: ",").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await send("GET", "/v1/skins/\(skin)/resolved?variant=\(query)")
    }

    func axes(of skin: String) async throws -> [TokenSetCorpus.Axis] {
        let detail = try await send("GET", "/v1/skins/\(skin)").json
        return (detail["axes"] as? [[String: Any]] ?? []).map {
            TokenSetCorpus.Axis(name: $0["name"] as? String ?? "", contexts: $0["contexts"] as? [String] ?? [], defaultContext: $0["default"] as? String ?? "")
        }
    }

    struct Outcome {
        var permutations = 0
        var tokens = 0
        var valuesCompared = 0
        var mismatches: [String] = []
    }

    /// Requests every permutation (or an even sample past `budget`) and compares each with the
    /// independent merge: the same token paths (none lost, none added), the same types where the
    /// source states a DTCG type, the same values where the literal's notation is plain.
    func checkPermutations(skin: String, merge: IndependentMerge, budget: Int) async throws -> Outcome {
        var outcome = Outcome()
        let axes = try await axes(of: skin)
        let defaults = try await resolved(skin, [])
        if defaults.json["variants"] as? [String] != axes.map({ "\($0.name):\($0.defaultContext)" }) {
            outcome.mismatches.append("default selection: \(defaults.json["variants"] ?? "none")")
        }
        let all = TokenSetCorpus.permutations(axes)
        let stride = max(1, (all.count + budget - 1) / budget)
        for selection in all.enumerated().filter({ $0.offset % stride == 0 }).map(\.element) {
            outcome.permutations += 1
            let answer = try await resolved(skin, selection)
            guard answer.status == 200, let tokens = answer.json["tokens"] as? [String: [String: Any]] else {
                outcome.mismatches.append("\(selection): \(answer.status) \(answer.text.prefix(200))")
                continue
            }
            var chosen: [String: String] = [:]
            for label in selection {
                let parts = label.split(separator: ":", maxSplits: 1).map(String.init)
                chosen[parts[0]] = parts[1]
            }
            let expected = merge.tokens(selection: chosen)
            let lost = Set(expected.keys).subtracting(tokens.keys), added = Set(tokens.keys).subtracting(expected.keys)
            if !lost.isEmpty || !added.isEmpty {
                outcome.mismatches.append("\(selection): lost \(lost.sorted().prefix(5)), added \(added.sorted().prefix(5))")
            }
            for (path, token) in tokens {
                outcome.tokens += 1
                guard let literal = IndependentMerge.literal(of: path, in: expected) else { continue }
                let dtcgTypes: Set<String> = ["color", "dimension", "number", "string", "fontFamily", "fontWeight", "duration", "cubicBezier", "shadow", "border", "typography", "gradient", "transition", "strokeStyle", "boolean"]
                if let type = expected[path]?.type, dtcgTypes.contains(type), token["type"] as? String != type {
                    outcome.mismatches.append("\(selection) \(path): type \(token["type"] ?? "-") ≠ \(type)")
                }
                guard let value = IndependentMerge.expectedFlatValue(literal) else { continue }
                outcome.valuesCompared += 1
                if !Self.same(token["value"], value) {
                    outcome.mismatches.append("\(selection) \(path): \(token["value"] ?? "-") ≠ \(value)")
                }
            }
        }
        return outcome
    }

    static func same(_ actual: Any?, _ expected: Any) -> Bool {
        switch (actual, expected) {
        case (let a as String, let b as String): return a == b
        case (let a as Double, let b as Double): return abs(a - b) < 1e-9
        case (let a as [String: Any], let b as [String: Any]):
            return a["unit"] as? String == b["unit"] as? String && abs((a["value"] as? Double ?? .nan) - (b["value"] as? Double ?? .infinity)) < 1e-9
        default: return false
        }
    }
}
