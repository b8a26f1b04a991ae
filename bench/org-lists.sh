#!/usr/bin/env bash
# The 'All Entities' and 'All User-Department connections' grid pages at scale
# (10,000 entities, ~6,000 departments, 2,000 users, 100,000 user-department links), requested
# as an administrator through the real HTTP stack, on SQLite and, when PostgreSQL answers
# locally (or HIVE_TEST_POSTGRES_URL is set), on PostgreSQL: p50 and p95 per page in ms.
# Pages: first, second, middle and last, in the default order and sorted by name both ways.
# Usage: bench/org-lists.sh [requests per list and engine, default 300]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-300}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "organisation lists at scale: $n requests per list and engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench BenchmarkOrgLists -benchtime "${n}x" ./internal/organisations/orgbench/ |
  grep -E 'Benchmark|generated|slow page|FAIL|status|want'
