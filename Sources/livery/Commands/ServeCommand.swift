import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import LiveryServer
import Logging

/// `livery serve`: runs the server until SIGTERM or SIGINT, then shuts down gracefully.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Livery server.",
        discussion: """
            Opens (or creates) the database, applies migrations, publishes the demo skin on the \
            `default` channel the first time, and serves the HTTP API. The line \
            `listening on http://HOST:PORT` is logged once connections are accepted. \
            SIGTERM or SIGINT stops accepting, answers held long-polls with 304, lets in-flight \
            requests finish (shutdown.grace seconds) and closes the database.
            Settings come from the config file, then LIVERY_* variables, then these flags.
            """
    )

    @Option(help: ArgumentHelp("Address to listen on (0.0.0.0, ::, 127.0.0.1, …).", valueName: "host"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one.", valueName: "port"))
    var port: Int?

    @Option(name: .customLong("log-level"), help: ArgumentHelp("error, warning, info or debug.", valueName: "level"))
    var logLevel: String?

    @OptionGroup var options: DatabaseOptions

    func run() async throws {
        var flags: [String: String] = [:]
        if let host { flags["http.host"] = host }
        if let port { flags["http.port"] = String(port) }
        if let logLevel { flags["log.level"] = logLevel }
        let configuration = try options.loadConfiguration(extraFlags: flags)
        // A log pipe whose reader has gone (a container log driver restarted) must cost log
        // lines, not the process: with SIGPIPE ignored the log writer sees EPIPE and drops.
        Foundation.signal(SIGPIPE, SIG_IGN)
        LoggingSetup.bootstrap(format: configuration.logFormat, level: configuration.logLevel)
        let logger = Logger(label: "livery")
        // The last resort: drain delay + grace + a second to close the database, then exit
        // whatever still runs (docs/operations.md).
        let shutdownSignal = ShutdownSignal(lastResortAfter: configuration.drainDelay + configuration.shutdownGrace + 1)

        let app: LiveryApplication
        do {
            app = try await LiveryApplication.start(configuration: configuration, logger: logger)
        } catch {
            logger.error("cannot start", metadata: ["error": "\(error)"])
            LoggingSetup.flush()
            throw CLIFailure("cannot start: \(error)")
        }
        let shownHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let listening = "listening on http://\(shownHost):\(app.port)"
        logger.info("\(listening)", metadata: [
            "database": "\(configuration.storeBackend)", "http.eventLoops": "\(app.eventLoops)",
            "http.eventBackend": "\(app.eventBackend)",
        ])
        // Scripts wait for this line whatever the log level, so it also goes to stdout.
        FileHandle.standardOutput.write(Data((listening + "\n").utf8))

        let signal = await shutdownSignal.wait()
        logger.info("shutting down", metadata: ["signal": "\(signal)", "grace_s": "\(configuration.shutdownGrace)"])
        await app.shutdown()
        logger.info("stopped")
        LoggingSetup.flush()
    }
}

/// Catches SIGTERM and SIGINT through Dispatch signal sources from the moment it is made (the
/// default actions are ignored so the process is not killed before it can drain). Made before the
/// server starts, so a signal sent right after the `listening on` line — as scripts and tests
/// do — is kept until `wait()` asks for it instead of being lost while nothing listened.
final class ShutdownSignal: @unchecked Sendable {
    // @unchecked Sendable: `sources` is written once in init and only kept alive afterwards (a
    // released source stops delivering); the stream and its continuation are Sendable.
    private let received: AsyncStream<String>
    private let sources: [any DispatchSourceSignal]

    /// `lastResortAfter`: seconds after the first signal at which the process exits (status 1)
    /// even if the graceful shutdown has not finished. Handlers stuck in CPU-bound work can hold
    /// every thread of the cooperative pool, and then the shutdown (which awaits on that pool)
    /// never runs: so the deadline is kept by a thread of its own, started from the signal
    /// handler, not by a task.
    init(lastResortAfter: Double) {
        let (received, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingOldest(1))
        let queue = DispatchQueue(label: "livery.signals")
        var sources: [any DispatchSourceSignal] = []
        let armed = OnceFlag()
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                continuation.yield(name)
                guard armed.set() else { return }
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: lastResortAfter)
                    let line = "level=error msg=\"shutdown did not finish within shutdown.grace; exiting\" grace_s=\(lastResortAfter)\n"
                    FileHandle.standardError.write(Data(line.utf8))
                    _exit(1)
                }
            }
            source.resume()
            sources.append(source)
        }
        self.received = received
        self.sources = sources
    }

    /// The first signal received, whenever it came.
    func wait() async -> String {
        for await name in received { return name }
        return "SIGTERM"
    }
}

/// True from `set()` the first time only (the last-resort deadline is armed once).
private final class OnceFlag: Sendable {
    private let done = Mutex(false)

    func set() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
