import Logging

/// Everything one log line says, before it is rendered as logfmt or JSON.
///
/// Metadata is flattened: a dictionary value becomes dotted keys (`["http": ["method": "GET"]]`
/// and `["http.method": "GET"]` both give `http.method`), so both formats use the same key
/// names and queries written for one work on the other. Keys are rendered sorted, after
/// the fixed `ts`, `level` and `msg`, so identical events give identical lines.
package struct LogRecord: Sendable, Hashable {
    /// The keys every line starts with; metadata may not replace them.
    package static let reservedKeys: Set<String> = ["ts", "level", "msg"]

    package var timestamp: LogTimestamp
    package var level: LogLevelSetting
    package var message: String
    /// Flattened metadata (reserved keys already moved aside).
    package private(set) var fields: [String: LogField]

    /// - Parameter metadata: the merged metadata of the event. A key that collides with
    ///   ``reservedKeys`` is kept as `meta.<key>` rather than dropped.
    package init(timestamp: LogTimestamp, level: LogLevelSetting, message: String, metadata: Logger.Metadata) {
        self.timestamp = timestamp
        self.level = level
        self.message = message
        var fields: [String: LogField] = [:]
        Self.flatten(metadata, prefix: "", into: &fields)
        for key in Self.reservedKeys {
            if let value = fields.removeValue(forKey: key) { fields["meta.\(key)"] = value }
        }
        self.fields = fields
    }

    /// The fields in the order they are written.
    package var sortedFields: [(key: String, value: LogField)] {
        fields.sorted { $0.key < $1.key }
    }

    /// The line in the given format, newline included.
    package func rendered(as format: LogFormatSetting) -> [UInt8] {
        switch format {
        case .logfmt: logfmt()
        case .json: jsonLine()
        }
    }

    private static func flatten(_ metadata: Logger.Metadata, prefix: String, into fields: inout [String: LogField]) {
        for (key, value) in metadata {
            let dotted = prefix.isEmpty ? key : "\(prefix).\(key)"
            if case .dictionary(let nested) = value, !nested.isEmpty {
                flatten(nested, prefix: dotted, into: &fields)
            } else {
                fields[dotted] = LogField(value)
            }
        }
    }
}
