/// Starts libFuzzer from a fuzz target's entry point (ParserFuzz, SkinFuzz).
///
/// SwiftPM links an executable target's entry point as `<Target>_main` (aliased to `main`), which
/// keeps libFuzzer's own `main` out of the link; so each target's `<Target>_main` starts
/// libFuzzer's driver through ``runLibFuzzer(_:_:_:)`` with its `LLVMFuzzerTestOneInput`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the process's arguments, calling `one` for each input. - Returns: its exit status.
public func runLibFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ one: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, one)
}
