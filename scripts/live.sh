#!/usr/bin/env bash
# `npm run test:live`: the kinds' cases against the endpoint the CHAT_* variables name (test/live), swept
# before and after. Without credentials: one line saying what to set, exit 0.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ -z "${CHAT_APP_ID:-}" || -z "${CHAT_API_KEY:-}" || -z "${CHAT_MANAGEMENT_KEY:-}" || -z "${CHAT_MANAGEMENT_SECRET:-}" ]]; then
  echo "test:live: skipped: set CHAT_APP_ID, CHAT_API_KEY, CHAT_MANAGEMENT_KEY and CHAT_MANAGEMENT_SECRET (CHAT_REGION, CHAT_ENDPOINT, CHAT_MANAGEMENT_ENDPOINT for other endpoints) to a test app"
  exit 0
fi
source scripts/env.sh >&2 # the Pulumi engine, for the environment program
sweep() { node -r ts-node/register/transpile-only test/live/sweep-cli.ts "$@"; }
sweep
status=0
bash scripts/jest.sh --config jest.live.config.js "$@" || status=$?
sweep --older-than 0
exit "$status"
