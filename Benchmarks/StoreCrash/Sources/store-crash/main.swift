// store-crash: drives the crash test of scripts/crash-test.sh.
//
//   store-crash publish DATABASE TAG [TASKS] [SKINS]
//       Publishes forever from TASKS concurrent tasks (default 8) to SKINS skins (default 3).
//       After each publish *returns* it writes one line to stdout, with a single write(2):
//           ack SKIN VERSION ID
//       where ID is the unique id inside the published document ({"crashId": ID, …}).
//       A line is only written for an acknowledged (committed, fsync'd) publish; the script
//       kill -9's the process at a random moment and then checks every acked line is stored.
//   store-crash verify DATABASE
//       Opens the store (WAL recovery, migration ledger check) and runs PRAGMA integrity_check;
//       prints "integrity ok" and exits 0, or prints the problems and exits 1.
@_spi(Benchmarks) import SkinStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `line` to `descriptor` (stdout by default) in one write(2), so lines from concurrent
/// tasks never interleave and nothing sits in a userspace buffer when the process is killed.
func emit(_ line: String, to descriptor: Int32 = 1) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        guard written > 0 else { return }
        offset += written
    }
}

func fail(_ message: String) -> Never {
    emit("store-crash: \(message)", to: 2)
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    fail("usage: store-crash publish DATABASE TAG [TASKS] [SKINS] | store-crash verify DATABASE")
}
let database = arguments[2]

switch arguments[1] {
case "publish":
    guard arguments.count >= 4 else { fail("publish needs DATABASE TAG") }
    let tag = arguments[3]
    let tasks = arguments.count > 4 ? Int(arguments[4]) ?? 8 : 8
    let skins = arguments.count > 5 ? Int(arguments[5]) ?? 3 : 3
    let store: SkinStore
    do {
        store = try SkinStore(benchmarkDatabaseAt: database)
    } catch {
        fail("cannot open \(database): \(error)")
    }
    await withTaskGroup(of: Void.self) { group in
        for task in 0..<tasks {
            group.addTask {
                var counter = 0
                while true {
                    counter += 1
                    let skin = "crash\((task + counter) % skins)"
                    let id = "\(tag)-t\(task)-\(counter)"
                    // Some bulk so the WAL grows and checkpoints happen mid-run.
                    let padding = String(repeating: "x", count: 200 + (counter * 37 % 4000))
                    let document = Array(#"{"crashId":"\#(id)","padding":"\#(padding)"}"#.utf8)
                    do {
                        let version = try await store.benchmarkPublish(skin: skin, document: document, author: tag)
                        emit("ack \(skin) \(version) \(id)")
                    } catch {
                        emit("store-crash: publish failed: \(error)", to: 2)
                    }
                }
            }
        }
    }

case "verify":
    do {
        let store = try SkinStore(benchmarkDatabaseAt: database)
        let result = try await store.benchmarkIntegrityCheck()
        store.benchmarkClose()
        if result == "ok" {
            print("integrity ok")
        } else {
            print("integrity FAILED:\n\(result)")
            exit(1)
        }
    } catch {
        fail("cannot verify \(database): \(error)")
    }

default:
    fail("unknown command \(arguments[1])")
}
