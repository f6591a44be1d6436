// libpq, PostgreSQL's C client library (Debian: libpq-dev). On Debian included by its path
// under /usr/include so that no pkg-config lookup is needed; its own headers sit next to it.
// Elsewhere (macOS: Homebrew's keg-only libpq) the header is at the top of an include directory
// that pkg-config names (Package.swift: pkgConfig "libpq"; PKG_CONFIG_PATH must point at
// $(brew --prefix libpq)/lib/pkgconfig).
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif
