// OpenSSL's libssl (Debian: libssl-dev, which CLibCrypto already needs), for the TLS of webhook
// deliveries (docs/api.md, "Webhooks"): Livery's own client connects to the very address it
// checked, which a general HTTP client does not let it do.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

// SSL_set_tlsext_host_name is a macro, which Swift cannot call.
static inline int livery_ssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}
