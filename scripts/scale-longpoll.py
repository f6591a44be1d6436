#!/usr/bin/env python3
"""Long-poll fan-out client for scripts/scale-test.sh (127.0.0.1 only; not run in CI).

Opens N connections that each hold `GET PATH` with If-None-Match, waits until the servers'
/metrics say that many long-polls are held (`livery_waiting_long_polls`, summed), publishes one
version itself (so the clock starts at the publish), and reports when every waiter got its answer:
p50, p99 and the last, counted from the moment the publish was sent and from its acknowledgement.
Prints one JSON object on stdout; exits 1 unless every waiter was held and answered 200 with the
new ETag.
"""
import argparse
import asyncio
import json
import re
import sys
import time


async def read_response(reader):
    """Status, headers (lower-case names) and body of one HTTP/1.1 response."""
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionError("connection closed before an answer")
    arrived = time.monotonic()
    status = int(status_line.split()[1])
    headers = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    body = await reader.readexactly(length) if length else b""
    return arrived, status, headers, body


async def waiter(args, connect_gate, results):
    async with connect_gate:
        reader, writer = await asyncio.open_connection(args.host, args.port)
        head = (f"GET {args.path} HTTP/1.1\r\nHost: livery\r\nAccept-Encoding: gzip\r\n"
                f"If-None-Match: {args.etag}\r\n")
        if args.prefer_wait:
            head += f"Prefer: wait={args.prefer_wait}\r\n"
        writer.write((head + "\r\n").encode())
        await writer.drain()
    try:
        arrived, status, headers, _ = await read_response(reader)
        results.append((arrived, status, headers.get("etag", ""), headers.get("x-cache", "")))
    except (ConnectionError, asyncio.IncompleteReadError, OSError) as error:
        results.append((time.monotonic(), 0, str(error), ""))
    finally:
        writer.close()


async def held_long_polls(metrics_urls):
    total = 0
    for url in metrics_urls:
        match = re.match(r"http://([^:/]+):(\d+)(/.*)", url)
        reader, writer = await asyncio.open_connection(match.group(1), int(match.group(2)))
        writer.write(f"GET {match.group(3)} HTTP/1.1\r\nHost: livery\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        _, _, _, body = await read_response(reader)
        writer.close()
        found = re.search(rb"^livery_waiting_long_polls (\d+)", body, re.M)
        total += int(found.group(1)) if found else 0
    return total


async def publish(args):
    body = open(args.publish_body, "rb").read()
    reader, writer = await asyncio.open_connection(args.host, args.publish_port or args.port)
    writer.write((f"POST {args.publish_path} HTTP/1.1\r\nHost: livery\r\nAuthorization: Bearer {args.token}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
                 + body)
    await writer.drain()
    _, status, _, _ = await read_response(reader)
    writer.close()
    return status


def percentile(sorted_values, fraction):
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


async def main(args):
    results = []
    gate = asyncio.Semaphore(200)
    started = time.monotonic()
    tasks = [asyncio.create_task(waiter(args, gate, results)) for _ in range(args.n)]
    held = 0
    while time.monotonic() - started < args.hold_timeout:
        held = await held_long_polls(args.metrics)
        if held >= args.n or results:
            break
        await asyncio.sleep(0.2)
    held_after = time.monotonic() - started
    early = len(results)
    sent = time.monotonic()
    status = await publish(args)
    acknowledged = time.monotonic()
    done, pending = await asyncio.wait(tasks, timeout=args.wake_timeout)
    for task in pending:
        task.cancel()
    woken = sorted(arrived - sent for arrived, code, tag, _ in results if code == 200 and tag != args.etag)
    statuses = {}
    for _, code, _, _ in results:
        statuses[str(code)] = statuses.get(str(code), 0) + 1
    report = {
        "waiters": args.n, "held_before_publish": held, "seconds_to_hold_all": round(held_after, 2),
        "answered_before_publish": early, "publish_status": status,
        "publish_ack_ms": round((acknowledged - sent) * 1000, 1),
        "woken_200_new_etag": len(woken), "unanswered": len(pending), "statuses": statuses,
        "x_cache": sorted({cache for *_, cache in results if cache}),
    }
    if woken:
        report.update({
            "wake_ms_from_send": {"p50": round(percentile(woken, 0.5) * 1000, 1),
                                  "p99": round(percentile(woken, 0.99) * 1000, 1),
                                  "last": round(woken[-1] * 1000, 1)},
            "wake_ms_from_ack": {"p50": round((percentile(woken, 0.5) - (acknowledged - sent)) * 1000, 1),
                                 "last": round((woken[-1] - (acknowledged - sent)) * 1000, 1)},
        })
    print(json.dumps(report))
    ok = held >= args.n and early == 0 and len(woken) == args.n and status in (200, 201)
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True, help="where the long-polls go")
    parser.add_argument("--path", required=True, help="e.g. /v1/channels/scale/skin?wait=60")
    parser.add_argument("--etag", required=True, help="the current ETag (gzip representation)")
    parser.add_argument("--prefer-wait", type=int, default=0, help="send Prefer: wait=N as well")
    parser.add_argument("-n", type=int, required=True, help="number of waiters")
    parser.add_argument("--metrics", nargs="+", required=True, help="each server's /metrics URL")
    parser.add_argument("--token", required=True)
    parser.add_argument("--publish-port", type=int, default=0)
    parser.add_argument("--publish-path", required=True, help="e.g. /v1/skins/scale/versions")
    parser.add_argument("--publish-body", required=True, help="file with the next version")
    parser.add_argument("--hold-timeout", type=float, default=90)
    parser.add_argument("--wake-timeout", type=float, default=30)
    sys.exit(asyncio.run(main(parser.parse_args())))
