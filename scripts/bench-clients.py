#!/usr/bin/env python3
"""Launch load for scripts/bench-clients.sh: keep-alive GETs of a channel's skin, with
`client=` spread over 50 builds or without it, for DURATION seconds. Prints one JSON line:
{"requests": n, "errors": n, "seconds": s}. Stdlib only.

  bench-clients.py --port P --mode plain|clients [--duration 10] [--connections 16] [--procs 2]
"""
import argparse
import asyncio
import json
import multiprocessing as mp
import time

PLATFORMS = ["ios", "android", "web", "macos", "other"]
BUILDS = [f"{PLATFORMS[i % 5]}/3.{i // 5}.{i % 3}" for i in range(50)]


async def connection(port, mode, deadline, index, counts):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    n = index
    while time.monotonic() < deadline:
        query = f"?client={BUILDS[n % len(BUILDS)]}" if mode == "clients" else ""
        n += 1
        writer.write((f"GET /v1/channels/bench/skin{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      "Accept-Encoding: gzip\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        if length:
            await reader.readexactly(length)
        if head.startswith(b"HTTP/1.1 200"):
            counts[0] += 1
        else:
            counts[1] += 1
    writer.close()


def worker(port, mode, duration, connections, offset, queue):
    counts = [0, 0]

    async def run():
        deadline = time.monotonic() + duration
        await asyncio.gather(*(connection(port, mode, deadline, offset + i * 7, counts) for i in range(connections)))

    asyncio.run(run())
    queue.put(counts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--mode", choices=["plain", "clients"], required=True)
    parser.add_argument("--duration", type=float, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args()
    queue = mp.Queue()
    start = time.monotonic()
    procs = [mp.Process(target=worker, args=(args.port, args.mode, args.duration, args.connections, p * 1000, queue))
             for p in range(args.procs)]
    for proc in procs:
        proc.start()
    results = [queue.get() for _ in procs]
    for proc in procs:
        proc.join()
    print(json.dumps({"requests": sum(r[0] for r in results), "errors": sum(r[1] for r in results),
                      "seconds": round(time.monotonic() - start, 3)}))


if __name__ == "__main__":
    main()
