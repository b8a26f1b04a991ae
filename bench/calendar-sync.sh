#!/usr/bin/env bash
# Calendar sync at scale (internal/calendarsync, BenchmarkSyncConnections): 1,000 connections,
# each a radicale calendar of 50 events (40 single, 10 weekly: about 205 busy times each in the
# window), synced by one worker (one node), then synced again with nothing changed (the ETag
# path); and the p50 / p95 in ms of the busy read that available suppliers adds for a
# department of those 1,000 freelancers (calendarsync.BusyIn, four weeks), on SQLite and, when
# PostgreSQL answers locally (or HIVE_TEST_POSTGRES_URL is set), on PostgreSQL. Needs radicale
# (tools/need-packages radicale). Then available suppliers on bookingbench (20 placements, 2,000
# candidates) with and without 50 busy times for each of 1,000 connected candidates, alternating
# (internal/bookings, BenchmarkAvailableSuppliersBusy): p50 / p95 and CPU per call of each.
# Usage: bench/calendar-sync.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools/need-packages radicale
if [ -z "${HIVE_TEST_POSTGRES_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1; then
  export HIVE_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
fi
echo "calendar sync: 1,000 connections of 50 events on one node${HIVE_TEST_POSTGRES_URL:+ (SQLite and PostgreSQL)}"
go test -count=1 -run '^$' -bench 'BenchmarkSyncConnections' -benchtime 1x -timeout 60m ./internal/calendarsync/ |
  grep -E '^Benchmark|FAIL'
echo "available suppliers with and without 1,000 freelancers x 50 busy times (load: $(uptime | sed 's/.*load average: //'))"
go test -count=1 -run '^$' -bench 'BenchmarkAvailableSuppliersBusy' -benchtime 30x -timeout 60m ./internal/bookings/ |
  grep -E '^Benchmark|FAIL'
echo "load afterwards: $(uptime | sed 's/.*load average: //')"
