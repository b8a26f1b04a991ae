#!/usr/bin/env bash
# Granting one freelancer to the 20 placements of a booking at the scale of the bookings issue
# (2,000 freelancers, 500 job templates, 50,000 placements, 200,000 instructions), through the
# store in one transaction each, on SQLite and, when PostgreSQL answers locally (or
# HIVE_TEST_POSTGRES_URL is set), on PostgreSQL: p50 and p95 per grant in ms.
# Usage: bench/bookings.sh [grants per engine, default 200]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "bookings at scale: $n grants of 20 placements per engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench BenchmarkGrant -benchtime "${n}x" ./internal/bookings/ |
  grep -E 'Benchmark|generated|FAIL'
