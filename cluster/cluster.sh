#!/usr/bin/env bash
# The local cluster: two `hive serve` nodes on one PostgreSQL database and one S3-compatible
# store, its own process, behind HAProxy (cluster/haproxy.cfg). The store is SeaweedFS's `weed
# mini` with its S3 gateway (built by tools/need-weed), or with CLUSTER_S3=fake the in-memory
# fake tools/s3server (gofakes3).
#
#   cluster/cluster.sh run             start, seed the demo data, wait for Ctrl-C, stop (make cluster)
#   cluster/cluster.sh up [--fresh]    start everything in the background (--fresh: new empty database)
#   cluster/cluster.sh down            stop everything this script started
#   cluster/cluster.sh seed            load the demo data (safe to repeat)
#   cluster/cluster.sh node-start N    (re)start node N (1 or 2) with the cluster's settings
#   cluster/cluster.sh node-stop N     SIGTERM node N and wait until it has drained and exited
#   cluster/cluster.sh node-kill N     SIGKILL node N
#   cluster/cluster.sh wait-ready      wait until the proxy sees every running node ready
#   cluster/cluster.sh status
#
# Settings (environment): CLUSTER_PORT (default 18080: proxy; +1, +2 the nodes; +3 the S3 store;
# +9 HAProxy's stats), CLUSTER_DB (hive_cluster), CLUSTER_PG (postgres://postgres@127.0.0.1:5432),
# CLUSTER_DIR (bin/cluster: binaries, logs, pid files), CLUSTER_S3 (weed, the default, or fake; weed uses the
# ports +6 to +8 and those 10000 above them too; +5 is the restore test's node), CLUSTER_SMTP_URL_1 / _2 (each node's
# HIVE_SMTP_URL; empty logs mail), and any HIVE_* variable, passed to both nodes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
port=${CLUSTER_PORT:-18080}
db=${CLUSTER_DB:-hive_cluster}
pg=${CLUSTER_PG:-postgres://postgres@127.0.0.1:5432}
dir=${CLUSTER_DIR:-$root/bin/cluster}
export CLUSTER_PROXY_ADDR=127.0.0.1:$port CLUSTER_NODE1_ADDR=127.0.0.1:$((port + 1))
export CLUSTER_NODE2_ADDR=127.0.0.1:$((port + 2)) CLUSTER_STATS_ADDR=127.0.0.1:$((port + 9))
s3_addr=127.0.0.1:$((port + 3))
s3_kind=${CLUSTER_S3:-weed}
mkdir -p "$dir"

say() { echo "cluster: $*" >&2; }
# running PID: the process exists and is not a zombie (killed processes whose parent, this
# script, has exited wait for init to reap them, which can take a while).
running() { local st; st=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $st != Z* ]]; }
alive() { [ -f "$dir/$1.pid" ] && running "$(cat "$dir/$1.pid")"; }

# wait_for URL [SECONDS]: until URL answers 200.
wait_for() {
  local deadline=$((SECONDS + ${2:-60}))
  until curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || { say "no answer from $1"; return 1; }
    sleep 0.2
  done
}

build() {
  say "building bin/cluster/hive and bin/cluster/s3server"
  # Our own copies: other work in the checkout may rebuild bin/hive while the cluster runs.
  (cd "$root" && flock /tmp/hive-build.lock go build -trimpath -o "$dir/hive" ./cmd/hive &&
    go build -trimpath -o "$dir/s3server" ./tools/s3server)
}

