import ArgumentParser

/// The draft a `livery draft` subcommand acts on, and the revision it must still be at: shared
/// so every subcommand names them, and reads `--if-match`, the same way.
struct DraftTarget: ParsableArguments {
    @Argument(help: "The draft's id.")
    var id: String

    @Option(
        name: .customLong("if-match"),
        help: ArgumentHelp("Only if the draft is still at this revision: its tag as a save prints it (\"d3\", d3 or 3).", valueName: "tag"))
    var ifMatch: String?

    /// The requests for this draft.
    func client(_ server: ServerOptions) -> DraftClient { DraftClient(options: server, id: id) }
}

/// Only the draft's id, for the subcommands that change nothing (`show`, `preview-link`).
struct DraftID: ParsableArguments {
    @Argument(help: "The draft's id.")
    var id: String
}
