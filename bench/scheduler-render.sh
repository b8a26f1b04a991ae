#!/usr/bin/env bash
# The scheduler month's render time in Debian's Chromium with about 2,000 placements, read from
# the page's Performance timeline (e2e/bench/scheduler-render.js). Needs bin/hive with the app
# embedded (make build). Usage: bench/scheduler-render.sh [loads, default 10]
set -euo pipefail
cd "$(dirname "$0")/../e2e"
RUNS=${1:-10} node bench/scheduler-render.js
