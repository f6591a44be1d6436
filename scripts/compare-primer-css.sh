#!/usr/bin/env bash
# Livery's `format=css` for GitHub Primer against the CSS Primer itself ships (issue 25): publishes
# the corpus's `github-primer.resolver.json` (the bundle `livery publish` sends) to a temporary
# server, fetches `format=css` for the light and dark themes, and compares every custom property
# with Primer's `dist/css/functional/themes/{light,dark}.css` (plus the size and typography files
# found beside them), printing each difference: properties only one side has, and values that
# differ (colours compared as 8-bit RGBA, so `#fff` equals `#ffffff` and `rgba(…)` equals hex).
#
# Usage: scripts/compare-primer-css.sh PRIMER_CSS_DIR [EXAMPLES=../shared/corpus/dtcg/dtcg-examples]
#   PRIMER_CSS_DIR is Primer's `dist/css` as fetched (e.g. into /tmp; never commit Primer's files):
#   it must hold functional/themes/light.css and dark.css; base/ and functional/size|typography are
#   used when present. LIVERY=path/to/livery (default: a release build, built if missing).
#   Exits 0 whatever the differences (it reports; it does not judge).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PRIMER="${1:?usage: compare-primer-css.sh PRIMER_CSS_DIR [EXAMPLES]}"
EXAMPLES="${2:-$ROOT/../shared/corpus/dtcg/dtcg-examples}"
[ -f "$PRIMER/functional/themes/light.css" ] || { echo "$(basename "$0"): no functional/themes/light.css under $PRIMER" >&2; exit 2; }
[ -f "$EXAMPLES/github-primer.resolver.json" ] || { echo "$(basename "$0"): no github-primer.resolver.json in $EXAMPLES" >&2; exit 2; }
source "$ROOT/scripts/lib/temporary-server.sh" primer-css

"$LIVERY" publish "$EXAMPLES/github-primer.resolver.json" --skin primer --server "$URL" --token "$TOKEN" >/dev/null
for theme in light dark; do
  curl -fsS "$URL/v1/skins/primer/resolved?format=css&variant=$theme" >"$WORK/livery-$theme.css"
done
python3 "$ROOT/scripts/lib/compare_css.py" "$PRIMER" "$WORK"