# The environment every node shares; what differs per node is its address and SMTP login. The
# proof signs in as the demo administrator, so administrators may work without two-step sign-in
# (HIVE_ADMIN_SECOND_FACTOR=optional, allowed with the LOCAL DEV environment only).
node_env() {
  cat >"$dir/env" <<ENV
HIVE_DATABASE_URL=$pg/$db?sslmode=disable
HIVE_BASE_URL=${HIVE_BASE_URL:-http://$CLUSTER_PROXY_ADDR}
HIVE_SECRET=$(cat "$dir/secret")
HIVE_ENV=${HIVE_ENV:-LOCAL DEV}
HIVE_ADMIN_SECOND_FACTOR=${HIVE_ADMIN_SECOND_FACTOR:-optional}
HIVE_TRUSTED_PROXIES=127.0.0.1
HIVE_DRAIN_DELAY=${HIVE_DRAIN_DELAY:-2s}
HIVE_DATA_DIR=$dir/data
HIVE_S3_ENDPOINT=$s3_addr
HIVE_S3_BUCKET=hive
HIVE_S3_ACCESS_KEY=cluster
HIVE_S3_SECRET_KEY=cluster-secret
HIVE_S3_USE_SSL=false
ENV
  # Any other HIVE_* setting of the caller reaches the nodes too (HIVE_NOTIFY_INTERVAL, ...).
  env | grep -E '^HIVE_' | grep -vE '^HIVE_(DATABASE_URL|BASE_URL|SECRET|ENV|ADMIN_SECOND_FACTOR|TRUSTED_PROXIES|DRAIN_DELAY|DATA_DIR|S3_[A-Z_]+|ADDR|SMTP_URL)=' >>"$dir/env" || true
  for n in 1 2; do
    local v=CLUSTER_SMTP_URL_$n
    echo "${!v:-}" >"$dir/smtp$n"
  done
}

# node_vars: the cluster's node settings, one NAME=value a line of $dir/env, into the array vars.
node_vars() {
  vars=()
  while IFS= read -r line; do vars+=("$line"); done <"$dir/env"
}

node_start() {
  local n=$1 addr vars
  addr=$([ "$n" = 1 ] && echo "$CLUSTER_NODE1_ADDR" || echo "$CLUSTER_NODE2_ADDR")
  alive "node$n" && { say "node$n already runs"; return 0; }
  node_vars
  # A simple command in the background: env execs hive in the forked process, so $! is hive.
  env "${vars[@]}" HIVE_ADDR="$addr" HIVE_SMTP_URL="$(cat "$dir/smtp$n")" "$dir/hive" serve >>"$dir/node$n.log" 2>&1 &
  echo $! >"$dir/node$n.pid"
}

node_stop() { # SIGTERM, then wait: the node drains (HIVE_DRAIN_DELAY, then in-flight requests).
  local n=$1 pid
  alive "node$n" || return 0
  pid=$(cat "$dir/node$n.pid")
  kill -TERM "$pid"
  while running "$pid"; do sleep 0.1; done
  rm -f "$dir/node$n.pid"
}

node_kill() {
  local n=$1 pid
  alive "node$n" || return 0
  pid=$(cat "$dir/node$n.pid")
  kill -KILL "$pid"
  while running "$pid"; do sleep 0.05; done
  rm -f "$dir/node$n.pid"
}

# wait_ready: every running node answers ready, and HAProxy counts it UP.
wait_ready() {
  local n addr deadline=$((SECONDS + 60))
  for n in 1 2; do
    alive "node$n" || continue
    addr=$([ "$n" = 1 ] && echo "$CLUSTER_NODE1_ADDR" || echo "$CLUSTER_NODE2_ADDR")
    wait_for "http://$addr/api/v1/ready" 60
    until curl -fsS "http://$CLUSTER_STATS_ADDR/;csv" | grep -q "^nodes,node$n,.*,UP,"; do
      [ $SECONDS -lt $deadline ] || { say "HAProxy does not see node$n UP"; return 1; }
      sleep 0.2
    done
  done
}

# s3_start starts the cluster's S3 store with the bucket hive and the nodes' credentials.
s3_start() {
  if [ "$s3_kind" = weed ]; then
    local weed
    weed=$("$root/tools/need-weed")
    mkdir -p "$dir/weed"
    # weed mini: master, volume, filer and S3 gateway in one process, bound to loopback; the
    # bucket is made at start, the access key is its administrator's (AWS_* variables).
    AWS_ACCESS_KEY_ID=cluster AWS_SECRET_ACCESS_KEY=cluster-secret "$weed" mini -dir "$dir/weed" \
      -ip 127.0.0.1 -ip.bind 127.0.0.1 -bucket hive -s3.port "$((port + 3))" \
      -master.port "$((port + 6))" -volume.port "$((port + 7))" -filer.port "$((port + 8))" \
      -s3.port.iceberg 0 -s3.port.lance 0 -webdav=false -admin.ui=false -master.telemetry=false \
      >>"$dir/s3server.log" 2>&1 &
    echo $! >"$dir/s3server.pid"
    # Ready when the gateway refuses an unsigned request (403): it answers S3 by then.
    local deadline=$((SECONDS + 120))
    until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://$s3_addr/hive" 2>/dev/null)" = 403 ]; do
      [ $SECONDS -lt $deadline ] || { say "weed's S3 gateway does not answer on $s3_addr"; return 1; }
      sleep 0.5
    done
  else
    "$dir/s3server" -addr "$s3_addr" -bucket hive >>"$dir/s3server.log" 2>&1 &
    echo $! >"$dir/s3server.pid"
  fi
}

up() {
  command -v haproxy >/dev/null || "$root/tools/need-packages" haproxy
  [ -f "$dir/secret" ] || head -c 48 /dev/urandom | base64 | tr -d '/+=\n' >"$dir/secret"
  build
  if [ "${1:-}" = --fresh ]; then
    down # what an earlier run left running would hold the old database and settings
    rm -f "$dir"/*.log
  fi
  node_env
  if [ "${1:-}" = --fresh ]; then
    say "new database $db"
    psql "$pg/postgres?sslmode=disable" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
  fi
  psql "$pg/postgres?sslmode=disable" -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 ||
    psql "$pg/postgres?sslmode=disable" -qc "CREATE DATABASE $db" >/dev/null
  if ! alive s3server; then
    s3_start
  fi
  # Both nodes start together: their migrations take turns on PostgreSQL's advisory lock.
  node_start 1
  node_start 2
  if ! alive haproxy; then
    haproxy -f "$root/cluster/haproxy.cfg" -db >>"$dir/haproxy.log" 2>&1 &
    echo $! >"$dir/haproxy.pid"
  fi
  wait_ready
  say "up: http://$CLUSTER_PROXY_ADDR (nodes $CLUSTER_NODE1_ADDR and $CLUSTER_NODE2_ADDR, S3 $s3_addr, HAProxy stats http://$CLUSTER_STATS_ADDR/, logs in $dir)"
}

down() {
  local stops=()
  node_stop 1 &
  stops+=($!)
  node_stop 2 &
  stops+=($!)
  wait "${stops[@]}" # not a bare wait: under `run`, HAProxy and the store are children too
  local p pid
  for p in haproxy s3server; do
    alive "$p" || continue
    pid=$(cat "$dir/$p.pid")
    kill -TERM "$pid"
    while running "$pid"; do sleep 0.1; done
    rm -f "$dir/$p.pid"
  done
  say "down"
}

seed() {
  local vars
  node_vars
  env "${vars[@]}" "$dir/hive" seed demo
}

status() {
  local p
  for p in haproxy s3server node1 node2; do
    if alive "$p"; then echo "$p: running (pid $(cat "$dir/$p.pid"))"; else echo "$p: stopped"; fi
  done
}

case "${1:-}" in
  up) up "${2:-}" ;;
  down) down ;;
  seed) seed ;;
  run)
    trap 'down; exit 0' INT TERM
    up || { down; exit 1; }
    seed
    say "Hive: http://$CLUSTER_PROXY_ADDR  (Ctrl-C stops the cluster)"
    while true; do sleep 1; done
    ;;
  node-start) node_start "$2" ;;
  node-stop) node_stop "$2" ;;
  node-kill) node_kill "$2" ;;
  wait-ready) wait_ready ;;
  status) status ;;
  *) sed -n '2,19p' "$0" >&2; exit 2 ;;
esac
