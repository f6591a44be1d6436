// swift-tools-version: 6.1
//
// The crash-test driver for Livery's store (driven by scripts/crash-test.sh). A package of its own,
// depending on the root package by path, so that the root `swift build` never builds it.
import PackageDescription

let package = Package(
    name: "StoreCrash",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` because a path dependency is otherwise identified by its directory name, which
        // differs between checkouts (main, worktrees); "Livery" is the root manifest's name.
        .package(name: "Livery", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "store-crash",
            dependencies: [.product(name: "SkinStore", package: "Livery")],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
