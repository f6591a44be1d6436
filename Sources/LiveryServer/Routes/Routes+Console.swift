import HTTPEngine

/// docs/api.md, "The designers' console": `GET /` and `/console/{file}`, the designers' console. Public like `/openapi.json`:
/// the files hold no data; the page asks for a designer token before it lists or writes anything.
extension Routes {
    func registerConsoleRoutes(_ router: inout RouteTable) {
        router.get("/") { request, _, _ in
            .respond(ConsoleAssets.index.response(for: request))
        }
        router.get("/console/{file}") { request, parameters, _ in
            let name = parameters.text("file") ?? ""
            guard let file = ConsoleAssets.files[name] else {
                return .respond(Problem.notFound("The console has no file \(name).").response)
            }
            return .respond(file.response(for: request))
        }
    }
}
