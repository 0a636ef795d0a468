#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs every test:
# unit and API tests on SQLite, the API tests on PostgreSQL, and the end-to-end scenarios in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-system-deps.sh
# Native addons (better-sqlite3) compile against the machine's Node headers: no header download.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
npm ci --no-audit --no-fund
npm test
