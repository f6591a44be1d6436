#!/usr/bin/env python3
"""Do queued webhook deliveries slow a cached launch? (docs/operations.md, "The webhook outbox")

Starts `livery serve` (a release build: LIVERY_BIN, default .build/release/livery) on a fresh
database with webhooks.allowPrivateTargets, and a slow receiver on 127.0.0.1 that holds every
delivery for --receiver-delay seconds and answers 503, so deliveries stay queued and retried.
Then measures cached launches (keep-alive GETs of a channel's skin) twice in the same run:
without a backlog, and with --backlog deliveries queued (10 webhooks x backlog/10 publishes).
Prints, for each, requests, req/s, the server's CPU per request (utime+stime from /proc) and
p50/p99 latency, and the outbox's state. Stdlib only; only 127.0.0.1 is loaded.

  scripts/bench-webhooks.py [--backlog 1000] [--duration 10] [--connections 16]
"""
import argparse
import asyncio
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def request(port, method, path, token=None, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def slow_receiver(delay):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            time.sleep(delay)
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


async def launches(port, duration, connections):
    latencies = []
    errors = 0
    deadline = time.monotonic() + duration

    async def one():
        nonlocal errors
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while time.monotonic() < deadline:
            started = time.perf_counter()
            writer.write(b"GET /v1/channels/bench/skin HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n")
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - started)
            if not head.startswith(b"HTTP/1.1 200"):
                errors += 1
        writer.close()

    await asyncio.gather(*(one() for _ in range(connections)))
    return latencies, errors


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(label, pid, port, args):
    before = cpu_seconds(pid)
    latencies, errors = asyncio.run(launches(port, args.duration, args.connections))
    cpu = cpu_seconds(pid) - before
    latencies.sort()
    n = len(latencies)
    p = lambda q: latencies[min(n - 1, int(q * n))] * 1000
    print(f"{label:<22} {n:>9} {n / args.duration:>9.0f} {cpu * 1e6 / max(n, 1):>12.1f} {p(0.5):>8.2f} {p(0.99):>8.2f}"
          + (f"  errors {errors}" if errors else ""), flush=True)


def outbox(port, token, webhooks):
    states = {}
    for webhook in webhooks:
        _, body = request(port, "GET", f"/v1/webhooks/{webhook}/deliveries", token)
        for delivery in json.loads(body)["deliveries"]:
            states[delivery["state"]] = states.get(delivery["state"], 0) + 1
    return states


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backlog", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--receiver-delay", type=float, default=2.0)
    args = parser.parse_args()
    binary = os.environ.get("LIVERY_BIN", os.path.join(ROOT, ".build/release/livery"))
    work = tempfile.mkdtemp()
    database = os.path.join(work, "livery.sqlite")
    env = dict(os.environ, LIVERY_WEBHOOKS_ALLOW_PRIVATE_TARGETS="true", LIVERY_LOG_LEVEL="warning")
    server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", database],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        port = None
        for line in server.stdout:
            found = re.search(r"listening on http://[0-9.]+:([0-9]+)", line)
            if found:
                port = int(found.group(1))
                break
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        created = subprocess.run([binary, "token", "create", "--name", "bench", "--role", "admin", "--database", database],
                                 capture_output=True, text=True, check=True)
        token = created.stdout.strip().splitlines()[-1]
        request(port, "PUT", "/v1/channels/bench", token, {"skin": "demo", "version": None})
        request(port, "GET", "/v1/channels/bench/skin")
        print(f"# livery pid {server.pid}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start; "
              f"{args.connections} connections, {args.duration:.0f} s per run", flush=True)
        print(f"{'run':<22} {'requests':>9} {'req/s':>9} {'cpu-us/req':>12} {'p50 ms':>8} {'p99 ms':>8}", flush=True)
        measure("no backlog", server.pid, port, args)

        receiver = slow_receiver(args.receiver_delay)
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        webhooks = []
        for _ in range(10):
            status, body = request(port, "POST", "/v1/webhooks", token, {"url": url, "events": ["publish"], "secret": "bench-secret-0123456789"})
            assert status == 201, body
            webhooks.append(json.loads(body)["id"])
        started = time.monotonic()
        for n in range(args.backlog // 10):
            status, body = request(port, "POST", "/v1/skins/load/versions", token,
                                   {"color": {"$type": "color", "tint": {"$value": f"#{n % 256:02x}0000"}}})
            assert status == 201, body
        print(f"# {args.backlog} deliveries queued in {time.monotonic() - started:.1f} s; outbox {outbox(port, token, webhooks)}", flush=True)
        measure(f"{args.backlog} queued", server.pid, port, args)
        print(f"# outbox after: {outbox(port, token, webhooks)}", flush=True)
        receiver.shutdown()
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
