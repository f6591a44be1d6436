import SkinStore

/// One build's figures on one channel (or over all of them) while `GET /v1/clients` adds the
/// counts held in memory to the store's.
struct ClientBuildSummary: Sendable {
    /// Store timestamps (RFC 3339, UTC); empty until something was seen.
    var firstSeen = ""
    var lastSeen = ""
    var requests24h = 0
    var requestsLive = 0

    /// Adds counts held in memory (`in24h`: their hour is within the last 24).
    mutating func add(_ tally: ClientRecorder.Tally, in24h: Bool) {
        self = merged(ClientBuildSummary(
            firstSeen: Timestamp.format(millisecondsSince1970: tally.first), lastSeen: Timestamp.format(millisecondsSince1970: tally.last),
            requests24h: in24h ? tally.requests : 0, requestsLive: tally.requests))
    }

    /// Both together: the earlier first sighting, the later last one, the sums. Timestamps of
    /// one fixed width compare as text.
    func merged(_ other: ClientBuildSummary) -> ClientBuildSummary {
        ClientBuildSummary(
            firstSeen: [firstSeen, other.firstSeen].filter { !$0.isEmpty }.min() ?? "",
            lastSeen: max(lastSeen, other.lastSeen),
            requests24h: requests24h + other.requests24h, requestsLive: requestsLive + other.requestsLive)
    }
}
