#!/usr/bin/env bash
# What every signed-in request pays: for each engine, a real bin/hive on a fresh
# database with the demo data, wrk (2 threads, 50 connections) on the anonymous GET /app-info,
# then as the demo administrator on app-info, whoami, a booking's detail, the All Users page and
# the scheduler's month summary (as the month view asks: overviewOnly, each day's first three
# groups; and, without a target, the same with the groups' instructions listed); prints
# each one's requests per second as a ratio to the anonymous app-info of the same run, beside the
# target. PostgreSQL runs when HIVE_TEST_POSTGRES_URL is set or a local server answers (a
# database is created and dropped for the run).
# On a machine shared with other work requests per second swing with the others' load, so each
# line also gives the CPU time the server spent per request (Hive's process and, on PostgreSQL,
# the backends serving the run's database, from /proc) and the same ratio computed from it
# (anonymous app-info's CPU per request over the endpoint's), which the others' load hardly moves.
# Usage: bench/hotpaths.sh [seconds per endpoint]   (HIVE_BIN=path runs another build of hive)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-4}
command -v wrk >/dev/null || { echo "wrk is missing: tools/need-packages wrk"; exit 1; }
hive=${HIVE_BIN:-bin/hive}
[ -x "$hive" ] || { echo "$hive is missing: make build"; exit 1; }

# name | path (after /api/v1) | signed in | SQLite target | PostgreSQL target
month_start=$(date -u +%Y-%m-01)
month_end=$(date -u -d "$month_start +1 month -1 day" +%Y-%m-%d)
endpoints=(
  "anonymous app-info|/app-info|no|1|1"
  "signed-in app-info|/app-info|yes|0.6|0.35"
  "whoami|/account/whoami|yes|0.5|0.3"
  "booking detail|/booking/BOOKING|yes|0.2|0.12"
  "All Users page|/account?page=1&pageSize=50&role=staff|yes|0.2|0.1"
  "month summary|/booking/summary?startDate=$month_start&endDate=$month_end&grouped=true&overviewOnly=true&groupsPerDay=3|yes|0.15|0.06"
  "month, instructions|/booking/summary?startDate=$month_start&endDate=$month_end&grouped=true&overviewOnly=false&groupsPerDay=3|yes|-|-"
)

pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  [ -n "${pgdrop:-}" ] && psql -q "$pgadmin" -c "DROP DATABASE IF EXISTS $pgdrop" >/dev/null 2>&1 || true
  rm -rf "${dir:-}"
}
trap cleanup EXIT
dir=$(mktemp -d)

# cpu_sample PID [DBNAME]: "pid ticks" lines (user + system clock ticks) of PID and of the
# PostgreSQL backends of DBNAME; cpu_spent BEFORE AFTER: the ticks spent between two samples by
# the processes alive at the second (a backend that ended in between is not counted).
cpu_sample() {
  local pid
  for pid in "$1" $([ -n "${2:-}" ] && pgrep -f "postgres: .* $2 " || true); do
    awk -v p="$pid" '{print p, $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true
  done
}
cpu_spent() {
  awk 'NR == FNR {before[$1] = $2; next} {spent += $2 - before[$1]} END {print spent + 0}' \
    <(echo "$1") <(echo "$2")
}

# run ENGINE DATABASE_URL [DBNAME]: seeds, serves, measures and prints one engine's table.
run() {
  local engine=$1 url=$2 dbname=${3:-} port=$((20000 + RANDOM % 20000)) base hz
  hz=$(getconf CLK_TCK)
  export HIVE_DATABASE_URL=$url HIVE_ADDR="127.0.0.1:$port" HIVE_DATA_DIR="$dir/$engine"
  # Administrators sign in without two-step sign-in here (development only).
  export HIVE_ENV=DEV HIVE_ADMIN_SECOND_FACTOR=optional
  mkdir -p "$HIVE_DATA_DIR"
  "$hive" migrate >/dev/null
  "$hive" seed demo >/dev/null
  "$hive" serve >"$dir/$engine.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  base="http://$HIVE_ADDR/api/v1"
  for _ in $(seq 100); do curl -sf "$base/app-info" >/dev/null && break; sleep 0.1; done
  local jar="$dir/$engine.jar" csrf session booking
  csrf=$(curl -s -c "$jar" -b "$jar" "$base/account/token" | sed 's/.*"token":"\([^"]*\)".*/\1/')
  curl -sf -c "$jar" -b "$jar" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
    -d '{"email":"admin@hive.test","password":"HiveDemo2026!"}' "$base/account/login" >/dev/null
  session=$(awk '$6 == "hive_session" {print $7}' "$jar")
  # The demo booking with the most placements in this month's summary is as good as any: take
  # the first booking the list gives.
  booking=$(curl -sf -H "Cookie: hive_session=$session" "$base/booking?page=1&pageSize=1" |
    sed -n 's/^{"items":\[{"id":\([0-9]*\).*/\1/p')
  [ -n "$booking" ] || { echo "$engine: no demo booking found"; return 1; }
  echo "== $engine: wrk -t2 -c50 -d${secs}s, demo data, signed in as admin@hive.test, booking $booking"
  printf '%-20s %10s %7s %12s %9s %7s\n' endpoint "req/s" ratio "CPU us/req" "CPU ratio" target
  local anon="" anon_cpu="" line name path signed t_sqlite t_pg target rps ratio cookie out n t0 t1 cpu cpu_ratio
  for line in "${endpoints[@]}"; do
    IFS='|' read -r name path signed t_sqlite t_pg <<<"$line"
    path=${path/BOOKING/$booking}
    target=$t_sqlite
    [ "$engine" = PostgreSQL ] && target=$t_pg
    cookie=()
    [ "$signed" = yes ] && cookie=(-H "Cookie: hive_session=$session")
    local status
    status=$(curl -s -o /dev/null -w '%{http_code}' "${cookie[@]}" "$base$path")
    [ "$status" = 200 ] || { echo "$name: GET $path answered $status"; return 1; }
    t0=$(cpu_sample "$pid" "$dbname")
    out=$(wrk -t2 -c50 -d"${secs}s" "${cookie[@]}" "$base$path")
    t1=$(cpu_sample "$pid" "$dbname")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    n=$(awk '/requests in/ {print $1}' <<<"$out")
    cpu=$(awk -v d="$(cpu_spent "$t0" "$t1")" -v hz="$hz" -v n="$n" 'BEGIN {printf "%.1f", d / hz * 1e6 / n}')
    [ -z "$anon" ] && anon=$rps && anon_cpu=$cpu
    ratio=$(awk -v a="$rps" -v b="$anon" 'BEGIN {printf "%.2f", a / b}')
    cpu_ratio=$(awk -v a="$cpu" -v b="$anon_cpu" 'BEGIN {printf "%.2f", b / a}')
    printf '%-20s %10.0f %7s %12s %9s %7s\n' "$name" "$rps" "$ratio" "$cpu" "$cpu_ratio" "$target"
  done
}

run SQLite "sqlite:$dir/SQLite/hive.db"

pgadmin=${HIVE_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
if psql -q "$pgadmin" -c 'SELECT 1' >/dev/null 2>&1; then
  pgdrop="hive_hotpaths_$$"
  psql -q "$pgadmin" -c "CREATE DATABASE $pgdrop" >/dev/null
  run PostgreSQL "$(echo "$pgadmin" | sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\1/$pgdrop#")" "$pgdrop"
else
  echo "== PostgreSQL: no server (set HIVE_TEST_POSTGRES_URL); skipped"
fi
