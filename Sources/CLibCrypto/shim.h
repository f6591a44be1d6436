// OpenSSL's libcrypto (Debian: libssl-dev; libpq already links it), for SHA-256 and HMAC-SHA256.
// Livery needs nothing else from a cryptography library, and the system's copy spares every
// fresh build compiling one (docs/architecture.md, "Dependencies"). On macOS, Homebrew's
// openssl@3 is found through pkg-config (Package.swift: pkgConfig "libcrypto").
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/crypto.h>
