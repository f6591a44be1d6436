import Foundation
#if canImport(CLinuxEvents)
import CLinuxEvents
#endif

/// How many CPUs this process may actually use: the default number of event loops (docs/operations.md).
///
/// The host's core count is wrong in the two places servers usually run: pinned with `taskset`
/// or `cpuset` (the affinity mask), and in a container with a CPU quota (cgroup `cpu.max`).
/// An event loop more than the CPUs available only adds context switches and tail latency
/// (measured: pinned to one CPU with two loops, p99 rose from 1.1 to 4.7 ms).
package enum AvailableCPUs {
    package static var count: Int {
        var cpus = ProcessInfo.processInfo.activeProcessorCount
        #if os(Linux)
        let affinity = Int(cle_affinity_cpu_count())
        if affinity > 0 { cpus = min(cpus, affinity) }
        if let quota = cgroupQuota() { cpus = min(cpus, quota) }
        #endif
        return max(1, cpus)
    }

    /// CPUs allowed by the cgroup's quota, rounded up; nil when there is no quota.
    static func cgroupQuota(root: String = "/sys/fs/cgroup") -> Int? {
        // cgroup v2: "max 100000" (no quota) or "150000 100000" (1.5 CPUs).
        if let text = try? String(contentsOfFile: root + "/cpu.max", encoding: .utf8) {
            return quota(fromCPUMax: text)
        }
        // cgroup v1: quota -1 means none.
        if let quota = try? String(contentsOfFile: root + "/cpu/cpu.cfs_quota_us", encoding: .utf8),
           let period = try? String(contentsOfFile: root + "/cpu/cpu.cfs_period_us", encoding: .utf8),
           let q = Int(quota.trimmingCharacters(in: .whitespacesAndNewlines)),
           let p = Int(period.trimmingCharacters(in: .whitespacesAndNewlines)), q > 0, p > 0 {
            return (q + p - 1) / p
        }
        return nil
    }

    /// The CPUs a cgroup v2 `cpu.max` line allows, rounded up.
    static func quota(fromCPUMax text: String) -> Int? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0 else {
            return nil
        }
        return (quota + period - 1) / period
    }
}
