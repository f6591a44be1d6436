// swift-tools-version: 6.1
//
// ModelBench: times cold resolution of a generated skin, from parsed documents to
// canonical bytes, and reports peak memory. Build and run in release:
//
//   swift run -c release --package-path Benchmarks/ModelBench ModelBench 500 5000 50000
//
// A separate package so the benchmark never slows down or bloats the main build.
import PackageDescription

// A path dependency's identity is its directory's name, which differs between checkouts
// (`livery`, a worktree, …): derive it from where this manifest sits.
let rootDirectory = #filePath.split(separator: "/").dropLast(3).last.map(String.init) ?? "livery"

let package = Package(
    name: "ModelBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "ModelBench",
            dependencies: [.product(name: "SkinModel", package: rootDirectory)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
