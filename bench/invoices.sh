#!/usr/bin/env bash
# Invoicing at scale over the bookings benchmark data (bookingbench: 200,000 instructions, of
# which the 75,000 accepted by both sides get approved timesheets; 2,000 suppliers agreed to
# self-billing): issuing a month of invoices (February 2027, every client) and rendering the
# largest invoice's PDF (p50/p95), on SQLite and, when PostgreSQL answers locally (or
# HIVE_TEST_POSTGRES_URL is set), on PostgreSQL. See internal/invoices/bench_test.go.
# Usage: bench/invoices.sh [issues per engine, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-3}
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "invoicing at scale: $n issues of a month per engine, then PDFs${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkIssueMonth' -benchtime "${n}x" -timeout 60m ./internal/invoices/ |
  grep -E 'Benchmark|bench_test|FAIL'
