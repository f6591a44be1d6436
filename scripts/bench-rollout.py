#!/usr/bin/env python3
"""Rollout fan-out (docs/api.md "Rollouts, schedules and rollback", issue 12): N long-polls spread evenly over the 100 buckets of one
channel, each holding its own bucket's ETag; one PUT moves the rollout from FROM to TO percent.
Reports which buckets were answered within WINDOW seconds (exactly TO-FROM buckets' waiters
must be, and no other), the time from just before the PUT until the last of them had its 200,
and the server's RSS per held request. Stdlib only.

  bench-rollout.py --port P --token T --pid SERVER_PID [-n 10000] [--procs 2] [--from 10] [--to 20]
"""
import argparse
import asyncio
import json
import multiprocessing as mp
import os
import resource
import sys
import time
import urllib.request

CHANNEL = "bench"


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def put_rollout(port, token, percent):
    body = json.dumps({"skin": "base", "version": 1, "rollout": {"skin": "next", "version": 1, "percent": percent}}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/channels/{CHANNEL}", data=body, method="PUT",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        response.read()
        return response.status


def tag_of(port, bucket):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/channels/{CHANNEL}/skin?bucket={bucket}",
                                     headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as response:
        response.read()
        return response.headers["ETag"]


async def hold(port, requests, sent, answers):
    """Opens one connection per request (at most 256 connecting at once), sends it, and records
    (bucket, status, monotonic time) when its response head arrives."""
    gate = asyncio.Semaphore(256)

    async def one(bucket, raw):
        async with gate:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(raw)
            await writer.drain()
        sent.append(1)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            answers.append((bucket, int(head.split(b" ", 2)[1]), time.monotonic()))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    return [asyncio.ensure_future(one(b, r)) for b, r in requests]


def worker(port, requests, ready, stop, results):
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    sent, answers = [], []

    async def main():
        tasks = await hold(port, requests, sent, answers)
        while len(sent) < len(requests):
            await asyncio.sleep(0.01)
        ready.put(len(sent))
        while stop.empty():
            await asyncio.sleep(0.005)
        results.put(list(answers))
        for task in tasks:
            task.cancel()

    asyncio.run(main())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("-n", type=int, default=10000)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--from", dest="start", type=int, default=10)
    parser.add_argument("--to", type=int, default=20)
    parser.add_argument("--window", type=float, default=2.0)
    parser.add_argument("--settle", type=float, default=3.0)
    args = parser.parse_args()

    put_rollout(args.port, args.token, args.start)
    tags = {bucket: tag_of(args.port, bucket) for bucket in range(100)}
    print(f"# distinct documents over the 100 buckets at {args.start} %: {len(set(tags.values()))}")
    requests = []
    for i in range(args.n):
        bucket = i % 100
        raw = (f"GET /v1/channels/{CHANNEL}/skin?bucket={bucket}&wait=60 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               f"Accept-Encoding: gzip\r\nIf-None-Match: {tags[bucket]}\r\n\r\n").encode()
        requests.append((bucket, raw))
    before = rss_kb(args.pid)
    ready, results = mp.Queue(), mp.Queue()
    shares = [requests[i::args.procs] for i in range(args.procs)]
    stops = [mp.Queue() for _ in shares]
    procs = [mp.Process(target=worker, args=(args.port, share, ready, stops[i], results)) for i, share in enumerate(shares)]
    for proc in procs:
        proc.start()
    held = sum(ready.get(timeout=120) for _ in procs)
    time.sleep(args.settle)
    holding = rss_kb(args.pid)
    t0 = time.monotonic()
    status = put_rollout(args.port, args.token, args.to)
    put_done = time.monotonic()
    time.sleep(args.window)
    for queue in stops:
        queue.put(1)
    answers = []
    for _ in procs:
        answers += results.get(timeout=60)
    for proc in procs:
        proc.join(timeout=10)

    expected = set(range(args.start, args.to))
    woken = [a for a in answers if a[2] >= t0]
    early = len(answers) - len(woken)
    wrong = [a for a in woken if a[0] not in expected or a[1] != 200]
    right = [a for a in woken if a[0] in expected and a[1] == 200]
    latencies = sorted((a[2] - t0) * 1000 for a in right)
    want = args.n * len(expected) // 100
    print(f"# held {held} long-polls over 100 buckets ({args.n // 100} per bucket); server RSS {before} -> {holding} kB "
          f"= {(holding - before) * 1024 / max(held, 1):.0f} B per held request")
    print(f"# PUT rollout {args.start} -> {args.to} %: status {status}, {1000 * (put_done - t0):.1f} ms for the PUT itself")
    print(f"# answered within {args.window:.1f} s: {len(woken)} (expected exactly {want}, buckets {args.start}-{args.to - 1}); "
          f"answered before the PUT: {early}; outside those buckets or not 200: {len(wrong)}")
    if latencies:
        print(f"# from just before the PUT: first {latencies[0]:.1f} ms, median {latencies[len(latencies) // 2]:.1f} ms, "
              f"last (100 % of {len(right)}) {latencies[-1]:.1f} ms")
    ok = len(right) == want and not wrong and early == 0
    print("# RESULT:", "exactly the expected waiters were answered" if ok else "MISMATCH")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
