import Testing
@testable import LiveryServer

@Suite struct WaiterRegistryTests {
    typealias Registry = WaiterRegistry<String, String>

    @Test func wakesOnlyWaitersWhoseTagIsStale() {
        var registry = Registry()
        registry.add(view: "default", etag: "\"a\"", handle: "old-holder")
        registry.add(view: "default", etag: "\"b\"", handle: "current-holder")
        registry.add(view: "other", etag: "\"a\"", handle: "other-view")

        let woken = registry.viewChanged("default", etag: "\"b\"")

        #expect(woken.map(\.handle) == ["old-holder"])
        #expect(registry.count == 2)
    }

    @Test func unchangedBytesWakeNobody() {
        var registry = Registry()
        registry.add(view: "default", etag: "\"a\"", handle: "w")
        #expect(registry.viewChanged("default", etag: "\"a\"").isEmpty)
        #expect(registry.count == 1)
    }

    @Test func removedWaitersAreNotWoken() {
        var registry = Registry()
        let gone = registry.add(view: "v", etag: "old", handle: "gone")
        registry.add(view: "v", etag: "old", handle: "stays")
        #expect(registry.remove(id: gone)?.handle == "gone")
        #expect(registry.remove(id: gone) == nil)
        #expect(registry.viewChanged("v", etag: "new").map(\.handle) == ["stays"])
        #expect(registry.watchedViews.isEmpty)
    }

}
