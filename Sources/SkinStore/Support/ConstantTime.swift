/// Comparison whose duration does not depend on where two byte strings differ.
enum ConstantTime {
    /// Whether `a` and `b` are equal, looking at every byte whatever the first difference.
    /// The length is not secret (it is always 64 hex digits here), so unequal lengths return early.
    static func equal<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) {
            difference |= x ^ y
        }
        return difference == 0
    }
}
