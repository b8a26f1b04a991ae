#!/usr/bin/env bash
# Page budgets at scale: on the realistic day's data set (bench/load prepare: 100,000 freelancers,
# 200,000 instructions), opens each main page of each role (scheduler month and Global View, the
# grid's first page, the agenda and its counts, a booking's page with available suppliers, search
# and advanced search, All Users, notifications, dashboard, reports) 40 times, one at a time,
# issuing the page's API calls together as the web app does, and prints p50 / p95 per page, role
# and engine against the 50 ms budget.
# Usage: bench/pages.sh [sqlite|postgres|both]   (default both; PostgreSQL when 127.0.0.1:5432 answers)
#   PAGES_VISITS=40   visits of each page per role
#   PAGES_ONLY=dashboard,reports   only the pages whose names begin so (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${1:-both}
[ -x bin/hive ] || { echo "bin/hive is missing: make build"; exit 1; }
mkdir -p bin
go build -o bin/load ./bench/load
echo "pages: machine $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"

one() { # engine, database URL, work dir
  local engine=$1 url=$2 dir=$3 port pid
  port=$((20000 + RANDOM % 20000))
  bin/load prepare -db "$url" -plan "$dir/plan.json" >/dev/null
  HIVE_ENV=DEV HIVE_ADMIN_SECOND_FACTOR=optional HIVE_DATABASE_URL="$url" HIVE_ADDR="127.0.0.1:$port" HIVE_DATA_DIR="$dir" HIVE_TRUSTED_PROXIES=127.0.0.1 \
    bin/hive serve >"$dir/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$port/api/v1/app-info" >/dev/null && break; sleep 0.1; done
  bin/load pages -label "$engine" -url "http://127.0.0.1:$port" -plan "$dir/plan.json" -visits "${PAGES_VISITS:-40}" -only "${PAGES_ONLY:-}" || status=1
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

status=0
if [ "$engines" = sqlite ] || [ "$engines" = both ]; then
  dir=$(mktemp -d)
  one SQLite "sqlite:$dir/hive.db" "$dir"
  rm -rf "$dir"
fi
if [ "$engines" = postgres ] || [ "$engines" = both ]; then
  if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
    dir=$(mktemp -d)
    db="hive_pages_$$"
    createdb -h 127.0.0.1 -U postgres "$db"
    trap 'dropdb -h 127.0.0.1 -U postgres --if-exists --force "$db" 2>/dev/null; rm -rf "$dir"' EXIT
    one PostgreSQL "postgres://postgres@127.0.0.1:5432/$db?sslmode=disable" "$dir"
  else
    echo "pages: PostgreSQL is not answering on 127.0.0.1:5432; skipped"
  fi
fi
exit $status
