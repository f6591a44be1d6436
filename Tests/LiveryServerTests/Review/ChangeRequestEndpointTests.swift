import Foundation
import SkinStore
import TestSupport
import Testing

/// Change requests and channel policies (docs/api.md, "Change requests"), end to end on each
/// backend: the lifecycle, the policy on every direct-change path, self-approval, a draft's new
/// revision resetting approvals, promotion, scheduled requests, and the release gate deciding.
@Suite struct ChangeRequestEndpointTests {
    static func open(_ server: TestServer, _ body: String, channel: String = "default", token: String) async throws -> TestResponse {
        try await server.request("POST", "/v1/channels/\(channel)/change-requests", headers: Release.auth(token), body: Array(body.utf8))
    }

    static func act(_ server: TestServer, _ id: Int, _ action: String, _ body: String = "", channel: String = "default", token: String) async throws -> TestResponse {
        try await server.request(
            "POST", "/v1/channels/\(channel)/change-requests/\(id)/\(action)", headers: Release.auth(token), body: Array(body.utf8))
    }

    static func get(_ server: TestServer, _ id: Int, channel: String = "default", token: String) async throws -> TestResponse {
        try await server.request("GET", "/v1/channels/\(channel)/change-requests/\(id)", headers: Release.auth(token))
    }

    static func tint(_ server: TestServer, channel: String = "default") async throws -> String {
        let tokens = try await server.get("/v1/channels/\(channel)/skin").json["tokens"] as? [String: Any]
        return tokens?["color.tint"].map { "\($0)" } ?? ""
    }

