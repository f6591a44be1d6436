# Varnish (7.1, Debian 12) as the CDN-style cache in front of Livery (docs/operations.md).
#
#   varnishd -a 127.0.0.1:6081 -f $PWD/deploy/varnish.vcl -s malloc,256m
#
# Launches (GET of a resolved document without `wait`) are cached for the shared lifetime Livery
# sends when `http.sharedMaxAge` is set: `Cache-Control: public, no-cache, s-maxage=N,
# stale-while-revalidate=M`. Apps revalidate every launch (`no-cache` binds them, and Varnish
# answers their If-None-Match itself with a 304); Varnish fetches from Livery at most once per N
# seconds per document and representation, and serves the old document for M more seconds
# while it fetches the new one.
#
# Long-polls must never be cached or coalesced, and must reach Livery with their If-None-Match:
# a stock Varnish on a miss strips it (every long-poll returns at once), and request coalescing
# releases held requests one by one. So they are passed by URL: apps use `?wait=N` (docs/api.md).
vcl 4.1;

import std;

backend livery {
    # HAProxy (deploy/haproxy.cfg) or a single Livery process.
    .host = "127.0.0.1";
    .port = "8000";
    # A passed long-poll waits up to longPoll.maxWait (60 s) for its first byte.
    .first_byte_timeout = 75s;
    .between_bytes_timeout = 75s;
    .connect_timeout = 5s;
    .probe = {
        .request = "GET /readyz HTTP/1.1" "Host: livery" "Connection: close";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
    }
}

sub vcl_recv {
    # Long-polls: straight to Livery, If-None-Match intact, never cached, never coalesced.
    if (req.url ~ "[?&]wait=") {
        return (pass);
    }
    # A Prefer: wait=N long-poll cannot be told apart by URL; pass it too (clients behind a
    # cache should use ?wait=N, which a CDN without custom rules can also be told to pass).
    if (req.http.Prefer ~ "(?i)wait=") {
        return (pass);
    }
    # Writes, tokens and operator endpoints are Livery's business alone.
    if ((req.method != "GET" && req.method != "HEAD") || req.http.Authorization) {
        return (pass);
    }
    if (req.url ~ "^/(healthz|readyz|metrics)") {
        return (pass);
    }
    # Everything else (launches, assets, /openapi.json) goes through the built-in rules.
}

sub vcl_backend_response {
    # Livery's shared lifetime: Varnish already took the TTL from s-maxage; make
    # stale-while-revalidate the grace, and skip the built-in rule that refuses to cache any
    # answer whose Cache-Control says no-cache (for apps, not for this cache).
    if (beresp.http.Cache-Control ~ "s-maxage=") {
        if (beresp.http.Cache-Control ~ "stale-while-revalidate=\d+") {
            set beresp.grace = std.duration(
                regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=(\d+).*", "\1") + "s", 0s);
        }
        return (deliver);
    }
    # Long-poll answers are no-store anyway; nothing else of Livery's needs special handling.
}

sub vcl_deliver {
    # For measurements: whether Varnish answered from its cache.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
