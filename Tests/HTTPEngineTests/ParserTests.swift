import Testing
@testable import HTTPEngine
