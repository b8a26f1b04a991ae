#!/usr/bin/env bash
# The offer in turn (waterfall) at the bookings benchmark's scale (bookingbench: 2,000
# freelancers, 50,000 placements, 200,000 instructions), on SQLite and, when PostgreSQL answers
# locally (or HIVE_TEST_POSTGRES_URL is set), on PostgreSQL: a waterfall of 500 candidates for one
# placement, one place and one offer open at a time, run to the end of its list through declines
# (three in four) and expiries (every fourth, the clock moved and the expiry sweep run). p50 and
# p95 in ms of the time from a decline or expiry to the next offer sent (one transaction each;
# target p95 under 1 s).
# Usage: bench/waterfall.sh [waterfalls per engine, default 1: 499 advances each]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "offer waterfall at scale: $n waterfall(s) of 500 offers per engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkWaterfall' -benchtime "${n}x" -timeout 60m ./internal/bookings/ |
  grep -E 'Benchmark|generated|FAIL'
