/// Where a name stands in an element's image-name candidate order (docs/skins.md, "Images"),
/// so that a skin's image names can be ranked without enumerating the candidates.
///
/// The order `ImageNameCandidates` enumerates is: fewer components replaced by `*` first;
/// among equally many, the replaced positions compared as sorted index lists (outer
/// components replaced first); then the variant prefix in request order, bare last. Two
/// different names never share a rank: the rank determines the name.
struct ImageCandidateRank: Comparable, Sendable {
    /// The indices of the components replaced by `*`, ascending.
    var replaced: [Int]
    /// The variant prefix's position in the request, or the variant count for the bare name.
    var variantSlot: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.replaced.count != rhs.replaced.count { return lhs.replaced.count < rhs.replaced.count }
        if lhs.replaced != rhs.replaced { return lhs.replaced.lexicographicallyPrecedes(rhs.replaced) }
        return lhs.variantSlot < rhs.variantSlot
    }
}
