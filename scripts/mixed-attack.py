#!/usr/bin/env python3
"""The mixed attack of scripts/mixed-attack.sh (docs/operations.md, "Limits"): every hostile
input of issue 33 at once against one server, while a publisher publishes every second and a
reader reads a cached document. Stdlib only. Prints one JSON object with the figures.

  mixed-attack.py --port P --token DESIGNER --admin ADMIN --pid PID --database FILE [--duration 60]
"""
import argparse
import asyncio
import json
import os
import random
import time


def percentile(values, share):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def request(port, method, target, body=b"", headers=(), timeout=30):
    """One request on its own connection: (status, seconds)."""
    started = time.monotonic()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
        head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {len(body)}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers)
        writer.write(head.encode() + b"\r\n" + body)
        await writer.drain()
        status_line = await asyncio.wait_for(reader.readline(), timeout)
        await asyncio.wait_for(reader.read(), timeout)
        writer.close()
        status = int(status_line.split()[1]) if status_line else 0
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, IndexError, ValueError):
        status = 0
    return status, time.monotonic() - started


class Figures:
    def __init__(self):
        self.latencies = {}   # name -> [seconds]
        self.statuses = {}    # name -> {status: count}

    def add(self, name, status, seconds):
        self.latencies.setdefault(name, []).append(seconds)
        counts = self.statuses.setdefault(name, {})
        counts[status] = counts.get(status, 0) + 1


async def until(deadline, body):
    while time.monotonic() < deadline:
        await body()


def skin(tint, tokens=40):
    colours = ", ".join(f'"c{n}": {{"$value": "lighten({{color.tint}}, 0.{n % 90 + 10})"}}' for n in range(tokens))
    return json.dumps({"color": {"$type": "color", "tint": {"$value": tint}}}).replace(
        '"tint": {"$value": "%s"}}' % tint, '"tint": {"$value": "%s"}, %s}' % (tint, colours)).encode()


