import Foundation
import Testing
@testable import LiveryServer

@Suite struct FileDescriptorLogSinkTests {
    /// Many threads logging at once to one descriptor: every line arrives whole.
    @Test func concurrentLinesNeverInterleave() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("livery-log-\(UUID().uuidString).log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        let sink = FileDescriptorLogSink(fileDescriptor: descriptor)
        let writers = 8
        let linesPerWriter = 250
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<linesPerWriter {
                        // Long enough that a torn write would show.
                        let filler = String(repeating: Character(String(writer)), count: 300)
                        sink.write(Array("w=\(writer) i=\(index) f=\(filler)\n".utf8))
                    }
                }
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == writers * linesPerWriter)
        for line in lines {
            let parts = line.split(separator: " ")
            try #require(parts.count == 3)
            let writer = parts[0].dropFirst(2)
            #expect(parts[2] == "f=" + String(repeating: String(writer), count: 300))
        }
    }
}
