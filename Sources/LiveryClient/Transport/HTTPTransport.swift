import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange through URLSession, cancelled with its Swift task.
///
/// Built on `dataTask(with:completionHandler:)` rather than `data(for:)` so that cancelling
/// the calling task cancels the URLSession task (and closes a held long-poll) the same way
/// on Darwin and on Linux's FoundationNetworking.
struct HTTPTransport: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]

        /// A header by name, case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    let session: URLSession

    /// Sends `request`; `handle` lets someone else cancel it (`LiveryClient.pause()`).
    func send(_ request: URLRequest, handle: RequestHandle = RequestHandle()) async throws(LiveryClientError) -> Response {
        let result: Result<Response, LiveryClientError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    handle.finish()
                    continuation.resume(returning: Self.result(data: data, response: response, error: error))
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    private static func result(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<Response, LiveryClientError> {
        if let error {
            if let error = error as? URLError {
                return .failure(error.code == .cancelled ? .cancelled : .unreachable(code: error.code, message: error.localizedDescription))
            }
            return .failure(.unreachable(code: .unknown, message: String(describing: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.invalidResponse("not an HTTP response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(Response(status: http.statusCode, headers: headers, body: data.map { [UInt8]($0) } ?? []))
    }
}

/// The URLSession task of one exchange, so that a cancellation arriving before, during or
/// after its start cancels it exactly when it exists.
final class RequestHandle: Sendable {
    private struct State: Sendable {
        var task: URLSessionDataTask?
        var cancelled = false
        var finished = false
        var pausedByClient = false
    }

    private let state = LockedState(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    /// Called from the completion handler: from then on the task must not be cancelled.
    func finish() {
        state.withLock { $0.finished = true }
    }

    /// Cancels the task unless it already completed. FoundationNetworking traps ("Trying to
    /// access a behaviour for a task that in not in the registry") when a task that has left
    /// its session's registry is cancelled; see also `LiveryClientConfiguration.defaultSession`.
    /// - Parameter pausing: the cancellation comes from `LiveryClient.pause()` (the exchange then
    ///   reports `.paused`, not `.cancelled`, however soon `resume()` follows).
    func cancel(pausing: Bool = false) {
        let task = state.withLock { state -> URLSessionDataTask? in
            state.cancelled = true
            state.pausedByClient = state.pausedByClient || pausing
            return state.finished ? nil : state.task
        }
        task?.cancel()
    }

    /// Whether `pause()` cancelled this request.
    var wasPaused: Bool { state.withLock { $0.pausedByClient } }
}
