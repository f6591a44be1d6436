#!/usr/bin/env bash
# Validates the OpenAPI document that the server embeds and serves at /openapi.json.
# Installs openapi-spec-validator (PyPI) when it is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

spec="Sources/LiveryServer/Resources/openapi.json"

if ! command -v openapi-spec-validator >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check 'openapi-spec-validator>=0.7'
fi

# The JSON must also parse strictly (no duplicate keys), which the validator does not check.
python3 - "$spec" <<'PY'
import json, sys
def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    dupes = {k for k in keys if keys.count(k) > 1}
    if dupes:
        raise SystemExit(f"{sys.argv[1]}: duplicate keys {sorted(dupes)}")
    return dict(pairs)
with open(sys.argv[1], encoding="utf-8") as f:
    json.load(f, object_pairs_hook=no_duplicates)
PY

openapi-spec-validator "$spec"
