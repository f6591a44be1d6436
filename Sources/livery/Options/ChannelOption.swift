import ArgumentParser

/// `--channel`, shared by the commands that change or read one channel.
struct ChannelOption: ParsableArguments {
    @Option(help: "The channel, e.g. default.")
    var channel: String = "default"
}
