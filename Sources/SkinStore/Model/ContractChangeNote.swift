/// What the audit row of a contract change records beyond the change itself (docs/apps.md,
/// "Old builds in the field"): whether an admin forced a narrowing of a live build's contract,
/// and which entries it removed or retyped.
package struct ContractChangeNote: Hashable, Sendable {
    /// An admin went past the refusal to narrow a live build's contract.
    package var forced: Bool
    /// The entries removed or retyped (`tokens.color.tint`, `styles.checkout/title`), empty when none.
    package var narrowed: [String]

    package init(forced: Bool = false, narrowed: [String] = []) {
        self.forced = forced
        self.narrowed = narrowed
    }
}
