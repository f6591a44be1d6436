#!/usr/bin/env bash
# Browser tests (every Tests/Browser/*_test.py; today the web client, /v1/client.js) in headless
# Chromium through Selenium, each against its own
# `livery serve` built from this tree (Tests/Browser/livery_harness.py starts and stops it).
# Needs Debian's chromium and chromium-driver and PyPI's selenium; .ci/run installs them.
#
# Usage: scripts/browser-tests.sh      (a few minutes once livery is built: three design systems
# are published and drawn; console_timing_test.py is skipped unless LIVERY_TIMING=1)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift build --product livery >/dev/null
exec timeout 900 python3 -m unittest discover -v -s Tests/Browser -p '*_test.py'
