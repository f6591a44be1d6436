import Foundation
import SkinStore
import Testing

/// What a live build is served is gated, whatever changes it (docs/apps.md, "Old builds in the
/// field"; docs/skins.md, the contrast gate): one table over every path that changes what a
/// channel serves × {contrast, compatibility} × {passes, fails, forced}, end to end against a
/// real server, on each backend.
///
/// Each case starts from a channel serving look 1 (`color.marker` #000001) to the live build
/// `ios/3.2.1`, whose contract reads `color.tint`, and to readers without `client=`. The path
/// then brings look 2 (#000002): a look that passes, one whose dark text fails its contrast
/// pair, or one without `color.tint`. A change of the channel that fails is refused (409); a
/// publish never is: what it would break keeps look 1 (held). An admin's force lets it through.
@Suite struct ServedGatePathTests {
    enum Path: String, CaseIterable, Sendable {
        case activate, rollout, schedule, promote, rollback
        /// A publish of the skin a channel follows.
        case publishFollowed
        /// A publish of the parent of the (pinned) child skin a channel serves.
        case publishParent
        /// A publish of the skin a 100 % rollout follows.
        case publishFollowedRollout
        /// A publish of the skin a `builds` entry (matching the build) follows.
        case publishFollowedEntry
        /// A `PUT` that removes the `builds` entry pinning the build to look 1.
        case removeEntry

        var isPublish: Bool { rawValue.hasPrefix("publish") }
    }

    enum Check: String, CaseIterable, Sendable {
        case contrast, compatibility
    }

    enum Outcome: String, CaseIterable, Sendable {
        case passes, fails, forced
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var path: Path
        var check: Check
        var outcome: Outcome
        var backend: GateBackend
        var testDescription: String { "\(path.rawValue) × \(check.rawValue) × \(outcome.rawValue) on \(backend.rawValue)" }
    }

    /// Every combination but removing an entry × contrast: a look the channel already serves
    /// everyone is not checked for contrast again when one more build gets it.
    static let cases: [Case] = GateBackend.available.flatMap { backend in
        Path.allCases.flatMap { path in
            Check.allCases.filter { !(path == .removeEntry && $0 == .contrast) }.flatMap { check in
                Outcome.allCases.map { Case(path: path, check: check, outcome: $0, backend: backend) }
            }
        }
    }

    static let build = "ios/3.2.1"
    static let contract = #"{"tokens": {"color.tint": "color"}, "styles": [], "images": []}"#

