import Foundation
import Observation

/// The current skin of a `LiveryClient`, observable by SwiftUI views (Swift's Observation, so
/// also on Linux): put it in the environment once and every view that reads `skin` is redrawn
/// when a publish lands.
///
/// ```swift
/// @main struct ShopApp: App {
///     @State private var store = LiveryStore(client: try! LiveryClient(configuration: configuration))
///     @Environment(\.scenePhase) private var scenePhase
///     var body: some Scene {
///         WindowGroup { ContentView() }
///             .environment(store)
///             .onChange(of: scenePhase) { _, phase in
///                 if phase == .active { store.resume() } else if phase == .background { store.pause() }
///             }
///     }
/// }
///
/// struct ContentView: View {
///     @Environment(LiveryStore.self) private var store
///     var body: some View {
///         Text("Checkout").foregroundStyle(store.color("color.tint").map(Color.init) ?? .accentColor)
///             .task { await store.run() }
///     }
/// }
/// ```
///
/// The store starts with the client's `current` skin (cached or bundled: no network), and
/// `run()` revalidates it, then follows `updates()` until its task is cancelled. With
/// `.atNextLaunch` a skin arriving mid-run is held as `pending` instead (see `ApplyPolicy`).
/// Main-actor isolated, as views read it.
@MainActor @Observable
public final class LiveryStore {
    /// The skin the app shows; `nil` only on a first launch offline with no bundled fallback.
    public private(set) var skin: Skin?
    /// A newer skin held back by `.atNextLaunch`, shown at the next launch (or by `applyPending()`).
    public private(set) var pending: Skin?
    /// When the server last confirmed or replaced the skin during this run; `nil` until then.
    public private(set) var lastRevalidated: Date?
    /// The last error talking to the server (cleared by the next success), from the first
    /// revalidation and from every poll of `run()`'s updates: for an offline banner.
    public private(set) var lastError: LiveryClientError?

    public let client: LiveryClient
    public let policy: ApplyPolicy

    /// A store showing `client.current` at once.
    public init(client: LiveryClient, policy: ApplyPolicy = .immediately) {
        self.client = client
        self.policy = policy
        self.skin = client.current
    }

    /// How far the shown skin can be trusted: `.fresh` once the server confirmed it during this
    /// run, else where it came from (`.cached`, `.bundled`); `nil` when there is none.
    public var freshness: SkinSource? { skin?.source }

    /// Revalidates once, then follows every publish until the calling task is cancelled (use
    /// SwiftUI's `.task { await store.run() }`). Errors are kept in `lastError`, never thrown;
    /// the skin shown stays.
    public func run() async {
        // `updates()` reports poll errors to events, not to its sequence: watch them beside it.
        // The error is read from the client when the signal is handled, so one that a later
        // success already cleared is not shown.
        let failures = client.failures()
        let watcher = Task { [weak self] in
            for await _ in failures {
                guard let self else { return }
                self.lastError = self.client.lastFailure
            }
        }
        defer { watcher.cancel() }
        do {
            receive(try await client.fetch())
        } catch .paused {
            // resume() revalidates
        } catch .cancelled {
            return
        } catch {
            lastError = error
        }
        // Subscribed after the revalidation: a change in between is still seen, as the first
        // long-poll carries the ETag of the skin just received.
        for await skin in client.updates() {
            receive(skin)
        }
    }

    /// Stops network activity (the app went to the background); see `LiveryClient.pause()`.
    public func pause() { client.pause() }

    /// Resumes it with one revalidation; see `LiveryClient.resume()`.
    public func resume() { client.resume() }

    /// Shows the pending skin now (a moment when changing the look is fine: a new screen, say).
    public func applyPending() {
        guard let pending else { return }
        skin = pending
        self.pending = nil
    }

    /// Takes a skin from the client: shown, held as pending, or only a confirmation (`.fresh`).
    func receive(_ received: Skin) {
        lastRevalidated = Date()
        lastError = nil
        guard let shown = skin else {
            skin = received
            return
        }
        if shown.bytes != nil, shown.bytes == received.bytes {
            if shown.source != received.source { skin = received }  // the same look, now confirmed
            return
        }
        switch policy {
        case .immediately: skin = received
        case .atNextLaunch: pending = received
        }
    }
}
