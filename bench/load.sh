#!/usr/bin/env bash
# A realistic day under load (bench/load is the generator, bench/README.md the
# results): fills a fresh database with 100,000 freelancers and 200,000 instructions, starts a
# real bin/hive on it, signs in a pool of administrators, client managers, department managers
# and freelancers, and replays 70% reads, 25% small writes and 5% sign-ins against 127.0.0.1 at
# stepped open-loop rates until p99 passes 200 ms or an error appears. Prints, per engine, the
# sustained rate, every distinct error and the server's VmRSS at start, peak and end.
#
# Usage: bench/load.sh [sqlite|postgres|both]      (default both; PostgreSQL when 127.0.0.1:5432 answers)
#   LOAD_RATES=250,500,1000   the steps (requests a second)     LOAD_STEP=20s   each step's length
#   LOAD_ARGS='-all'          more flags for `load run`
# Against a Hive that is already running (the cluster's proxy, say), whose database is fresh:
#   LOAD_URL=http://127.0.0.1:8443 LOAD_DB=postgres://... [LOAD_PIDS=pid1,pid2] bench/load.sh
#   (the servers must believe X-Forwarded-For from the load: HIVE_TRUSTED_PROXIES=127.0.0.1, or
#   the proxy's own trust chain; sign-ins come from made-up addresses as a day's users would)
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${1:-both}
rates=${LOAD_RATES:-25,50,100,250,500,1000,1500,2000,2500,3000}
step=${LOAD_STEP:-20s}
[ -x bin/hive ] || { echo "bin/hive is missing: make build"; exit 1; }
mkdir -p bin
go build -o bin/load ./bench/load
echo "load: machine $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"

run() { # label, base URL, plan, pids
  # shellcheck disable=SC2086
  bin/load run -label "$1" -url "$2" -plan "$3" -pid "$4" -rates "$rates" -step "$step" ${LOAD_ARGS:-}
}

if [ -n "${LOAD_URL:-}" ]; then
  plan=$(mktemp --suffix=.json)
  trap 'rm -f "$plan"' EXIT
  bin/load prepare -db "${LOAD_DB:?LOAD_DB names the database the server at LOAD_URL uses}" -plan "$plan"
  run "${LOAD_LABEL:-$LOAD_URL}" "$LOAD_URL" "$plan" "${LOAD_PIDS:-}"
  exit
fi

status=0
one() { # engine, database URL, work dir
  local engine=$1 url=$2 dir=$3 port pid
  port=$((20000 + RANDOM % 20000))
  echo "== $engine: preparing the data set"
  bin/load prepare -db "$url" -plan "$dir/plan.json"
  HIVE_ENV=DEV HIVE_ADMIN_SECOND_FACTOR=optional HIVE_DATABASE_URL="$url" HIVE_ADDR="127.0.0.1:$port" HIVE_DATA_DIR="$dir" HIVE_TRUSTED_PROXIES=127.0.0.1 \
    bin/hive serve >"$dir/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$port/api/v1/app-info" >/dev/null && break; sleep 0.1; done
  run "$engine" "http://127.0.0.1:$port" "$dir/plan.json" "$pid" || status=1
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

if [ "$engines" = sqlite ] || [ "$engines" = both ]; then
  dir=$(mktemp -d)
  one SQLite "sqlite:$dir/hive.db" "$dir"
  rm -rf "$dir"
fi
if [ "$engines" = postgres ] || [ "$engines" = both ]; then
  if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
    dir=$(mktemp -d)
    db="hive_load_$$"
    createdb -h 127.0.0.1 -U postgres "$db"
    trap 'dropdb -h 127.0.0.1 -U postgres --if-exists --force "$db" 2>/dev/null; rm -rf "$dir"' EXIT
    one PostgreSQL "postgres://postgres@127.0.0.1:5432/$db?sslmode=disable" "$dir"
  else
    echo "== PostgreSQL: nothing answers on 127.0.0.1:5432, skipped"
  fi
fi
exit $status
