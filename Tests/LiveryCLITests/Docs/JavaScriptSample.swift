import Foundation

/// JavaScript blocks are run with Node (an ES module, against the session's live server), or,
/// marked `not run: REASON` (they need a browser), syntax-checked with `node --check`.
/// Without Node the check fails: CI installs Debian's `nodejs` (`.ci/run`).
enum JavaScriptSample {
    static func check(_ block: DocBlock, session: DocSession) async throws -> DocSession.Outcome {
        guard let node = ToolRun.executable(named: "node") ?? ToolRun.executable(named: "nodejs") else {
            throw DocFailure("node is not on PATH (apt-get install nodejs)")
        }
        let source = session.folder.appendingPathComponent(".doc-sample.mjs")
        try session.localized(block.text).write(to: source, atomically: true, encoding: .utf8)
        let runs = block.check.notRunReason == nil
        let (status, text) = try await ToolRun.run(node, runs ? [source.path] : ["--check", source.path], in: session.folder)
        guard status == 0 else { throw DocFailure("node exited \(status):\n\(text)") }
        return runs ? .javaScriptRun : .javaScriptSyntaxChecked
    }
}
