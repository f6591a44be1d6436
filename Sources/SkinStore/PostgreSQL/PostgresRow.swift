import CLibPQ

/// One row of a binary-format ``PostgresResult``, read by the type PostgreSQL reports for
/// each column (see `pg_type`: 16 bool, 17 bytea, 20/21/23 int8/int2/int4, 25/1043/19 text,
/// 701 float8).
struct PostgresRow: SQLRow {
    let result: PostgresResult
    let row: Int32

    func isNull(_ column: Int32) -> Bool {
        PQgetisnull(result.handle, row, column) == 1
    }

    /// The column's bytes as sent (binary format); empty for NULL.
    private func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
        guard !isNull(column), let start = PQgetvalue(result.handle, row, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: Int(PQgetlength(result.handle, row, column)))
    }

    func int64(_ column: Int32) -> Int64 {
        let raw = bytes(column)
        // Network byte order, of the width the column's type has (int2, int4, int8, bool).
        var value: Int64 = 0
        for byte in raw {
            value = value << 8 | Int64(byte)
        }
        // Sign-extend the narrower types.
        switch raw.count {
        case 1: return Int64(Int8(truncatingIfNeeded: value))
        case 2: return Int64(Int16(truncatingIfNeeded: value))
        case 4: return Int64(Int32(truncatingIfNeeded: value))
        default: return value
        }
    }

    func string(_ column: Int32) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }

    func blob(_ column: Int32) -> [UInt8] {
        Array(bytes(column))
    }

    func value(_ column: Int32) -> SQLValue {
        if isNull(column) {
            return .null
        }
        switch PQftype(result.handle, column) {
        case 16, 20, 21, 23:
            return .integer(int64(column))
        case 701:
            return .real(Double(bitPattern: UInt64(bitPattern: int64(column))))
        case 17:
            return .blob(blob(column))
        default:
            return .text(string(column))
        }
    }
}
