import Foundation
import Testing

/// A token never goes on a command line in the documentation: curl's arguments are visible to
/// every user of the machine (`ps`, `/proc/PID/cmdline`), so the examples hand the header to curl
/// on its standard input (`-H @-` with bash's `<<<`), as docs/api.md, "Tokens", explains once.
@Suite struct DocumentationTokenTests {
    @Test(arguments: DocumentationLinkTests.markdownFiles)
    func noCurlExamplePutsATokenInItsArguments(file: String) throws {
        // A command continued over lines (`\` at a line's end) is read as one line.
        let text = try Documentation.text(of: file).replacingOccurrences(of: "\\\n", with: " ")
        let inArguments = try Regex(#"(-H|--header)\s+["']?Authorization:"#)
        let offending = text.components(separatedBy: "\n").filter { $0.contains("curl") && $0.contains(inArguments) }
        #expect(offending.isEmpty, "\(file): \(offending)")
    }
}
