# syntax=docker/dockerfile:1
#
# Livery's container image: a release build of `livery` on a slim Debian runtime.
#
#   docker build -t livery .
#   docker run -p 8080:8080 -v livery-data:/data livery
#
# The runtime stage has only what the binary links dynamically: the Swift runtime and
# Foundation are linked statically (--static-swift-stdlib), SQLite, libpq (PostgreSQL), libcrypto (SHA-256) and zlib come from
# Debian, and glibc, libstdc++ and libgcc_s are already in debian:bookworm-slim. libcurl is
# there because FoundationNetworking (URLSession) sits on it: `livery get`, `watch`, `publish`
# and `activate` talk to a server through LiveryClient/URLSession. The server itself never
# uses it.
# scripts/runtime-image-test.sh proves this stage without a Docker engine: it builds the
# binary the same way and serves from a debootstrap'd bookworm with only these packages.

# The builder and the runtime must be the same Debian release (bookworm), so the glibc,
# libsqlite3 and zlib the binary was linked against are the ones it runs with.
# Developed and verified with Swift 6.3.1 (the build machines' toolchain), so that is the
# default; older toolchains are untested (swift-tools-version says 6.1 at least).
ARG SWIFT_VERSION=6.3

# ---------------------------------------------------------------------------- builder
FROM swift:${SWIFT_VERSION}-bookworm AS builder

RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libpq-dev libssl-dev zlib1g-dev libqrencode-dev libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src

# Dependencies first: this layer is reused until Package.swift (or Package.resolved) changes.
COPY Package.swift Package.resolved* ./
RUN swift package resolve

COPY . .
RUN swift build -c release --static-swift-stdlib --product livery \
    && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/livery" /out/livery \
    && strip --strip-debug /out/livery

# ---------------------------------------------------------------------------- runtime
FROM debian:bookworm-slim

# Only the shared libraries the binary needs (check with `ldd /usr/local/bin/livery`).
# No ca-certificates (the server speaks plain HTTP; TLS ends at the proxy) and no tzdata
# (logs and timestamps are UTC).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 libssl3 zlib1g libqrencode4 libcurl4 \
    && rm -rf /var/lib/apt/lists/*

# A fixed, non-root uid/gid so that volume ownership is predictable across rebuilds.
RUN groupadd --system --gid 10001 livery \
    && useradd --system --uid 10001 --gid livery --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin livery \
    && install -d -o livery -g livery -m 0750 /data

COPY --from=builder /out/livery /usr/local/bin/livery

ENV LIVERY_DATABASE=/data/livery.sqlite \
    LIVERY_HOST=0.0.0.0
VOLUME ["/data"]
WORKDIR /data
USER livery:livery
EXPOSE 8080

# SIGTERM starts the graceful shutdown (stop accepting, answer held long-polls, finish
# in-flight requests within shutdown.grace, default 10 s); give `docker stop -t` more than that.
STOPSIGNAL SIGTERM

# `livery health` GETs /healthz itself over a plain socket (no curl in the image) and
# exits 0 on 200; it targets http://127.0.0.1:$LIVERY_PORT (default 8080).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["livery", "health", "--timeout", "3"]

ENTRYPOINT ["livery"]
CMD ["serve"]
