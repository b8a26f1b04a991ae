#!/usr/bin/env bash
# Chromium's installability check of the app and Lighthouse 11.7.1's installable-manifest audit
# (installable.mjs; either failing fails the script), then Lighthouse's mobile performance score
# and LCP for /login, a freelancer's /agenda and a department
# manager's /bookings, in Debian's Chromium against bin/hive with the demo data
# (bench/lighthouse/run.mjs). Installs Lighthouse into bench/lighthouse on first use; make test
# never needs it. Needs bin/hive with the app embedded (make build). Usage: bench/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/lighthouse"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
node installable.mjs
node run.mjs
