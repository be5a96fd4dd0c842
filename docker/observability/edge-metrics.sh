#!/bin/sh
# The edge-metrics container (Dockerfile target `edge-metrics`): mtail follows the file nginx
# writes one short line a request to (NGINX_METRICS_LOG, on a volume both share) and serves
# the edge's figures on :3903/metrics. The file is emptied once past 50 MB: nginx appends
# (O_APPEND) so it goes on at the start, and mtail starts over on a truncated file; the lines
# of at most one of mtail's reads (250 ms) are lost each time.
set -eu
log="${EDGE_METRICS_LOG:-/var/log/edge/metrics.log}"
touch "$log"
mtail --progs /etc/mtail --logs "$log" --port 3903 --logtostderr &
mtail_pid=$!
trap 'kill "$mtail_pid"' TERM INT
while kill -0 "$mtail_pid" 2>/dev/null; do
  sleep 30 &
  wait $! || true
  if [ "$(stat -c %s "$log")" -gt 52428800 ]; then truncate -s 0 "$log"; fi
done
