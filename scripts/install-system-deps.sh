#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: Chromium for the end-to-end
# scenarios, the PostgreSQL 15 server for the PostgreSQL run and redis-server for the BullMQ queue
# tests (they start a throwaway server of their own), and osmium-tool for the offline basemap's
# OpenStreetMap road import (apps/web/scripts/basemap-osm.mjs and its test). Needs root (or sudo).
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
command -v osmium >/dev/null 2>&1 || missing+=(osmium-tool)

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

echo "system packages: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
# Debian's postgresql package may create and start a cluster on 5432; the tests start their own.
if [[ " ${missing[*]} " == *" postgresql "* ]] && command -v pg_ctlcluster >/dev/null 2>&1; then
  for cluster in /etc/postgresql/*/main; do
    [ -d "$cluster" ] || continue
    version=$(basename "$(dirname "$cluster")")
    $SUDO pg_ctlcluster "$version" main stop 2>/dev/null || true
  done
fi
# Likewise Debian's redis-server starts a server on 6379; the tests start their own.
if [[ " ${missing[*]} " == *" redis-server "* ]]; then
  $SUDO service redis-server stop 2>/dev/null || $SUDO systemctl stop redis-server 2>/dev/null || true
fi
