#!/usr/bin/env bash
# Web Push: the time from an offer's delivery round to 10,000 subscribed devices holding its
# push, through a local push service that decrypts each (internal/notifications/push,
# BenchmarkPushOneOfferTo10000Devices), with one sender (one node) and two at once (two nodes),
# on SQLite and, when HIVE_TEST_POSTGRES_URL is set, PostgreSQL. Usage: bench/push.sh
set -euo pipefail
cd "$(dirname "$0")/.."
go test -count=1 -run '^$' -bench BenchmarkPushOneOfferTo10000Devices -benchtime 1x ./internal/notifications/push/