    /// A look: a marker colour, `color.tint` unless `tint` is false, and a contrast pair whose
    /// dark text fails (#333333 on #111111) when `readable` is false.
    static func look(_ marker: Int, tint: Bool = true, readable: Bool = true) -> String {
        let dark = readable ? "#eeeeee" : "#333333"
        let tintMember = tint ? ##""tint": {"$value": "#3366ff"}, "## : ""
        return ##"""
        {"$livery": {
            "contrast": [{"foreground": "{color.text}", "background": "{color.background}", "min": 4.5}],
            "variants": {"dark": {"color": {"text": {"$value": "\##(dark)"}, "background": {"$value": "#111111"}}}}},
         "color": {"$type": "color", \##(tintMember)"marker": {"$value": "#00000\##(marker)"},
                   "text": {"$value": "#000000"}, "background": {"$value": "#ffffff"}}}
        """##
    }

    /// Look 2 as the case wants it.
    static func candidate(_ check: Check, _ outcome: Outcome) -> String {
        guard outcome != .passes else { return look(2) }
        return check == .contrast ? look(2, readable: false) : look(2, tint: false)
    }

    /// The marker (1 or 2) a read of the default channel sees, as `build` or without `client=`.
    static func served(_ server: TestServer, build: String?) async throws -> Int? {
        let query = build.map { "?client=\($0)" } ?? ""
        let text = try await server.get("/v1/channels/default/skin\(query)").text
        if text.contains("#000001") { return 1 }
        if text.contains("#000002") { return 2 }
        return nil
    }

    /// On SQLite, the cases run side by side.
    @Test(arguments: cases.filter { $0.backend == .sqlite })
    func everyPathThatChangesWhatIsServedPassesTheGate(_ test: Case) async throws {
        try await Self.run(test)
    }

    /// On PostgreSQL one at a time: a server per case holds a pool of connections, and the
    /// test cluster accepts a hundred.
    @Test(.serialized, arguments: cases.filter { $0.backend == .postgresql })
    func everyPathThatChangesWhatIsServedPassesTheGateOnPostgreSQL(_ test: Case) async throws {
        try await Self.run(test)
    }

    static func run(_ test: Case) async throws {
        try await test.backend.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin, name: "ada")
            let skin = test.path == .publishParent ? "base" : "app"
            #expect(try await server.publish(skin, Self.look(1), token: designer).status == 201)
            if test.path == .publishParent {
                let child = ##"{"$livery": {"extends": "base"}, "color": {"$type": "color", "other": {"$value": "#123456"}}}"##
                #expect(try await server.publish("app", child, token: designer).status == 201)
            }
            #expect(try await Compat.push(server, Self.build, Self.contract, token: designer).status == 201)

            // The state the channel starts in, serving look 1 to everyone.
            let entry = #"{"platform": "ios", "versions": ">=3.0.0", "skin": "app", "version": null}"#
            let members: String
            switch test.path {
            case .publishFollowed: members = #""skin": "app", "version": null"#
            case .publishFollowedRollout: members = #""skin": "app", "version": 1, "rollout": {"skin": "app", "version": null, "percent": 100}"#
            case .publishFollowedEntry: members = #""skin": "app", "version": 1, "builds": [\#(entry)]"#
            default: members = #""skin": "app", "version": 1"#
            }
            #expect(try await Release.put(server, "{\(members)}", token: designer).status == 200)
            try await Compat.launch(server, Self.build)
            #expect(try await Self.served(server, build: Self.build) == 1)

            let forcing = test.outcome == .forced
            let token = forcing ? admin : designer
            let force = forcing ? #", "force": true"# : ""
            let candidate = Self.candidate(test.check, test.outcome)
            // The candidate is published first on the channel-change paths (nothing follows it).
            if !test.path.isPublish, test.path != .rollback, test.path != .removeEntry {
                #expect(try await server.publish("app", candidate, token: designer).status == 201)
            }

            var status: Int
            switch test.path {
            case .activate:
                status = try await Release.put(server, #"{"skin": "app", "version": 2\#(force)}"#, token: token).status
            case .rollout:
                let body = #"{"skin": "app", "version": 1, "rollout": {"skin": "app", "version": 2, "percent": 100}\#(force)}"#
                status = try await Release.put(server, body, token: token).status
            case .schedule:
                let at = Timestamp.format(millisecondsSince1970: Timestamp.nowMilliseconds() + 1500)
                let body = #"{"at": "\#(at)", "skin": "app", "version": 2\#(force)}"#
                status = try await Release.post(server, "schedules", body, token: token).status
                if status == 201 {
                    status = 200
                    for _ in 0..<60 where try await Self.served(server, build: nil) != 2 { try await Task.sleep(for: .milliseconds(100)) }
                }
            case .promote:
                let zero = #"{"skin": "app", "version": 1, "rollout": {"skin": "app", "version": 2, "percent": 0}}"#
                #expect(try await Release.put(server, zero, token: designer).status == 200, "a 0 % rollout reaches no one")
                status = try await Release.post(server, "promote", forcing ? #"{"force": true}"# : "", token: token).status
            case .rollback:
                // Look 2 was served once (an admin forced it), then look 1 came back; a rollback returns to look 2.
                #expect(try await server.publish("app", candidate, token: designer).status == 201)
                #expect(try await Release.put(server, #"{"skin": "app", "version": 2, "force": true}"#, token: admin).status == 200)
                #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
                #expect(try await Self.served(server, build: nil) == 1)
                status = try await Release.post(server, "rollback", forcing ? #"{"force": true}"# : "", token: token).status
            case .removeEntry:
                // Everyone else already gets look 2 (an admin forced it); an entry pins the build to look 1.
                #expect(try await server.publish("app", candidate, token: designer).status == 201)
                let pinned = #"{"skin": "app", "version": 2, "builds": [{"platform": "ios", "versions": ">=3.0.0", "skin": "app", "version": 1}], "force": true}"#
                #expect(try await Release.put(server, pinned, token: admin).status == 200)
                #expect(try await Self.served(server, build: Self.build) == 1)
                status = try await Release.put(server, #"{"skin": "app", "version": 2, "builds": []\#(force)}"#, token: token).status
            case .publishFollowed, .publishParent, .publishFollowedRollout, .publishFollowedEntry:
                let published = try await server.publish(skin, candidate, token: designer)
                #expect(published.status == 201, "a publish is never refused for the gate")
                let held = published.json["held"] as? [[String: Any]] ?? []
                #expect(held.isEmpty == (test.outcome == .passes), "the answer names what it held: \(held)")
                if test.outcome != .passes {
                    let channel = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer)).json
                    let holds = channel["holds"] as? [[String: Any]] ?? []
                    let audience = test.check == .contrast ? "*" : Self.build
                    #expect(holds.contains { $0["audience"] as? String == audience }, "GET /v1/channels shows the hold: \(holds)")
                }
                if test.check == .compatibility, test.outcome != .passes {
                    let clients = try await server.request("GET", "/v1/clients", headers: Release.auth(designer)).json["clients"] as? [[String: Any]]
                    let seen = (clients?.first?["channels"] as? [String: Any])?["default"] as? [String: Any]
                    #expect(seen?["held"] is [String: Any], "/v1/clients shows why the build is held: \(String(describing: seen))")
                }
                status = 201
                if forcing {
                    // An admin lets the held look through with the channel's own state, forced.
                    status = try await Release.put(server, "{\(members)\(force)}", token: admin).status
                }
            }

            // What is served now.
            let reader = test.path == .publishFollowedEntry ? Self.build : nil  // the entry reaches only the build
            switch (test.outcome, test.check, test.path.isPublish) {
            case (.passes, _, _), (.forced, _, _):
                #expect([200, 201].contains(status))
                #expect(try await Self.served(server, build: Self.build) == 2, "the build gets look 2")
                #expect(try await Self.served(server, build: reader) == 2, "readers get look 2")
            case (.fails, .contrast, false):
                #expect(status == 409)
                #expect(try await Self.served(server, build: nil) != 2, "nobody gets a look failing its contrast")
            case (.fails, .compatibility, false):
                #expect(status == 409)
                #expect(try await Self.served(server, build: Self.build) == 1, "the build keeps look 1")
            case (.fails, .contrast, true):
                #expect(try await Self.served(server, build: reader) == 1, "held: readers keep look 1")
                #expect(try await Self.served(server, build: Self.build) == 1, "held: the build keeps look 1")
            case (.fails, .compatibility, true):
                #expect(try await Self.served(server, build: Self.build) == 1, "held: the build keeps look 1")
                if test.path != .publishFollowedEntry {
                    #expect(try await Self.served(server, build: nil) == 2, "readers without the contract get look 2")
                }
            }
        }
    }

    /// A change of a live build's contract passes the gate too: the look the build is served now
    /// is checked against the new contract. What it lacks is a warning of the change, not a
    /// refusal (the binary reads it already; the record must be able to say so), and from then
    /// on every change of what the build is served is held to it.
    @Test(arguments: GateBackend.available)
    func aContractChangeIsCheckedAgainstWhatTheBuildIsServed(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.look(1), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Compat.push(server, Self.build, Self.contract, token: designer).status == 201)
            try await Compat.launch(server, Self.build)

            let wider = #"{"tokens": {"color.tint": "color", "color.marker": "color"}, "styles": [], "images": []}"#
            let held = try await Compat.push(server, Self.build, wider, token: designer)
            #expect(held.status == 200 && Compat.warnings(held).isEmpty, "the served look has color.marker")
            let unheld = #"{"tokens": {"color.tint": "color", "color.marker": "color", "color.shiny": "color"}, "styles": [], "images": []}"#
            let warned = try await Compat.push(server, Self.build, unheld, token: designer)
            #expect(warned.status == 200)
            #expect(Compat.warnings(warned).map { $0["path"] as? String } == ["color.shiny"])
            #expect((Compat.warnings(warned).first?["message"] as? String ?? "").hasPrefix("app@1 on default: ios/3.2.1 reads color.shiny"))
            // From now on the gate holds every change to it: a version without color.shiny is refused.
            #expect(try await server.publish("app", Self.look(2), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer).status == 409)
        }
    }
}
