// libpq, PostgreSQL's C client library (Debian: libpq-dev). Included by its path under
// /usr/include so that no pkg-config lookup is needed; its own headers sit next to it.
#include <postgresql/libpq-fe.h>
