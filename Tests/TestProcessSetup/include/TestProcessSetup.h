#ifndef LIVERY_TEST_PROCESS_SETUP_H
#define LIVERY_TEST_PROCESS_SETUP_H

/// 1 when the process ignores SIGPIPE (set up at load by this target's constructor).
int livery_test_process_ignores_sigpipe(void);

#endif
