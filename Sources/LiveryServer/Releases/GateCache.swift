import SkinModel
import SkinStore
import Synchronization

/// What the release gate already knows about looks (docs/architecture.md, the path of a
/// publish): a look names exact versions (``PinnedLook``), which never change, so its resolved
/// selections and its report against a set of contracts stay true for good.
///
/// A publish leaves its new look here (the validator resolved it already), so the activation
/// that follows checks it without resolving it again; activating back and forth between two
/// looks resolves neither twice. Bounded: a few looks' selections (each a whole resolved look per
/// selection), and more reports (each a handful of findings); the oldest go first.
final class GateCache: Sendable {
    /// A look with the contracts it was checked against.
    struct ReportKey: Hashable, Sendable {
        let look: PinnedLook
        let contracts: [String: BuildContract]
    }

    struct State {
        var selections: [PinnedLook: [[String]: ResolvedSkin]] = [:]
        var selectionOrder: [PinnedLook] = []
        var reports: [ReportKey: ReleaseCheck.Report] = [:]
        var reportOrder: [ReportKey] = []
    }

    /// Looks whose resolved selections are kept.
    let lookLimit: Int
    /// Reports kept.
    let reportLimit: Int
    private let state = Mutex(State())

    init(lookLimit: Int = 4, reportLimit: Int = 256) {
        self.lookLimit = lookLimit
        self.reportLimit = reportLimit
    }

    func selections(of look: PinnedLook) -> [[String]: ResolvedSkin]? {
        state.withLock { $0.selections[look] }
    }

    func remember(_ look: PinnedLook, selections: [[String]: ResolvedSkin]) {
        guard !selections.isEmpty else { return }
        state.withLock { state in
            if state.selections.updateValue(selections, forKey: look) == nil {
                state.selectionOrder.append(look)
                if state.selectionOrder.count > lookLimit { state.selections[state.selectionOrder.removeFirst()] = nil }
            }
        }
    }

    func report(_ key: ReportKey) -> ReleaseCheck.Report? {
        state.withLock { $0.reports[key] }
    }

    func remember(_ key: ReportKey, report: ReleaseCheck.Report) {
        state.withLock { state in
            if state.reports.updateValue(report, forKey: key) == nil {
                state.reportOrder.append(key)
                if state.reportOrder.count > reportLimit { state.reports[state.reportOrder.removeFirst()] = nil }
            }
        }
    }
}
