import Testing
@testable import SkinStore

/// The system libcrypto behind every stored hash, checked against published test vectors
/// (FIPS 180-2 for SHA-256, RFC 4231 test case 2 for HMAC-SHA256).
@Suite struct SHA256DigestTests {
    @Test func sha256MatchesTheFIPSVectors() {
        #expect(SHA256Digest.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256Digest.hex(twoBlocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hmacMatchesRFC4231() {
        let mac = SHA256Digest.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
