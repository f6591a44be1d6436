#!/usr/bin/env bash
# OpenFeature's own Python SDK and OFREP provider against a `livery serve` built from this tree
# (every Tests/OpenFeature/*_test.py; Tests/Browser/livery_harness.py starts and stops the server).
# Installs PyPI's openfeature-sdk and openfeature-provider-ofrep when they are missing.
#
# Usage: scripts/openfeature-tests.sh      (a few seconds once livery is built)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
python3 -c 'import openfeature.contrib.provider.ofrep' 2>/dev/null \
  || python3 -m pip install --quiet --disable-pip-version-check 'openfeature-sdk>=0.8,<1' 'openfeature-provider-ofrep>=0.2,<1'
swift build --product livery >/dev/null
exec timeout 120 python3 -m unittest discover -v -s Tests/OpenFeature -p '*_test.py'
