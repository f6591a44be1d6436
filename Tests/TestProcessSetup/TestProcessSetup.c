// The test process is set up as `livery serve` sets up its own (ServeCommand): SIGPIPE ignored.
//
// `swift test` runs every suite in one process, and the suites host servers, log writers,
// change monitors and readiness pipes in it. A write to a pipe or socket whose other end has
// gone raises SIGPIPE unless the process ignores it; the server process does, but the test
// process did not, and one such write during a full run (signal 13) killed every suite still
// running. A constructor, because Swift Testing has no hook that runs before the first suite.
#include <signal.h>
#include <stddef.h>
#include "TestProcessSetup.h"

__attribute__((constructor)) static void livery_test_process_setup(void) {
    signal(SIGPIPE, SIG_IGN);
}

int livery_test_process_ignores_sigpipe(void) {
    struct sigaction current;
    if (sigaction(SIGPIPE, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_IGN;
}
