/// One entry a replacement contract removes or retypes (docs/apps.md, "Old builds in the
/// field"). A contract is the fixed shape of a released binary: once its build is live, the
/// server refuses a change that narrows it (`409 contract-narrowed`) unless an admin forces it.
public struct ContractNarrowing: Sendable, Hashable {
    public enum Reason: String, Sendable {
        /// The entry is gone from the replacement (or the contract is deleted).
        case removed
        /// The token is still there with another type.
        case retyped
    }

    /// The `code` of each entry in a refusal, also its problem type's slug.
    public static let code = "contract-narrowed"

    /// The entry as a contract body addresses it: `tokens.color.tint`, `styles.checkout/title`, `images.logo`.
    public var path: String
    public var reason: Reason
    /// A sentence naming the build, the entry and what changed.
    public var message: String

    public init(path: String, reason: Reason, message: String) {
        self.path = path
        self.reason = reason
        self.message = message
    }

    /// `{path, code: "contract-narrowed", reason, message, build}`, one per entry in a 409's `errors`.
    public func json(build: String) -> JSONValue {
        .object(JSONObject([
            ("path", .string(path)), ("code", .string(Self.code)),
            ("reason", .string(reason.rawValue)), ("message", .string(message)), ("build", .string(build)),
        ]))
    }
}

extension BuildContract {
    /// What `replacement` removes or retypes of this contract, tokens then styles then images,
    /// each in name order; empty when it only keeps or adds entries. Deleting a contract is
    /// narrowing it to `BuildContract()`.
    ///
    /// - Parameter build: `ios/3.2.1`, written into each message.
    public func narrowings(to replacement: BuildContract, build: String) -> [ContractNarrowing] {
        var found: [ContractNarrowing] = []
        for path in tokens.keys.sorted() {
            let type = tokens[path] ?? ""
            switch replacement.tokens[path] {
            case nil:
                found.append(ContractNarrowing(
                    path: "tokens.\(path)", reason: .removed,
                    message: "\(build) reads \(path) as \(type), and the new contract drops it"))
            case let newType? where newType != type:
                found.append(ContractNarrowing(
                    path: "tokens.\(path)", reason: .retyped,
                    message: "\(build) reads \(path) as \(type), and the new contract makes it \(newType)"))
            default: break
            }
        }
        let keptStyles = Set(replacement.styles), keptImages = Set(replacement.images)
        for id in Set(styles).sorted() where !keptStyles.contains(id) {
            found.append(ContractNarrowing(
                path: "styles.\(id)", reason: .removed, message: "\(build) styles \(id), and the new contract drops it"))
        }
        for id in Set(images).sorted() where !keptImages.contains(id) {
            found.append(ContractNarrowing(
                path: "images.\(id)", reason: .removed, message: "\(build) shows image \(id), and the new contract drops it"))
        }
        return found
    }
}
