#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: Chromium for the end-to-end
# scenarios and the PostgreSQL 15 server for the PostgreSQL run. Needs root (or sudo) for apt-get.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi

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
