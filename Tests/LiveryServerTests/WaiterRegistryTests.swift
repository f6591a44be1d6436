import Testing
@testable import LiveryServer

@Suite struct WaiterRegistryTests {
    typealias Registry = WaiterRegistry<String, String>

    @Test func wakesOnlyWaitersWhoseTagIsStale() {
        var registry = Registry()
        registry.add(view: "default", etag: "\"a\"", deadline: 30, handle: "old-holder")
        registry.add(view: "default", etag: "\"b\"", deadline: 30, handle: "current-holder")
        registry.add(view: "other", etag: "\"a\"", deadline: 30, handle: "other-view")

        let woken = registry.viewChanged("default", etag: "\"b\"")

        #expect(woken.map(\.handle) == ["old-holder"])
        #expect(registry.count == 2)
    }

    @Test func unchangedBytesWakeNobody() {
        var registry = Registry()
        registry.add(view: "default", etag: "\"a\"", deadline: 30, handle: "w")
        #expect(registry.viewChanged("default", etag: "\"a\"").isEmpty)
        #expect(registry.count == 1)
    }

    @Test func expiresInDeadlineOrderAndSkipsRemoved() {
        var registry = Registry()
        registry.add(view: "v", etag: "e", deadline: 30, handle: "late")
        let early = registry.add(view: "v", etag: "e", deadline: 10, handle: "early")
        registry.add(view: "v", etag: "e", deadline: 20, handle: "middle")
        registry.add(view: "v", etag: "e", deadline: 5, handle: "gone")
        registry.remove(id: 4)

        #expect(registry.nextDeadline() == 10)
        #expect(registry.expire(now: 9).isEmpty)
        #expect(registry.expire(now: 20).map(\.handle) == ["early", "middle"])
        #expect(registry.remove(id: early) == nil)
        #expect(registry.nextDeadline() == 30)
        #expect(registry.count == 1)
    }

    @Test func removeAllAnswersEveryone() {
        var registry = Registry()
        for index in 0..<100 {
            registry.add(view: "v\(index % 7)", etag: "e", deadline: Double(100 - index), handle: "\(index)")
        }
        let all = registry.removeAll()
        #expect(all.count == 100)
        #expect(registry.count == 0)
        #expect(registry.nextDeadline() == nil)
        #expect(registry.watchedViews.isEmpty)
    }
}
