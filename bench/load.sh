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
# A/B: LOAD_HIVE_B=path/to/other/hive [LOAD_ROUNDS=2] prepares each engine's data set once and
#   runs bin/hive (A) and the other build (B) alternately, A B A B, each on a fresh copy of it
#   (SQLite: the file; PostgreSQL: CREATE DATABASE ... TEMPLATE), so both meet the same data in
#   the same run. On PostgreSQL each run also prints the CPU its backends spent per request.
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

hive_b=${LOAD_HIVE_B:-}
[ -z "$hive_b" ] || [ -x "$hive_b" ] || { echo "LOAD_HIVE_B=$hive_b is not an executable"; exit 1; }
pg="postgres://postgres@127.0.0.1:5432"

# pg_ticks DB: the clock ticks (user + system) the PostgreSQL backends of DB have used so far.
pg_ticks() {
  local pid
  for pid in $(pgrep -f "postgres: .* $1 " || true); do
    awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true
  done | awk '{s += $1} END {print s + 0}'
}

status=0
serve() { # label, hive binary, database URL, work dir, database name (PostgreSQL)
  local label=$1 hive=$2 url=$3 dir=$4 db=${5:-} port pid t0 out
  port=$((20000 + RANDOM % 20000))
  HIVE_ENV=DEV HIVE_ADMIN_SECOND_FACTOR=optional HIVE_DATABASE_URL="$url" HIVE_ADDR="127.0.0.1:$port" HIVE_DATA_DIR="$dir" HIVE_TRUSTED_PROXIES=127.0.0.1 \
    "$hive" serve >"$dir/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$port/api/v1/app-info" >/dev/null && break; sleep 0.1; done
  [ -n "$db" ] && t0=$(pg_ticks "$db")
  out=$(run "$label" "http://127.0.0.1:$port" "$dir/plan.json" "$pid") || status=1
  echo "$out"
  if [ -n "$db" ]; then # the backends live as long as Hive's pool: counted until the run's end
    awk -v t="$(($(pg_ticks "$db") - t0))" -v hz="$(getconf CLK_TCK)" '/^whole run:/ {
      printf "PostgreSQL backends: %.2f ms CPU per request over the whole run (sign-ins included)\n", t * 1000 / hz / $3 }' <<<"$out"
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

# one ENGINE DIR: prepares the engine's data set in DIR and runs bin/hive on it, or, with
# LOAD_HIVE_B, both builds alternately on fresh copies of it.
one() {
  local engine=$1 dir=$2 url db="" i
  if [ "$engine" = SQLite ]; then url="sqlite:$dir/template.db"; else db="hive_load_$$"; url="$pg/$db?sslmode=disable"; fi
  echo "== $engine: preparing the data set"
  bin/load prepare -db "$url" -plan "$dir/plan.json"
  if [ -z "$hive_b" ]; then
    if [ "$engine" = SQLite ]; then
      for f in "$dir"/template.db*; do mv "$f" "$dir/hive.db${f#"$dir/template.db"}"; done
      url="sqlite:$dir/hive.db"
    fi
    serve "$engine" bin/hive "$url" "$dir" "$db"
    return
  fi
  for i in $(seq "${LOAD_ROUNDS:-2}"); do
    for side in A B; do
      local hive=bin/hive copy
      [ "$side" = B ] && hive=$hive_b
      if [ "$engine" = SQLite ]; then
        rm -f "$dir"/hive.db*
        for f in "$dir"/template.db*; do cp "$f" "$dir/hive.db${f#"$dir/template.db"}"; done
        url="sqlite:$dir/hive.db"; copy=""
      else
        copy="${db}_run"
        dropdb -h 127.0.0.1 -U postgres --if-exists --force "$copy" 2>/dev/null
        createdb -h 127.0.0.1 -U postgres -T "$db" "$copy"; url="$pg/$copy?sslmode=disable"
      fi
      echo "== $engine round $i, $side: $hive, load average $(cut -d' ' -f1-3 /proc/loadavg)"
      serve "$engine $side" "$hive" "$url" "$dir" "$copy"
    done
  done
}

if [ "$engines" = sqlite ] || [ "$engines" = both ]; then
  dir=$(mktemp -d)
  one SQLite "$dir"
  rm -rf "$dir"
fi
if [ "$engines" = postgres ] || [ "$engines" = both ]; then
  if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
    dir=$(mktemp -d)
    db="hive_load_$$"
    createdb -h 127.0.0.1 -U postgres "$db"
    trap 'for d in "$db" "${db}_run"; do dropdb -h 127.0.0.1 -U postgres --if-exists --force "$d" 2>/dev/null; done; rm -rf "$dir"' EXIT
    one PostgreSQL "$dir"
  else
    echo "== PostgreSQL: nothing answers on 127.0.0.1:5432, skipped"
  fi
fi
exit $status
