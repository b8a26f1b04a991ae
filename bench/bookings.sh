#!/usr/bin/env bash
# Bookings at scale (bookingbench: 2,000 freelancers, 500 job templates, 50,000 placements, 200,000
# instructions), through the store, on SQLite and, when PostgreSQL answers locally (or
# HIVE_TEST_POSTGRES_URL is set), on PostgreSQL; p50 and p95 in ms of:
#   - granting one freelancer to the 20 placements of a booking (one transaction each);
#   - ranking the available suppliers of a booking's 20 placements, all 2,000 freelancers
#     being candidates.
# Usage: bench/bookings.sh [iterations per benchmark and engine, default 200]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "bookings at scale: $n grants of 20 placements and $n available-supplier lists per engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkGrant|BenchmarkAvailableSuppliers' -benchtime "${n}x" -timeout 60m ./internal/bookings/ |
  grep -E 'Benchmark|generated|FAIL'
# The scheduler's month summary (overviewOnly) for the busiest department and for all of them
# (Global View), and the grid page's first page over that month.
echo "scheduler at scale: $n month summaries per view and engine"
go test -count=1 -run '^$' -bench 'BenchmarkSummary' -benchtime "${n}x" -timeout 60m ./internal/scheduler/ |
  grep -E 'Benchmark|generated|FAIL'
# The agenda: a freelancer's page of cards (cycling over the four tabs) and tab counts, and a
# manager's (one department, and an administrator's all 20), with the clock in mid-range.
echo "agenda at scale: $n pages and $n tab counts per view and engine"
go test -count=1 -run '^$' -bench 'BenchmarkAgenda' -benchtime "${n}x" -timeout 60m ./internal/agenda/ |
  grep -E 'Benchmark|generated|FAIL'
