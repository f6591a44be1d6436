import TestProcessSetup

/// How the test process is set up (see the `TestProcessSetup` target): like `livery serve`, it
/// ignores SIGPIPE, so a write to a pipe or socket whose reader has gone returns EPIPE.
package enum TestProcess {
    package static var ignoresBrokenPipes: Bool { livery_test_process_ignores_sigpipe() != 0 }
}
