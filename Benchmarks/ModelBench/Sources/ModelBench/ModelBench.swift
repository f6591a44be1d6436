import SkinModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times cold resolutions of a generated skin at several sizes, or publish and cold resolve
/// of one real skin document (`--file`).
///
/// For each token count: generate the three documents, parse them once (timed separately),
/// then resolve `app?variant=dark,compact` from the parsed documents to canonical flat bytes,
/// from scratch each run; report the median and spread, the output size, and peak memory.
///
/// `--runs N` sets the number of timed runs (default 11, 5 at 50,000 tokens); `--runs 1`
/// with `valgrind --tool=callgrind --toggle-collect='*timedResolution*'` counts the
/// instructions of exactly one resolution, a measure that other processes do not disturb.
@main
struct ModelBench {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var runs: Int?
        var file: String?
        var longNames = false
        while let option = arguments.first, option.hasPrefix("--") {
            arguments.removeFirst()
            if option == "--long-names" {
                longNames = true
                continue
            }
            guard let value = arguments.first else { usage("\(option) needs a value") }
            arguments.removeFirst()
            switch option {
            case "--runs":
                guard let count = Int(value), count > 0 else { usage("--runs takes a positive whole number") }
                runs = count
            case "--file": file = value
            default: usage("unknown option \(option)")
            }
        }
        if let file {
            try FileBench(path: file, runs: runs ?? 11).run()
            return
        }
        let counts = arguments.isEmpty ? [500, 5_000, 50_000] : arguments.compactMap { Int($0) }
        print("tokens   parse ms   resolve+bytes ms (median, min…max, runs)   bytes      peak MB")
        for count in counts {
            try run(tokenCount: count, runs: runs ?? (count >= 50_000 ? 5 : 11), longNames: longNames)
        }
    }

    static func usage(_ problem: String) -> Never {
        print("ModelBench: \(problem)\nusage: ModelBench [--runs N] [--long-names] [TOKENS…] | ModelBench [--runs N] --file SKIN.json")
        exit(2)
    }

    static func run(tokenCount: Int, runs: Int, longNames: Bool) throws {
        var generator = SkinGenerator(tokenCount: tokenCount, longNames: longNames)
        let texts = generator.documents()
        let clock = ContinuousClock()
        var lineage: [LineageEntry] = []
        let parseTime = try clock.measure {
            for (skin, text) in texts {
                lineage.append(LineageEntry(skin: skin, version: 1, document: try SkinDocument.parse(Array(text.utf8))))
            }
        }
        let request = ResolutionRequest(lineage: lineage, variants: ["dark", "compact"])
        var times: [Duration] = []
        var size = 0
        _ = try Resolver.resolve(request).canonicalBytes(format: .flat, explain: false, channel: "default")  // warm-up
        for _ in 0..<runs {
            var bytes: [UInt8] = []
            let time = try clock.measure { bytes = try timedResolution(request) }
            size = bytes.count
            times.append(time)
        }
        let peak = PeakMemory.kilobytes().map { String(Double($0 / 100) / 10) } ?? "n/a"
        print(pad(tokenCount, 8), pad(ms(parseTime), 10), pad(summary(times), 42), pad(size, 10), pad(peak, 8))
    }

    /// One cold resolution to canonical bytes; never inlined, so callgrind can count it alone.
    @inline(never)
    static func timedResolution(_ request: ResolutionRequest) throws -> [UInt8] {
        try Resolver.resolve(request).canonicalBytes(format: .flat, explain: false, channel: "default")
    }

    /// `median (min…max, runs)`.
    static func summary(_ durations: [Duration]) -> String {
        let sorted = durations.sorted()
        return "\(ms(sorted[sorted.count / 2])) (\(ms(sorted[0]))…\(ms(sorted[sorted.count - 1])), \(sorted.count))"
    }

    static func ms(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(Double(Int(milliseconds * 10)) / 10)
    }

    static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return text + String(repeating: " ", count: max(1, width - text.count))
    }
}
