import Foundation

/// One fenced code block of a Markdown file in the repository, with the check its
/// `<!-- check: … -->` comment asks for (see `DocCheck`).
struct DocBlock: CustomStringConvertible {
    /// The file, relative to the package root (`docs/skins.md`).
    var file: String
    /// The 1-based line of the opening fence.
    var line: Int
    /// The fence's info string, lower-cased, first word only (`json`, `console`, `swift`).
    var language: String
    var text: String
    var check: DocCheck

    var description: String { "\(file):\(line) (\(language))" }
}

extension DocBlock {
    /// Every fenced block of a Markdown text, in order. A fence is three or more backticks
    /// or tildes at the start of a line (CommonMark); it closes at a line with the same
    /// character, at least as many, and nothing else. The `<!-- check: … -->` comment that
    /// precedes a fence (blank lines may stand between) is the block's check.
    static func extract(from markdown: String, file: String) throws -> [DocBlock] {
        let lines = markdown.components(separatedBy: "\n")
        var blocks: [DocBlock] = []
        var pendingCheck: (line: Int, text: String)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let fence = Self.fence(trimmed) {
                let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
                let language = info.split(separator: " ").first.map { $0.lowercased() } ?? ""
                var body: [String] = []
                var end = index + 1
                while end < lines.count {
                    let candidate = lines[end].trimmingCharacters(in: .whitespaces)
                    if let closing = Self.fence(candidate), closing.first == fence.first, closing.count >= fence.count,
                        candidate.count == closing.count
                    {
                        break
                    }
                    body.append(lines[end])
                    end += 1
                }
                guard end < lines.count else { throw DocFailure("\(file):\(index + 1): unclosed code fence") }
                let check = try DocCheck(parsing: pendingCheck?.text ?? "", at: "\(file):\(pendingCheck?.line ?? index + 1)")
                blocks.append(DocBlock(file: file, line: index + 1, language: language, text: body.joined(separator: "\n"), check: check))
                pendingCheck = nil
                index = end + 1
                continue
            }
            if trimmed.hasPrefix("<!-- check:"), trimmed.hasSuffix("-->") {
                let text = trimmed.dropFirst("<!-- check:".count).dropLast("-->".count)
                pendingCheck = (index + 1, text.trimmingCharacters(in: .whitespaces))
            } else if !trimmed.isEmpty {
                pendingCheck = nil
            }
            index += 1
        }
        return blocks
    }

    /// The fence characters a line opens or closes with, if it is a fence.
    private static func fence(_ line: String) -> String? {
        for character in ["`", "~"] {
            let run = line.prefix { String($0) == character }
            if run.count >= 3 { return String(run) }
        }
        return nil
    }
}

/// Why a documented example is not true (or cannot be checked), naming the block.
struct DocFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
