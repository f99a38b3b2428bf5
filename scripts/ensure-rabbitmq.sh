#!/usr/bin/env bash
# Makes RabbitMQ's Web-STOMP answer on 127.0.0.1:15674 (/ws) for `npm run bench:realtime`, with
# room for $1 connections: installs Debian's rabbitmq-server as root when missing, starts it (again,
# with more file descriptors, when it runs with too few), and enables the plugin.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
needed=${1:-0}

web_stomp_answers() { (exec 3<>/dev/tcp/127.0.0.1/15674) 2>/dev/null; }
socket_limit() {
  rabbitmqctl -q status 2>/dev/null | sed -n 's/.*Sockets: [0-9]*, limit: \([0-9]*\).*/\1/p' | head -n 1
}
start() {
  echo "Starting RabbitMQ" >&2
  # RabbitMQ takes about 90% of its file descriptors for sockets. Debian's rabbitmq-server
  # switches user through su, whose PAM limits bring the soft limit back to 1024; setpriv keeps
  # the limit set here.
  (
    ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
    if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
      cd /var/lib/rabbitmq
      HOME=/var/lib/rabbitmq setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups \
        /usr/lib/rabbitmq/bin/rabbitmq-server -detached >&2
    else
      rabbitmq-server -detached >&2
    fi
  )
  for _ in $(seq 1 60); do rabbitmq-diagnostics -q ping >/dev/null 2>&1 && break; sleep 1; done
  rabbitmqctl -q await_startup --timeout 60 >&2
}

if ! command -v rabbitmq-server >/dev/null; then
  echo "Installing Debian's rabbitmq-server" >&2
  apt-get update -qq >&2
  apt-get install -y -qq rabbitmq-server >/dev/null
fi
if ! rabbitmq-diagnostics -q ping >/dev/null 2>&1; then
  start
elif [ "$needed" -gt "$(socket_limit || echo 0)" ]; then
  echo "RabbitMQ takes $(socket_limit) sockets; restarting it with room for $needed" >&2
  rabbitmqctl -q stop >&2
  start
fi
rabbitmq-plugins -q enable rabbitmq_web_stomp >/dev/null
for _ in $(seq 1 30); do web_stomp_answers && exit 0; sleep 1; done
echo "RabbitMQ's Web-STOMP did not start on port 15674" >&2
exit 1
