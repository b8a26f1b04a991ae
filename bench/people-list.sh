#!/usr/bin/env bash
# The All Users grid at scale: 100,000 freelancers, Freelancer tab filtered by a
# name prefix and sorted (first, middle and last pages), requested as an administrator through
# the real HTTP stack, on SQLite and, when PostgreSQL answers locally (or HIVE_TEST_POSTGRES_URL
# is set), on PostgreSQL: p50 and p95 in ms. Target: p95 under 30 ms on both.
# Usage: bench/people-list.sh [requests per engine, default 600]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-600}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "All Users at scale: $n requests per engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench BenchmarkAllUsers -benchtime "${n}x" ./internal/people/directory/ |
  grep -E 'Benchmark|generated|matches|slow page|FAIL|status|total'
