import SkinModel
import Testing
@testable import LiveryServer

/// `http.corsAllowOrigins` from the file and the environment: `*`, a list kept in lowercase,
/// empty for off, and a clear error naming the key for anything that is not an origin.
@Suite struct CrossOriginConfigurationTests {
    @Test func anyOriginIsTheDefault() {
        #expect(LiveryConfiguration().corsAllowOrigins == ["*"])
    }

    @Test(arguments: [
        (#"{"http": {"corsAllowOrigins": ["https://App.example.com", "http://127.0.0.1:8000"]}}"#, [String: String](),
         ["https://app.example.com", "http://127.0.0.1:8000"]),
        (#"{"http": {"corsAllowOrigins": []}}"#, [:], []),
        (#"{"http": {"corsAllowOrigins": "*"}}"#, [:], ["*"]),
        (#"{}"#, ["LIVERY_CORS_ALLOW_ORIGINS": " https://a.example , capacitor://localhost,http://[::1]:8080 "],
         ["https://a.example", "capacitor://localhost", "http://[::1]:8080"]),
        (#"{}"#, ["LIVERY_CORS_ALLOW_ORIGINS": ""], []),
    ])
    func originsAreRead(file: String, environment: [String: String], expected: [String]) throws {
        let json = try JSONParser.parse(Array(file.utf8))
        #expect(try LiveryConfiguration.load(file: json, environment: environment, flags: [:]).corsAllowOrigins == expected)
    }

    @Test(arguments: [
        "https://app.example.com/", "https://app.example.com/path", "app.example.com", "*, https://app.example.com",
        "https://user@app.example.com", "https://app.example.com:", "https://app.example.com:80a", "https://", "null",
        "https://[::1", "1http://x",
    ])
    func whatIsNotAnOriginIsRefusedNamingTheKey(value: String) throws {
        #expect {
            _ = try LiveryConfiguration.load(file: nil, environment: ["LIVERY_CORS_ALLOW_ORIGINS": value], flags: [:])
        } throws: { error in
            (error as? ConfigurationError)?.key == "http.corsAllowOrigins"
        }
    }

    @Test func aListMustHoldStrings() throws {
        let json = try JSONParser.parse(Array(#"{"http": {"corsAllowOrigins": [1]}}"#.utf8))
        #expect(throws: ConfigurationError.self) {
            _ = try LiveryConfiguration.load(file: json, environment: [:], flags: [:])
        }
    }
}
