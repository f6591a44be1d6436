import Foundation

/// Whole-file reads for configuration and documents given on the command line.
package enum FileBytes {
    /// The file's bytes, or nil when it cannot be read.
    package static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
