#!/usr/bin/env bash
# Prints the URL of a PostgreSQL server on 127.0.0.1:5432, starting Debian's (or, as root,
# installing it first) when nothing answers there. Exits 1 when none can be had.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
url="postgres://postgres:postgres@127.0.0.1:5432/postgres"

answers() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }

if ! answers; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "Installing Debian's postgresql" >&2
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
  for _ in $(seq 1 30); do answers && break; sleep 1; done
  # A fresh cluster asks for a password over TCP; give postgres the one in the URL.
  su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >&2 || true
fi

answers || exit 1
echo "$url"
