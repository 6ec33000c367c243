#!/usr/bin/env bash
# Postgres and NATS (with JetStream) for CI: they are started before every session; this starts
# whichever has stopped and waits until both answer (at most CI_SERVICES_WAIT_S seconds, 120).
#
# A Postgres that is running but not ready yet (starting up, or recovering after a crash) fails
# pg_isready, and `pg_ctlcluster start` then answers "Cluster is already running" with exit code 2:
# so it is started only when its status says it is down (a start that races another one counts as
# started), and then waited for like a slow start.
set -euo pipefail

wait_s="${CI_SERVICES_WAIT_S:-120}"
# shellcheck disable=SC2207
cluster=($(ls /etc/postgresql) main)

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  if pg_ctlcluster --skip-systemctl-redirect "${cluster[@]}" status > /dev/null 2>&1; then
    echo "== PostgreSQL is running but not ready yet: waiting for it"
  else
    echo "== starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "${cluster[@]}" start || [ $? -eq 2 ]
  fi
fi
if ! (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; then
  echo "== starting NATS with JetStream"
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
fi

services_up() { pg_isready -h 127.0.0.1 -p 5432 -q && (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
for _ in $(seq 1 "$wait_s"); do
  services_up && exit 0
  sleep 1
done
services_up && exit 0
echo "== PostgreSQL or NATS did not answer within ${wait_s} s"
pg_isready -h 127.0.0.1 -p 5432 || true
exit 1
