#!/usr/bin/env bash
# HTTP load run of GET /api/v1/account/whoami: a real bin/hive on a fresh SQLite database, wrk
# with 200 connections for 15 s, then the server's peak resident memory.
# Usage: bench/whoami-load.sh [connections] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
conns=${1:-200}
secs=${2:-15}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk"; exit 1; }
dir=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
export HIVE_DATABASE_URL="sqlite:$dir/hive.db" HIVE_ADDR="127.0.0.1:$port" HIVE_DATA_DIR="$dir"
# The benchmark signs in as the demo administrator without two-step sign-in (development only).
export HIVE_ENV=DEV HIVE_ADMIN_SECOND_FACTOR=optional
bin/hive seed demo >/dev/null
bin/hive serve >"$dir/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do curl -sf "http://$HIVE_ADDR/api/v1/app-info" >/dev/null && break; sleep 0.1; done
jar="$dir/jar"
csrf=$(curl -s -c "$jar" -b "$jar" "http://$HIVE_ADDR/api/v1/account/token" | sed 's/.*"token":"\([^"]*\)".*/\1/')
curl -sf -c "$jar" -b "$jar" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
  -d '{"email":"admin@hive.test","password":"HiveDemo2026!"}' "http://$HIVE_ADDR/api/v1/account/login" >/dev/null
session=$(awk '$6 == "hive_session" {print $7}' "$jar")
echo "whoami load: $conns connections, ${secs}s, SQLite, 2 wrk threads"
wrk -t2 -c"$conns" -d"${secs}s" --latency -H "Cookie: hive_session=$session" \
  "http://$HIVE_ADDR/api/v1/account/whoami" | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx|Socket errors'
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' /proc/$pid/status)   current RSS: $(awk '/VmRSS/ {print $2, $3}' /proc/$pid/status)"
