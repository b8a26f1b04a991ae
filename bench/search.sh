#!/usr/bin/env bash
# Search at scale (internal/search/searchbench: 100,000 freelancers, 50,000 bookings,
# 10,000 entities), through the store, on SQLite and, when PostgreSQL answers locally (or
# HIVE_TEST_POSTGRES_URL is set), on PostgreSQL; p50 and p95 in ms of:
#   - the freelancer advanced search: two skills, 25 miles around a town, free on every day of
#     a 7-day range, by price (target p95 < 60 ms);
#   - the global search, when its benchmark (BenchmarkGlobalSearch) exists.
# Each benchmark generates its own copy of the data (about a minute per engine).
# Usage: bench/search.sh [iterations per benchmark and engine, default 200]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "search at scale: $n searches per benchmark and engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkAdvancedSearch|BenchmarkGlobalSearch' -benchtime "${n}x" -timeout 60m -v ./internal/search/ |
  grep -E '^Benchmark|generated|FAIL'
