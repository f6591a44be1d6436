/// What a level-triggered backend should watch a descriptor for.
///
/// For `poll` the interest must follow the connection's state: watching a writable socket
/// with nothing to write, or a readable one the engine will not read yet (paused), would make
/// every wait return at once. The edge-triggered epoll backend reports each change once and
/// ignores interest (it registers both directions once and never needs an `epoll_ctl` after).
struct ReadinessInterest: OptionSet, Equatable {
    let rawValue: UInt8

    static let readable = ReadinessInterest(rawValue: 1)
    static let writable = ReadinessInterest(rawValue: 2)
}