    static func policy(_ server: TestServer, approvals: Int, channel: String = "default", token: String) async throws -> TestResponse {
        try await server.request(
            "PUT", "/v1/channels/\(channel)/policy", headers: Release.auth(token), body: Array(#"{"approvals": \#(approvals)}"#.utf8))
    }

    @Test(arguments: GateBackend.available)
    func aRequestIsApprovedBySomeoneElseThenAppliedAndEveryStepIsRecorded(backend: GateBackend) async throws {
        try await backend.run { server in
            let (author, reviewer, admin) = (
                try await server.token(.designer, name: "ana"), try await server.token(.designer, name: "ben"), try await server.token(.admin)
            )
            for tint in ["#000001", "#000002"] { #expect(try await server.publish("app", Release.skin(tint: tint), token: author).status == 201) }
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: author).status == 200)

            #expect(try await Self.policy(server, approvals: 1, token: author).status == 403, "only an admin sets a policy")
            let set = try await Self.policy(server, approvals: 1, token: admin)
            #expect(set.status == 200 && set.json["approvals"] as? Int == 1 && set.json["selfApproval"] as? Bool == false)

            let opened = try await Self.open(server, #"{"message": "brighter tint", "change": {"skin": "app", "version": 2}}"#, token: author)
            #expect(opened.status == 201)
            let id = try #require(opened.json["id"] as? Int)
            #expect(opened.header("Location") == "/v1/channels/default/change-requests/\(id)")
            #expect(opened.json["state"] as? String == "open" && opened.json["author"] as? String == "ana")
            let findings = try #require(opened.json["findings"] as? [String: Any])
            #expect((findings["contrast"] as? [Any])?.isEmpty == true && (findings["compatibility"] as? [Any])?.isEmpty == true)
            let diff = try #require(opened.json["diff"] as? [String: Any])
            #expect(diff["from"] as? Int == 1 && diff["to"] as? Int == 2)

            let own = try await Self.act(server, id, "approve", token: author)
            #expect(own.status == 403 && own.text.contains("self-approval"))
            let early = try await Self.act(server, id, "apply", token: author)
            #expect(early.status == 409 && early.text.contains("approval-required"))
            #expect(try await Self.tint(server).contains("#000001"))

            let approved = try await Self.act(server, id, "approve", token: reviewer)
            #expect(approved.status == 200 && approved.json["state"] as? String == "approved")
            #expect((approved.json["approvals"] as? [[String: Any]])?.map { $0["by"] as? String } == ["ben"])

            let applied = try await Self.act(server, id, "apply", token: author)
            #expect(applied.status == 200 && applied.json["state"] as? String == "applied")
            #expect(try await Self.tint(server).contains("#000002"))
            let history = (applied.json["history"] as? [[String: Any]])?.map { "\($0["action"] ?? "")/\($0["by"] ?? "")" }
            #expect(history == ["open/ana", "approve/ben", "apply/ana"])
            #expect(try await Self.act(server, id, "apply", token: author).text.contains("change-request-closed"))
            #expect(try await Self.act(server, id, "approve", token: admin).status == 409)

            // The change feed and the audit log say who did what.
            let events = try await server.get("/v1/events?after=0").json["events"] as? [[String: Any]] ?? []
            let review = events.filter { $0["kind"] as? String == "review" }
            #expect(review.map { $0["action"] as? String } == ["open", "approve", "apply"])
            #expect(review.allSatisfy { $0["changeRequest"] as? Int == id && $0["channel"] as? String == "default" })
            let audit = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).text
            for action in ["channel.policy", "change-request.open", "change-request.approve", "change-request.apply"] {
                #expect(audit.contains(action), "\(action) audited")
            }
            let listed = try await server.request("GET", "/v1/channels/default/change-requests?state=applied", headers: Release.auth(reviewer))
            #expect((listed.json["changeRequests"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])
            #expect(try await server.request("GET", "/v1/channels/default/change-requests?state=done", headers: Release.auth(reviewer)).status == 400)
        }
    }

    @Test(arguments: GateBackend.available)
    func underAPolicyEveryDirectChangeIsRefused(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer), admin = try await server.token(.admin)
            for tint in ["#000001", "#000002"] { #expect(try await server.publish("app", Release.skin(tint: tint), token: designer).status == 201) }
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 2, "rollout": {"skin": "app", "version": 1, "percent": 10}}"#, token: designer).status == 200)
            #expect(try await Self.policy(server, approvals: 2, token: admin).status == 200)

            let schedule = Timestamp.format(millisecondsSince1970: Timestamp.nowMilliseconds() + 3_600_000)
            let paths: [(String, () async throws -> TestResponse)] = [
                ("activate", { try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer) }),
                ("rollout", { try await Release.put(server, #"{"skin": "app", "version": 2, "rollout": {"skin": "app", "version": 1, "percent": 50}}"#, token: designer) }),
                ("builds entry", {
                    try await Release.put(
                        server, #"{"skin": "app", "version": 2, "builds": [{"platform": "ios", "versions": "<3.0.0", "skin": "app", "version": 1}]}"#,
                        token: designer)
                }),
                ("promote", { try await Release.post(server, "promote", token: designer) }),
                ("abort", { try await Release.post(server, "abort", token: designer) }),
                ("rollback", { try await Release.post(server, "rollback", token: designer) }),
                ("schedule", { try await Release.post(server, "schedules", #"{"at": "\#(schedule)", "skin": "app", "version": 1}"#, token: designer) }),
                ("forced by an admin", { try await Release.put(server, #"{"skin": "app", "version": 1, "force": true}"#, token: admin) }),
            ]
            for (path, change) in paths {
                let answer = try await change()
                #expect(answer.status == 409 && answer.text.contains("approval-required"), "\(path): \(answer.status) \(answer.text)")
            }
            let channel = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer)).json
            #expect(channel["version"] as? Int == 2 && channel["rollout"] != nil, "nothing changed")

            // Two approvals by others; the policy lifted, direct changes work again.
            let id = try #require(try await Self.open(server, #"{"message": "back to 1", "change": {"skin": "app", "version": 1}}"#, token: designer).json["id"] as? Int)
            let first = try await server.token(.designer), second = try await server.token(.designer)
            #expect(try await Self.act(server, id, "approve", token: first).json["state"] as? String == "open")
            #expect(try await Self.act(server, id, "apply", token: designer).text.contains("1 of the 2 approvals"))
            #expect(try await Self.act(server, id, "approve", token: second).json["state"] as? String == "approved")
            #expect(try await Self.act(server, id, "apply", token: designer).status == 200)
            #expect(try await Self.tint(server).contains("#000001"))
            #expect(try await Self.policy(server, approvals: 0, token: admin).status == 200)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer).status == 200)
        }
    }

    @Test(arguments: GateBackend.available)
    func rejectedAndCancelledRequestsAreClosed(backend: GateBackend) async throws {
        try await backend.run { server in
            let author = try await server.token(.designer), other = try await server.token(.designer), admin = try await server.token(.admin)
            #expect(try await server.publish("app", Release.skin(tint: "#000001"), token: author).status == 201)
            let body = #"{"message": "activate", "change": {"skin": "app", "version": 1}}"#
            let first = try #require(try await Self.open(server, body, token: author).json["id"] as? Int)
            let cancelByOther = try await Self.act(server, first, "cancel", token: other)
            #expect(cancelByOther.status == 403, "only its author or an admin cancels")
            #expect(try await Self.act(server, first, "reject", token: other).json["state"] as? String == "rejected")
            #expect(try await Self.act(server, first, "approve", token: other).status == 409)
            let second = try #require(try await Self.open(server, body, token: author).json["id"] as? Int)
            #expect(try await Self.act(server, second, "cancel", token: author).json["state"] as? String == "cancelled")
            let third = try #require(try await Self.open(server, body, token: author).json["id"] as? Int)
            #expect(try await Self.act(server, third, "cancel", token: admin).json["state"] as? String == "cancelled")
            // Malformed bodies name what is wrong; what they name must exist.
            for bad in [#"{"change": {"skin": "app"}}"#, #"{"message": "x"}"#, #"{"message": "x", "draft": "d", "promote": "p"}"#,
                        #"{"message": "x", "change": {"skin": "app", "rolout": 1}}"#] {
                #expect(try await Self.open(server, bad, token: author).status == 400, "\(bad)")
            }
            #expect(try await Self.open(server, #"{"message": "x", "change": {"skin": "nope"}}"#, token: author).status == 404)
            #expect(try await Self.open(server, #"{"message": "x", "draft": "nope"}"#, token: author).status == 404)
            #expect(try await Self.get(server, 999, token: author).status == 404)
            #expect(try await Self.get(server, first, channel: "other", token: author).status == 404)
            let reader = try await server.token(.reader)
            #expect(try await Self.open(server, body, token: reader).status == 403)
        }
    }

    @Test(arguments: GateBackend.available)
    func aDraftRequestPublishesTheApprovedRevisionAndANewRevisionResetsItsApprovals(backend: GateBackend) async throws {
        try await backend.run { server in
            let author = try await server.token(.designer, name: "ana"), reviewer = try await server.token(.designer, name: "ben")
            #expect(try await server.publish("app", Release.skin(tint: "#000001"), token: author).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: author).status == 200)
            #expect(try await DraftEndpointTests.put(server, "autumn", Release.skin(tint: "#aa0000"), token: author).status == 201)

            let opened = try await Self.open(server, #"{"message": "autumn look", "draft": "autumn"}"#, token: author)
            #expect(opened.status == 201 && opened.json["draft"] as? String == "autumn" && opened.json["skin"] as? String == "app")
            let id = try #require(opened.json["id"] as? Int)
            // A link the reviewer's phone opens, serving the draft without a token.
            let preview = try #require((opened.json["preview"] as? [String: Any])?["url"] as? String)
            let path = String(preview[try #require(preview.range(of: "/v1/previews/")).lowerBound...])
            #expect(try await server.get(path + "/skin").text.contains("#aa0000"))

            #expect(try await Self.act(server, id, "approve", token: reviewer).json["state"] as? String == "approved")
            // The author changes the draft: the approval was of the revision before.
            #expect(try await DraftEndpointTests.put(server, "autumn", Release.skin(tint: "#bb0000"), token: author).status == 200)
            let reset = try await Self.get(server, id, token: author)
            #expect(reset.json["state"] as? String == "open" && (reset.json["approvals"] as? [Any])?.isEmpty == true)
            #expect((reset.json["history"] as? [[String: Any]])?.last?["action"] as? String == "reset")
            #expect(try await Self.act(server, id, "apply", token: author).text.contains("approval-required"))

            let again = try await Self.act(server, id, "approve", token: reviewer)
            #expect((again.json["approvals"] as? [[String: Any]])?.first?["draftRevision"] as? Int == 2)
            let applied = try await Self.act(server, id, "apply", token: author)
            #expect(applied.status == 200 && applied.json["publishedVersion"] as? Int == 2)
            #expect(try await Self.tint(server).contains("#bb0000"), "the approved revision went live")
            let version = try await server.request("GET", "/v1/skins/app/versions/2", headers: Release.auth(author))
            #expect(version.text.contains("#bb0000"))
        }
    }

    @Test(arguments: GateBackend.available)
    func aPromotionCarriesExactlyWhatTheOtherChannelServedWhenItWasOpened(backend: GateBackend) async throws {
        try await backend.run { server in
            let author = try await server.token(.designer), reviewer = try await server.token(.designer)
            for tint in ["#000001", "#000002"] { #expect(try await server.publish("app", Release.skin(tint: tint), token: author).status == 201) }
            #expect(try await Release.put(server, #"{"skin": "app", "version": null}"#, channel: "staging", token: author).status == 200)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: author).status == 200)
            let opened = try await Self.open(server, #"{"message": "ship staging", "promote": "staging"}"#, token: author)
            #expect(opened.status == 201 && opened.json["promote"] as? String == "staging", "\(opened.text)")
            #expect((opened.json["change"] as? [String: Any])?["version"] as? Int == 2, "staging's followed latest, pinned")
            let id = try #require(opened.json["id"] as? Int)
            // The reviewer's phone opens the look the request would make live: version 2, pinned.
            let preview = try #require((opened.json["preview"] as? [String: Any])?["url"] as? String)
            let path = String(preview[try #require(preview.range(of: "/v1/previews/")).lowerBound...])
            let shown = try await server.get(path + "/skin")
            #expect(shown.status == 200 && shown.text.contains("#000002"), "\(shown.text)")
            let page = try await server.get(path)
            #expect(page.status == 200 && page.text.contains("Preview of app version 2"))
            // Staging moves on; the request still carries what staging served when it was opened.
            #expect(try await server.publish("app", Release.skin(tint: "#000003"), token: author).status == 201)
            #expect(try await server.get(path + "/skin").text.contains("#000002"), "the preview shows the pinned version")
            // Another link for the reviewer, made later; revoking it answers its held long-poll 410.
            let another = try await server.request(
                "POST", "/v1/channels/default/change-requests/\(id)/preview-links", headers: Release.auth(reviewer), body: Array(#"{"expiresIn": 600}"#.utf8))
            #expect(another.status == 201, "\(another.text)")
            let anotherPath = try PreviewLinkEndpointTests.skinPath(another)
            let tag = try #require(try await server.get(anotherPath).header("ETag"))
            async let held = server.get(anotherPath + "?wait=20", headers: [("If-None-Match", tag)])
            try await server.waitUntilHolding(1)
            let secret = try #require(anotherPath.split(separator: "/").dropLast().last)
            #expect(try await server.request("DELETE", "/v1/previews/\(secret)", headers: Release.auth(reviewer)).status == 204)
            #expect(try await held.status == 410)
            #expect(try await Self.act(server, id, "approve", token: reviewer).status == 200)
            #expect(try await Self.act(server, id, "apply", token: author).status == 200)
            #expect(try await Self.tint(server).contains("#000002"))
            #expect(try await Self.tint(server, channel: "staging").contains("#000003"))
        }
    }

    @Test(arguments: GateBackend.available)
    func aRequestWithATimeIsCarriedOutThenOnlyIfApprovedByThen(backend: GateBackend) async throws {
        try await backend.run { server in
            let author = try await server.token(.designer), reviewer = try await server.token(.designer)
            for tint in ["#000001", "#000002"] { #expect(try await server.publish("app", Release.skin(tint: tint), token: author).status == 201) }
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: author).status == 200)
            let soon = ScheduleEndpointTests.time(inSeconds: 4)
            let approved = try #require(try await Self.open(
                server, #"{"message": "at launch", "change": {"at": "\#(soon)", "skin": "app", "version": 2}}"#, token: author).json["id"] as? Int)
            let unapproved = try #require(try await Self.open(
                server, #"{"message": "never approved", "change": {"at": "\#(soon)", "skin": "app", "version": 1}}"#, token: author).json["id"] as? Int)
            let approval = try await Self.act(server, approved, "approve", token: reviewer)
            #expect((approval.json["history"] as? [[String: Any]])?.last?["action"] as? String == "schedule")
            #expect(try await Self.act(server, approved, "apply", token: author).text.contains("not-due"), "not before its time")

            try await waitUntil("the approved request is carried out", timeout: .seconds(30)) {
                try await Self.get(server, approved, token: author).json["state"] as? String == "applied"
            }
            #expect(try await Self.tint(server).contains("#000002"))
            try await waitUntil("the unapproved request lapses", timeout: .seconds(30)) {
                try await Self.get(server, unapproved, token: author).json["state"] as? String == "cancelled"
            }
            #expect((try await Self.get(server, unapproved, token: author).json["history"] as? [[String: Any]])?.last?["action"] as? String == "lapse")
            #expect(try await Self.tint(server).contains("#000002"), "the lapsed request changed nothing")
        }
    }

    @Test(arguments: GateBackend.available)
    func theReleaseGateDecidesAnApprovedRequestAsAnyChange(backend: GateBackend) async throws {
        try await backend.run { server in
            let author = try await server.token(.designer), reviewer = try await server.token(.designer), admin = try await server.token(.admin)
            #expect(try await server.publish("app", Release.contrastSkin(darkText: "#eeeeee"), token: author).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: author).status == 200)
            #expect(try await server.publish("app", Release.contrastSkin(darkText: "#222222"), token: author).status == 201)
            let opened = try await Self.open(server, #"{"message": "darker dark text", "change": {"skin": "app", "version": 2}}"#, token: author)
            let id = try #require(opened.json["id"] as? Int)
            let contrast = (opened.json["findings"] as? [String: Any])?["contrast"] as? [[String: Any]] ?? []
            #expect(!contrast.isEmpty, "the reviewer sees the failing pair before approving")
            #expect(try await Self.act(server, id, "approve", token: reviewer).status == 200)
            let refused = try await Self.act(server, id, "apply", token: author)
            #expect(refused.status == 409 && refused.text.contains("contrast"))
            #expect(try await Self.act(server, id, "apply", #"{"force": true}"#, token: author).status == 403)
            #expect(try await Self.act(server, id, "apply", #"{"force": true}"#, token: admin).status == 200)
        }
    }
}
