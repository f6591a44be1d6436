import Foundation

/// The C arrays `PQexecParams` takes for a list of ``SQLValue``s, allocated until ``deallocate()``.
///
/// Integers, reals and text travel as text with an explicit type (int8, float8, text), so
/// PostgreSQL never has to guess a parameter's type; `bytea` travels in binary, byte for byte.
/// NULL is a nil pointer with type 0 (inferred from the context).
struct PostgresParameters {
    /// pg_type OIDs.
    private enum TypeID {
        static let bytea: UInt32 = 17
        static let int8: UInt32 = 20
        static let text: UInt32 = 25
        static let float8: UInt32 = 701
    }

    let types: [UInt32]
    let values: [UnsafePointer<CChar>?]
    let lengths: [Int32]
    let formats: [Int32]

    init(_ arguments: [SQLValue]) {
        var types: [UInt32] = []
        var values: [UnsafePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for argument in arguments {
            switch argument {
            case .integer(let number):
                types.append(TypeID.int8)
                values.append(UnsafePointer(strdup(String(number))))
                lengths.append(0)
                formats.append(0)
            case .real(let number):
                types.append(TypeID.float8)
                values.append(UnsafePointer(strdup("\(number)")))
                lengths.append(0)
                formats.append(0)
            case .text(let text):
                types.append(TypeID.text)
                values.append(UnsafePointer(strdup(text)))
                lengths.append(0)
                formats.append(0)
            case .blob(let bytes):
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
                bytes.withUnsafeBytes { source in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress ?? UnsafeRawPointer(buffer), byteCount: bytes.count)
                }
                types.append(TypeID.bytea)
                values.append(UnsafePointer(buffer))
                lengths.append(Int32(bytes.count))
                formats.append(1)
            case .null:
                types.append(0)
                values.append(nil)
                lengths.append(0)
                formats.append(0)
            }
        }
        self.types = types
        self.values = values
        self.lengths = lengths
        self.formats = formats
    }

    /// Frees the copies (`strdup`'s and the byte buffers alike: both come from malloc-compatible
    /// allocators on Linux, but each is freed the way it was made).
    func deallocate() {
        for (value, format) in zip(values, formats) {
            guard let value else { continue }
            if format == 1 {
                UnsafeMutablePointer(mutating: value).deallocate()
            } else {
                free(UnsafeMutablePointer(mutating: value))
            }
        }
    }
}
