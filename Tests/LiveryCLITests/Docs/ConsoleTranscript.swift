/// A `console` block: commands after `$ `, each followed by the output it prints.
///
/// A command line ending in `\` continues on the next line. In the expected output `…` stands
/// for any text within a line, and a line that is `…` alone for any number of lines (a date, a
/// token, headers the example does not discuss). A last output line `[exit N]` says the command
/// exits with status N; otherwise it must exit 0.
struct ConsoleTranscript {
    struct Step {
        var command: String
        var expectedOutput: [String]
        var expectedStatus: Int32
    }

    var steps: [Step] = []

    init(_ text: String) throws {
        var lines = text.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("$ ") else {
                if line.trimmingCharacters(in: .whitespaces).isEmpty, steps.isEmpty { continue }
                guard !steps.isEmpty else { throw DocFailure("output before the first `$ ` command: \(line)") }
                steps[steps.count - 1].expectedOutput.append(line)
                continue
            }
            var command = String(line.dropFirst(2))
            while command.hasSuffix("\\"), let next = lines.popFirst() {
                command += "\n" + next
            }
            steps.append(Step(command: command, expectedOutput: [], expectedStatus: 0))
        }
        for index in steps.indices {
            while steps[index].expectedOutput.last?.trimmingCharacters(in: .whitespaces).isEmpty == true {
                steps[index].expectedOutput.removeLast()
            }
            if let last = steps[index].expectedOutput.last, last.hasPrefix("[exit "), last.hasSuffix("]"),
                let status = Int32(last.dropFirst(6).dropLast())
            {
                steps[index].expectedStatus = status
                steps[index].expectedOutput.removeLast()
            }
        }
    }

    /// Whether `actual` (a command's output) is what `expected` shows, wildcards included.
    static func matches(_ actual: String, expected: [String]) -> Bool {
        var actualLines = actual.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n")
        while actualLines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { actualLines.removeLast() }
        return match(actualLines[...], expected[...])
    }

    private static func match(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let pattern = expected.first else { return actual.isEmpty }
        if pattern.trimmingCharacters(in: .whitespaces) == "…" {
            return (actual.startIndex...actual.endIndex).contains { match(actual[$0...], expected.dropFirst()) }
        }
        guard let line = actual.first, lineMatches(line, pattern) else { return false }
        return match(actual.dropFirst(), expected.dropFirst())
    }

    /// One line against one pattern line, where each `…` matches any run of characters.
    static func lineMatches(_ line: String, _ pattern: String) -> Bool {
        let trimmedLine = line.trimmingCharacters(in: .whitespaces)
        let pieces = pattern.trimmingCharacters(in: .whitespaces).components(separatedBy: "…")
        guard pieces.count > 1 else { return trimmedLine == pieces[0] }
        guard trimmedLine.hasPrefix(pieces[0]) else { return false }
        var rest = trimmedLine.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }
}
