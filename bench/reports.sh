#!/usr/bin/env bash
# The Bookings report over the bookings benchmark data (bookingbench: 200,000 instructions on
# 50,000 placements), exported as an administrator through the real HTTP stack and read as it
# streams, on SQLite and, when PostgreSQL answers locally (or HIVE_TEST_POSTGRES_URL is set), on
# PostgreSQL: the slowest export's seconds (target < 5 s) and the most the process's resident
# memory grew during one (VmHWM reset before each export, against VmRSS at its start; target
# < 50 MB). See internal/reports/bench_test.go.
# Usage: bench/reports.sh [exports per engine, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-3}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "reports at scale: $n Bookings reports of 200,000 rows per engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkBookingsReport' -benchtime "${n}x" -timeout 60m ./internal/reports/ |
  grep -E 'Benchmark|bench_test|FAIL'
