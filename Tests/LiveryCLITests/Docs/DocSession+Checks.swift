import Foundation

extension DocSession {
    /// What a check did, for the count the test prints.
    enum Outcome: String, CaseIterable {
        case skinValidated = "skins validated"
        case skinResolved = "skins resolved"
        case jsonParsed = "other JSON parsed"
        case shellRun = "shell blocks run"
        case consoleRun = "console commands run"
        case syntaxChecked = "shell blocks syntax-checked (not run)"
        case swiftTypeChecked = "Swift samples type-checked"
        case swiftParsed = "Swift samples parsed (SwiftUI/UIKit, not on Linux)"
        case javaScriptRun = "JavaScript samples run"
        case javaScriptSyntaxChecked = "JavaScript samples syntax-checked"
    }

    /// Checks one block as its language and `<!-- check: … -->` comment say; throws when the
    /// example is not true. Returns what was checked (several outcomes for a console block).
    func check(_ block: DocBlock) async throws -> [Outcome] {
        if let file = block.check.file { try write(block.text, to: file) }
        switch block.language {
        case "json":
            return block.check.isData ? [try Self.checkData(block)] : try await checkSkin(block)
        case "sh", "bash", "shell":
            if block.check.notRunReason != nil { return [try await Self.checkNotRun(block)] }
            let result = try await shell(block.text, exitOnError: true)
            guard result.status == 0 else { throw DocFailure("exited \(result.status):\n\(result.output)") }
            return [.shellRun]
        case "console":
            if block.check.notRunReason != nil {
                let commands = try ConsoleTranscript(block.text).steps.map(\.command).joined(separator: "\n")
                return [try await Self.checkNotRun(DocBlock(file: block.file, line: block.line, language: "sh", text: commands, check: block.check))]
            }
            return try await runConsole(block)
        case "swift":
            try await SwiftSample.typeCheck(block)
            return [block.check.notRunReason == nil ? .swiftTypeChecked : .swiftParsed]
        case "js", "javascript", "mjs":
            return [try await JavaScriptSample.check(block, session: self)]
        default:
            throw DocFailure("a `\(block.language)` block: the doc tests cannot check it (use json, sh, console, swift or js)")
        }
    }

    private static func checkData(_ block: DocBlock) throws -> Outcome {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(block.text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw DocFailure("not valid JSON: \(error)")
        }
        return .jsonParsed
    }

    private static func checkNotRun(_ block: DocBlock) async throws -> Outcome {
        guard let reason = block.check.notRunReason, !reason.isEmpty else { throw DocFailure("`not run:` needs a reason") }
        try await checkShellSyntax(block.text)
        try await checkNamedSubcommands(block.text)
        return .syntaxChecked
    }

    private func runConsole(_ block: DocBlock) async throws -> [Outcome] {
        let transcript = try ConsoleTranscript(block.text)
        guard !transcript.steps.isEmpty else { throw DocFailure("a console block without a `$ ` command") }
        for step in transcript.steps {
            let result = try await shell(step.command, exitOnError: false)
            let expected = step.expectedOutput.map(localized)
            guard result.status == step.expectedStatus, ConsoleTranscript.matches(result.output, expected: expected) else {
                throw DocFailure("""
                    `$ \(step.command)` exited \(result.status) (expected \(step.expectedStatus)) and printed:
                    \(result.output)
                    expected:
                    \(expected.joined(separator: "\n"))
                    """)
            }
        }
        return Array(repeating: .consoleRun, count: transcript.steps.count)
    }
}
