/// Where ``LiveryLogHandler`` puts finished lines.
///
/// A sink receives one complete line per call, newline included, and must write it
/// without interleaving it with other lines. Tests inject a sink that keeps lines in
/// memory; the server uses ``FileDescriptorLogSink/standardError``.
package protocol LogSink: Sendable {
    /// Writes one complete line (ending in `\n`).
    func write(_ line: [UInt8])
}
