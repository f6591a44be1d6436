import SkinModel

/// Times cold resolutions of a generated skin at several sizes.
///
/// For each token count: generate the three documents, parse them once (timed separately),
/// then resolve `app?variant=dark,compact` from the parsed documents to canonical flat bytes,
/// from scratch each run; report the median and spread, the output size, and peak memory.
@main
struct ModelBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        let counts = arguments.isEmpty ? [500, 5_000, 50_000] : arguments.compactMap { Int($0) }
        print("tokens   parse ms   resolve+bytes ms (median, min…max, runs)   bytes      peak MB")
        for count in counts {
            try run(tokenCount: count)
        }
    }

    static func run(tokenCount: Int) throws {
        var generator = SkinGenerator(tokenCount: tokenCount)
        let texts = generator.documents()
        let clock = ContinuousClock()
        var lineage: [LineageEntry] = []
        let parseTime = try clock.measure {
            for (skin, text) in texts {
                lineage.append(LineageEntry(skin: skin, version: 1, document: try SkinDocument.parse(Array(text.utf8))))
            }
        }
        let request = ResolutionRequest(lineage: lineage, variants: ["dark", "compact"])
        let runs = tokenCount >= 50_000 ? 5 : 11
        var times: [Duration] = []
        var size = 0
        _ = try Resolver.resolve(request).canonicalBytes(format: .flat, explain: false, channel: "default")  // warm-up
        for _ in 0..<runs {
            var bytes: [UInt8] = []
            let time = try clock.measure {
                let skin = try Resolver.resolve(request)
                bytes = skin.canonicalBytes(format: .flat, explain: false, channel: "default")
            }
            size = bytes.count
            times.append(time)
        }
        times.sort()
        let peak = PeakMemory.kilobytes().map { String(Double($0 / 100) / 10) } ?? "n/a"
        print(
            pad(tokenCount, 8), pad(ms(parseTime), 10),
            pad("\(ms(times[times.count / 2])) (\(ms(times[0]))…\(ms(times[times.count - 1])), \(runs))", 42),
            pad(size, 10), pad(peak, 8))
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
