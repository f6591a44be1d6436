import Foundation
import Testing
@testable import HTTPEngine

/// The default number of event loops follows what the process may use (docs/operations.md).
@Suite struct AvailableCPUsTests {
    @Test func theCgroupQuotaIsRoundedUp() {
        #expect(AvailableCPUs.quota(fromCPUMax: "max 100000\n") == nil)
        #expect(AvailableCPUs.quota(fromCPUMax: "150000 100000\n") == 2)
        #expect(AvailableCPUs.quota(fromCPUMax: "100000 100000") == 1)
        #expect(AvailableCPUs.quota(fromCPUMax: "50000 100000") == 1)
    }

    @Test func neverMoreThanTheActiveProcessors() {
        #expect(AvailableCPUs.count >= 1)
        #expect(AvailableCPUs.count <= ProcessInfo.processInfo.activeProcessorCount)
    }
}
