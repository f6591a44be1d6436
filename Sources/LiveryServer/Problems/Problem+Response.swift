import HTTPEngine

extension Problem {
    /// The problem as an `application/problem+json` response, with its extra headers.
    package var response: HTTPResponse {
        var response = HTTPResponse(
            status: HTTPStatus(status),
            headers: [HTTPField("Content-Type", "application/problem+json"), HTTPField("Cache-Control", "no-store")]
                + headers.map { HTTPField($0.0, $0.1) },
            bytes: body)
        response.cause = cause
        return response
    }
}
