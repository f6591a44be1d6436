// swift-tools-version: 6.1
//
// Livery: a theme server. The targets mirror the architecture, layers pointing downward only:
//
//   livery (CLI) ─┬─> LiveryServer ─┬─> HTTPEngine ──> CLinuxEvents, CZlib      (knows nothing of skins)
//                 │                 ├─> SkinStore ───> CSQLite, CLibPQ, LiveryMigrations
//                 │                 └─> SkinModel                               (pure: no I/O)
//                 └─> LiveryClient ────> SkinModel                              (the library apps use)
//
// No SwiftNIO anywhere: the HTTP engine is Livery's own, on POSIX sockets, epoll (or poll(2) on macOS)
// and Dispatch. CLinuxEvents (glibc's epoll, eventfd and accept4 wrappers) is a dependency on Linux only.
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Livery",
    // macOS 15: the server targets use Synchronization's Mutex and Atomic (macOS 15+), and macOS is
    // where developers run `swift run livery serve` (docs/operations.md). The other platforms only build what
    // apps use (LiveryClient, SkinModel), which avoids Synchronization for iOS 17.
    platforms: [.macOS(.v15), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "livery", targets: ["livery"]),
        .library(name: "LiveryClient", targets: ["LiveryClient"]),
        .library(name: "SkinModel", targets: ["SkinModel"]),
        // For the separate packages under Benchmarks/ (e.g. Benchmarks/StoreCrash), which reach the
        // store through its @_spi(Benchmarks) entry points; the server and CLI use `package` access.
        .library(name: "SkinStore", targets: ["SkinStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // MARK: System libraries and C shims
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // libqrencode, for the console's QR codes of preview links (a small C library, like zlib).
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        // PostgreSQL's client library, for the shared-database backend (no SwiftNIO: plain libpq).
        // pkg-config finds it where it is not under /usr/include/postgresql (macOS: Homebrew's libpq).
        // OpenSSL's libcrypto for SHA-256 and HMAC-SHA256 (libpq links it already): a cryptography package
        // would compile its own copy of BoringSSL on every fresh build, most of a first run's minutes.
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CLibSSL", path: "Sources/CLibSSL", pkgConfig: "libssl", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .target(name: "CLinuxEvents", path: "Sources/CLinuxEvents"),

        // MARK: The skin model: documents, resolution, styles, interpolation. Pure Swift, no I/O.
        .target(name: "SkinModel", swiftSettings: strictSwift),

        // MARK: The HTTP/1.1 engine: sockets, parsing, responses, deferred responses. No skins.
        .target(
            name: "HTTPEngine",
            dependencies: [
                .target(name: "CLinuxEvents", condition: .when(platforms: [.linux])),
                "CZlib",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: Storage: SQLite or PostgreSQL, embedded migrations, repositories.
        // The numbered SQL files in migrations/ are embedded in the binary (never read from the working directory):
        // m000N for SQLite, pg000N for PostgreSQL.
        .target(
            name: "LiveryMigrations", path: "migrations",
            resources: [
                .embedInCode("m0001_initial.sql"), .embedInCode("m0002_release_control.sql"),
                .embedInCode("pg0001_initial.sql"), .embedInCode("pg0002_release_control.sql"),
                .embedInCode("m0003_fleet.sql"), .embedInCode("pg0003_fleet.sql"),
                .embedInCode("m0004_contracts.sql"), .embedInCode("pg0004_contracts.sql"),
                .embedInCode("m0005_served_holds.sql"), .embedInCode("pg0005_served_holds.sql"),
                .embedInCode("m0006_drafts.sql"), .embedInCode("pg0006_drafts.sql"),
                .embedInCode("m0007_review.sql"), .embedInCode("pg0007_review.sql"),
                .embedInCode("m0008_webhooks.sql"), .embedInCode("pg0008_webhooks.sql"),
                .embedInCode("m0009_version_previews.sql"), .embedInCode("pg0009_version_previews.sql"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "SkinStore",
            dependencies: [
                "SkinModel", "CSQLite", "CLibPQ", "CLibCrypto", "CLinuxEvents", "LiveryMigrations",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: The server: routes, auth, resolution cache, long-polling, metrics.
        .target(
            name: "LiveryServer",
            dependencies: [
                "HTTPEngine", "SkinStore", "SkinModel", "CQREncode", "CLibSSL",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [
                .embedInCode("Resources/demo-skin.json"), .embedInCode("Resources/openapi.json"),
                // The web client (docs/apps.md), served at /v1/client.js, and a page that uses it (its script and style
                // are files of their own, for the page's Content-Security-Policy).
                .embedInCode("Resources/client.js"), .embedInCode("Resources/client-demo.html"),
                .embedInCode("Resources/client-demo.js"), .embedInCode("Resources/client-demo.css"),
                // The designers' console (docs/api.md); ConsoleAssets lists the same files.
            ] + ["index.html", "console.css", "icon.svg", "app.js", "api.js", "dom.js", "colour.js", "draw.js", "components.js",
                 "skins.js", "channels.js", "look.js", "compare.js", "draft.js", "search.js", "grid.js", "detail.js",
                 "source.js", "builds.js", "drafts.js", "draft-start.js", "preview-links.js", "channel-review.js", "requests.js",
                 "request.js"].map { .embedInCode("Resources/console/\($0)") },
            swiftSettings: strictSwift
        ),

        // MARK: The client library for apps (URLSession; FoundationNetworking on Linux).
        .target(name: "LiveryClient", dependencies: ["SkinModel"], swiftSettings: strictSwift),

        // MARK: The `livery` executable: argument parsing only; everything else lives in libraries.
        .executableTarget(
            name: "livery",
            dependencies: [
                "LiveryServer", "LiveryClient", "SkinModel", "SkinStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: Tests, one target per library target.
        // What several test targets share (a child-process runner without Foundation.Process); not a product.
        .target(name: "TestSupport", dependencies: ["TestProcessSetup"], path: "Tests/TestSupport", swiftSettings: strictSwift),
        // The test process set up as `livery serve` sets up its own (SIGPIPE ignored), at load.
        .target(name: "TestProcessSetup", path: "Tests/TestProcessSetup"),
        .testTarget(
            name: "SkinModelTests",
            dependencies: ["SkinModel", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "HTTPEngineTests", dependencies: ["HTTPEngine", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "SkinStoreTests",
            dependencies: [
                "SkinStore", "SkinModel", "TestSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "LiveryServerTests",
            dependencies: ["LiveryServer", "HTTPEngine", "SkinStore", "TestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "LiveryCLITests", dependencies: ["livery", "LiveryServer", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "LiveryClientTests", dependencies: ["LiveryClient", "LiveryServer", "TestSupport"], swiftSettings: strictSwift),
    ]
)
