#!/usr/bin/env bash
# Installs the dependencies, builds the web app and starts Forecourt on the embedded default:
# SQLite under ./data, seeded with demo data on first start. Prints the URL and the demo logins.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
npm ci --no-audit --no-fund
npm start