async def main():
    parser = argparse.ArgumentParser()
    for name in ("--port", "--pid"):
        parser.add_argument(name, type=int, required=True)
    for name in ("--token", "--admin", "--database"):
        parser.add_argument(name, required=True)
    parser.add_argument("--duration", type=float, default=60)
    args = parser.parse_args()
    port, designer, admin = args.port, [("Authorization", f"Bearer {args.token}")], [("Authorization", f"Bearer {args.admin}")]
    figures = Figures()
    deadline = time.monotonic() + args.duration
    published = []

    def database_bytes():
        return sum(os.path.getsize(args.database + suffix) for suffix in ("", "-wal", "-shm") if os.path.exists(args.database + suffix))

    def peak_rss_kib():
        with open(f"/proc/{args.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))

    size_before = database_bytes()

    # The honest users.
    async def publisher():
        status, seconds = await request(port, "POST", "/v1/skins/site/versions", skin(f"#{random.randrange(1 << 24):06x}"), designer + [("Content-Type", "application/json")], timeout=60)
        figures.add("publish", status, seconds)
        if status == 201:
            published.append(1)
        await asyncio.sleep(max(0, 1 - seconds))

    async def reader():
        status, seconds = await request(port, "GET", "/v1/channels/default/skin")
        figures.add("read", status, seconds)
        await asyncio.sleep(0.05)

    async def ready():
        status, seconds = await request(port, "GET", "/readyz")
        figures.add("readyz", status, seconds)
        await asyncio.sleep(0.2)

    # The attacks (issue 33's list), each in a loop of its own.
    counter = iter(range(10 ** 9))
    long_name = "x" * 7_800

    async def junk_channels():  # anonymous client= on channels that do not exist, 7.8 KB names
        status, seconds = await request(port, "GET", f"/v1/channels/{long_name}{next(counter)}/skin?client=ios/1.0.{next(counter)}")
        figures.add("attack: junk channels", status, seconds)

    async def junk_builds():  # distinct builds on a real channel: the counter's table and the hot document
        status, seconds = await request(port, "GET", f"/v1/channels/default/skin?client=android/9.{next(counter) % 999999}.0")
        figures.add("attack: distinct builds", status, seconds)

    async def variant_lists():  # dark, dark,dark, dark,highContrast,dark, … (a few canonical looks)
        n = next(counter) % 50 + 1
        names = [random.choice(["dark", "highContrast"]) for _ in range(n)]
        status, seconds = await request(port, "GET", "/v1/channels/default/skin?variant=" + ",".join(names))
        figures.add("attack: variant lists", status, seconds)

    async def ofrep_drip():  # OFREP POSTs declaring 8 MiB and sending a byte at a time
        started = time.monotonic()
        try:
            reader_, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"POST /ofrep/v1/evaluate/flags HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 8388608\r\nExpect: 100-continue\r\n\r\n")
            await writer.drain()
            line = await asyncio.wait_for(reader_.readline(), 10)
            status = int(line.split()[1]) if line else 0
            while status == 100 and time.monotonic() < deadline:
                writer.write(b" ")
                await writer.drain()
                await asyncio.sleep(2)
            writer.close()
        except (OSError, asyncio.TimeoutError, IndexError, ValueError):
            status = 0
        figures.add("attack: OFREP drip", status, time.monotonic() - started)
        await asyncio.sleep(0.5)

    async def ofrep_contexts():  # OFREP with ever-new contexts
        body = json.dumps({"context": {"targetingKey": f"u{next(counter)}", "platform": "ios", "appVersion": f"2.{next(counter) % 999}.0"}}).encode()
        status, seconds = await request(port, "POST", "/ofrep/v1/evaluate/flags", body, [("Content-Type", "application/json")])
        figures.add("attack: OFREP contexts", status, seconds)

    big = skin("#336699", tokens=3_000)

    async def validations():  # heavy work by a designer
        status, seconds = await request(port, "POST", "/v1/skins/site/validate", big, designer + [("Content-Type", "application/json")], timeout=60)
        figures.add("attack: validations", status, seconds)

    async def contrast():  # anonymous uncached computations
        status, seconds = await request(port, "GET", f"/v1/skins/demo/contrast?background=%23{random.randrange(1 << 24):06x}")
        figures.add("attack: /contrast", status, seconds)

    async def huge_builds_put():  # a channel PUT with far too many builds entries
        entries = [{"platform": "ios", "versions": f"={n}.0.0", "skin": "demo", "version": 1} for n in range(5_000)]
        body = json.dumps({"skin": "demo", "version": 1, "builds": entries}).encode()
        status, seconds = await request(port, "PUT", "/v1/channels/attack", body, designer + [("Content-Type", "application/json")])
        figures.add("attack: builds PUT", status, seconds)
        await asyncio.sleep(0.5)

    async def huge_contract():  # a contract far past the entry limit
        body = json.dumps({"tokens": {f"t.{n}": "color" for n in range(60_000)}, "styles": [], "images": []}).encode()
        status, seconds = await request(port, "PUT", f"/v1/contracts/web/{next(counter) % 999}.0.0", body, designer + [("Content-Type", "application/json")])
        figures.add("attack: huge contract", status, seconds)
        await asyncio.sleep(0.5)

    async def history_puts():  # channel history with builds lists
        entries = [{"platform": "web", "versions": f"={n}.0.0", "skin": "demo", "version": 1} for n in range(60)]
        body = json.dumps({"skin": "demo", "version": 1, "builds": entries}).encode()
        status, seconds = await request(port, "PUT", "/v1/channels/history", body, designer + [("Content-Type", "application/json")])
        figures.add("attack: history PUTs", status, seconds)
        await asyncio.sleep(0.2)

    loops = [publisher, reader, reader, ready]
    loops += [junk_channels] * 4 + [junk_builds] * 4 + [variant_lists] * 2 + [ofrep_drip] * 8 + [ofrep_contexts] * 2
    loops += [validations] * 3 + [contrast] * 8 + [huge_builds_put, huge_contract, history_puts]
    await asyncio.gather(*(until(deadline, loop) for loop in loops))

    # Nothing lost: every acknowledged publish is a version.
    reader_, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /v1/skins/site HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {args.token}\r\n\r\n".encode())
    answer = (await reader_.read()).split(b"\r\n\r\n", 1)[1]
    detail = json.loads(answer)
    stored = detail.get("latestVersion") or len(detail.get("versions", []))

    result = {
        "seconds": args.duration,
        "publishes acknowledged": len(published), "versions stored": stored,
        "peak RSS MiB": round(peak_rss_kib() / 1024, 1),
        "database growth MiB": round((database_bytes() - size_before) / 1_048_576, 2),
    }
    for name in sorted(figures.latencies):
        values = figures.latencies[name]
        result[name] = {"requests": len(values), "p50 ms": round(percentile(values, 0.5) * 1000, 1),
                        "p99 ms": round(percentile(values, 0.99) * 1000, 1), "statuses": figures.statuses[name]}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    asyncio.run(main())
