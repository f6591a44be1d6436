import SkinModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times the model's share of a publish and of the cold resolve after it, for one real skin
/// document (`ModelBench --file SKIN.json`), in process: the steadier twin of
/// `scripts/publish-corpus.sh`, which times the same over HTTP (`SAVE=primer.json` there
/// writes the document it times, Primer with its variants, for this mode).
///
/// - publish: parse the body, then `Validator.validate` (the base look and every variant,
///   the lost-token check and the contrast gate), as `POST /v1/skins/{skin}/versions` does
///   before it stores the version;
/// - cold resolve: parse the stored bytes, resolve the base look, write the flat canonical
///   bytes, as the first `GET /v1/skins/{skin}/resolved` after a publish does.
struct FileBench {
    let path: String
    let runs: Int

    func run() throws {
        guard let bytes = Self.contents(of: path) else {
            print("ModelBench: skipped: no readable file at \(path)")
            return
        }
        let document: SkinDocument
        do {
            document = try SkinDocument.parse(bytes)
        } catch {
            print("ModelBench: \(path) does not parse: \(error.errors.count) error(s), first: \(error.errors.first?.message ?? "?")")
            exit(1)
        }
        let problems = Self.timedPublish(bytes)
        let tokens = (try? Resolver.resolve(ResolutionRequest(lineage: [Self.entry(document)], variants: [])))?.tokens.count ?? 0
        print("\(path): \(bytes.count) bytes, \(tokens) tokens, \(document.variantNames.count) variants, "
            + "\(problems.errors.count) error(s), \(problems.warnings.count) warning(s)")
        guard problems.errors.isEmpty else { exit(1) }
        let clock = ContinuousClock()
        var publish: [Duration] = []
        var cold: [Duration] = []
        var size = 0
        _ = Self.timedColdResolve(bytes)  // warm-up (the publish above warmed its own path)
        for _ in 0..<runs {
            publish.append(clock.measure { _ = Self.timedPublish(bytes) })
            cold.append(clock.measure { size = Self.timedColdResolve(bytes).count })
        }
        print("publish (parse + validate, every variant) ms:       \(ModelBench.summary(publish))")
        print("cold resolve (parse + resolve base + flat bytes) ms: \(ModelBench.summary(cold)), \(size) bytes")
        print("peak MB: \(PeakMemory.kilobytes().map { String(Double($0 / 100) / 10) } ?? "n/a")")
    }

    static func entry(_ document: SkinDocument) -> LineageEntry {
        LineageEntry(skin: "bench", version: 1, document: document)
    }

    /// The model's work in a publish; never inlined, so callgrind can count it alone.
    @inline(never)
    static func timedPublish(_ bytes: [UInt8]) -> SkinProblems {
        do {
            let document = try SkinDocument.parse(bytes)
            return Validator.validate(document: document, ancestors: [], skin: "bench", version: 1)
        } catch {
            return error
        }
    }

    /// The model's work in a cold resolve; never inlined, so callgrind can count it alone.
    @inline(never)
    static func timedColdResolve(_ bytes: [UInt8]) -> [UInt8] {
        guard let document = try? SkinDocument.parse(bytes),
            let skin = try? Resolver.resolve(ResolutionRequest(lineage: [entry(document)], variants: []))
        else { return [] }
        return skin.canonicalBytes(format: .flat, explain: false, channel: nil)
    }

    /// A file's bytes through plain POSIX reads (no Foundation, which would inflate peak memory).
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
