#!/usr/bin/env bash
# Runs the README's walkthrough as a newcomer would paste it: the bash blocks between
# <!-- walkthrough:start --> and <!-- walkthrough:end -->, in order, in one shell with
# `set -euo pipefail`, against a fresh API on a free port (embedded database in memory, the
# bootstrap credentials as the app's client credentials), then checks the final leaderboard and
# points. Also checks that the README links only files inside the repository and that its copy
# of the typed-client example is the file it runs.
# Part of `npm test` through apps/api/test/readme-walkthrough.e2e-spec.ts.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
WORK=$(mktemp -d)
SERVER=''
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "readme-walkthrough: $*" >&2; exit 1; }

# The bash blocks of the walkthrough, in order.
awk '/<!-- walkthrough:start/ { on = 1 } /<!-- walkthrough:end/ { on = 0 }
     on && /^```bash$/ { block = 1; next } block && /^```$/ { block = 0; print ""; next } block { print }' README.md > "$WORK/walkthrough.sh"
[ "$(grep -c . "$WORK/walkthrough.sh")" -gt 10 ] || fail "no walkthrough blocks found in README.md"

# The README's copy of the example (the ts block after its <!-- example: --> line) is the file step 9 runs.
awk '/<!-- example: clients\/typescript\/examples\/leaderboard.ts/ { on = 1; next }
     on && /^```ts$/ { block = 1; next } block && /^```$/ { exit } block { print }' README.md > "$WORK/example.ts"
diff -u clients/typescript/examples/leaderboard.ts "$WORK/example.ts" \
  || fail "the README's copy of clients/typescript/examples/leaderboard.ts differs from the file"

# The README links only files inside the repository (a fresh clone has nothing beside it).
grep -oE '\]\([^)#]+' README.md | cut -c3- | grep -vE '^(https?|mailto):' | while read -r link; do
  target=$(realpath -m "$link")
  case "$target" in "$ROOT"/*) [ -e "$target" ] || fail "README.md links $link, which does not exist" ;;
    *) fail "README.md links $link, outside the repository" ;; esac
done

# A fresh API on a free port: embedded database in memory, a bootstrap app whose credentials the
# walkthrough uses (step 0 reads demo-credentials.json only when CLIENT_ID/CLIENT_SECRET are unset).
PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
export CLIENT_ID="readme-walkthrough-$PORT"
CLIENT_SECRET=$(node -pe 'require("crypto").randomBytes(24).toString("base64url")')
export CLIENT_SECRET
env -u DATABASE_URL -u RATE_LIMIT_REDIS_URL PORT="$PORT" DATA_DIR=memory://readme-walkthrough DEMO_APP=false LOG_LEVEL=warn SANDBOX_PORT=0 \
  BOOTSTRAP_CLIENT_ID="$CLIENT_ID" BOOTSTRAP_CLIENT_SECRET="$CLIENT_SECRET" TS_NODE_TRANSPILE_ONLY=true \
  node -r ts-node/register -r tsconfig-paths/register apps/api/src/main.ts > "$WORK/server.log" 2>&1 &
SERVER=$!
export STRIVE_URL="http://127.0.0.1:$PORT"
for _ in $(seq 1 600); do
  curl -sf "$STRIVE_URL/health" > /dev/null 2>&1 && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/server.log" >&2; fail "the API exited before it answered /health"; }
  sleep 0.2
done
curl -sf "$STRIVE_URL/health" > /dev/null || { cat "$WORK/server.log" >&2; fail "the API did not answer /health"; }

# shellcheck source=/dev/null
source "$WORK/walkthrough.sh"

# The end state the walkthrough promises: Ann first with 12000 steps and her goal reached on the
# challenge's first day (period 0, whatever the clock says now), and 12 + 25 = 37 points.
BOARD=$(curl -sS --fail-with-body "$API/challenge/$CHALLENGE_ID/leaderboard/?date_range=0" -H "Authorization: Bearer $ADMIN")
[ "$(json '.results.map((e) => [e.rank, e.profile.name, e.score, e.goal_reached].join(" ")).join(", ")' <<< "$BOARD")" = '1 Ann Runner 12000 true' ] \
  || fail "unexpected leaderboard: $BOARD"
# Points, like scores, follow the writes moments later: a few seconds at most.
for _ in $(seq 1 50); do
  POINTS=$(curl -sS --fail-with-body "$API/profile/$PROFILE_ID/" -H "Authorization: Bearer $PROFILE_BEARER" | json .total_points)
  [ "$POINTS" = 37 ] && break
  sleep 0.1
done
[ "$POINTS" = 37 ] || fail "expected 37 points, got $POINTS"
echo "README walkthrough: OK (leaderboard 1. Ann Runner 12000, goal reached; 37 points)"
