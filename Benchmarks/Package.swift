// swift-tools-version: 6.1
//
// Fuzzing and benchmarking for the HTTP engine and the skin model, kept out of the root package so that the root
// `swift build` / `swift test` never build them (and never need libFuzzer).
//
// The engine's API is `package`-scoped (it is used by LiveryServer in the same package), so a
// separate package cannot import it. Instead, Sources/HTTPEngine, CLinuxEvents and CZlib here
// are symbolic links to the root package's folders: this package compiles the very same
// sources as its own modules, with the same settings. Sources/SkinModel is linked the same way
// (it has no dependencies), for the skin model's fuzzer.
//
//   swift build -c release --product EngineBench
//   swift build -c release --product ParserFuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
//   swift build -c release --product SkinFuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
// (scripts/fuzz.sh builds and runs either.)
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "LiveryEngineBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "EngineBench", targets: ["EngineBench"]),
        .executable(name: "ParserFuzz", targets: ["ParserFuzz"]),
        .executable(name: "SkinFuzz", targets: ["SkinFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(name: "CLinuxEvents", path: "Sources/CLinuxEvents"),
        .target(
            name: "HTTPEngine",
            dependencies: ["CLinuxEvents", "CZlib", .product(name: "Logging", package: "swift-log")],
            path: "Sources/HTTPEngine",
            swiftSettings: strictSwift
        ),
        .executableTarget(name: "EngineBench", dependencies: ["HTTPEngine", .product(name: "Logging", package: "swift-log")], swiftSettings: strictSwift),
        .target(name: "FuzzDriver", swiftSettings: strictSwift),
        .executableTarget(name: "ParserFuzz", dependencies: ["HTTPEngine", "FuzzDriver"], swiftSettings: strictSwift),
        .target(name: "SkinModel", path: "Sources/SkinModel", swiftSettings: strictSwift),
        .executableTarget(name: "SkinFuzz", dependencies: ["SkinModel", "FuzzDriver"], swiftSettings: strictSwift),
    ]
)
