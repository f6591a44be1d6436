import Logging
import Testing
@testable import LiveryServer

@Suite struct LoggingSetupTests {
    /// swift-log traps on a second bootstrap; LoggingSetup makes later calls harmless no-ops.
    @Test func bootstrapsOnceAndThenDoesNothing() {
        let sink = CapturingLogSink()
        // Another test in this process may have bootstrapped first; then only the no-op is checked.
        let installed = LoggingSetup.bootstrap(format: .json, level: .warning, sink: sink)
        #expect(LoggingSetup.bootstrap(format: .logfmt, level: .debug, sink: CapturingLogSink()) == false)
        guard installed else { return }
        let logger = Logger(label: "livery.test")
        logger.info("dropped")
        logger.warning("kept", metadata: ["k": "v"])
        #expect(sink.lines.count == 1)
        #expect(sink.lines.first?.hasPrefix(#"{"k":"v","level":"warning","msg":"kept","ts":""#) == true)
    }
}
