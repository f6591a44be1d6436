/// The release this binary is (`livery --version`). It is the `info.version` of the OpenAPI
/// document the server serves (Sources/LiveryServer/Resources/openapi.json); a test keeps the
/// two equal, so a release bumps both.
enum LiveryVersion {
    static let current = "1.0.0"
}
