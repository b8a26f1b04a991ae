#!/usr/bin/env bash
# The dashboard's stats call (GET /api/v1/dashboard/stats) through the HTTP stack over the
# bookings benchmark data (bookingbench: 50,000 placements, 200,000 instructions) plus rates and
# 175,000 answer events, on SQLite and, when PostgreSQL answers locally (or
# HIVE_TEST_POSTGRES_URL is set), on PostgreSQL; p50 and p95 in ms of an administrator over
# everything and over one month, and one client's manager over everything.
# Usage: bench/dashboard.sh [iterations per line and engine, default 50]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "dashboard at scale: $n stats calls per line and engine${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkDashboardStats' -benchtime "${n}x" -timeout 60m ./internal/dashboard/ |
  grep -E 'Benchmark|generated|answer events|facts rebuilt|FAIL'
