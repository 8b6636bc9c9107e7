#!/usr/bin/env bash
# `npm run test:live [-- --stack <name>]`: the kinds' cases and the environment program against the endpoint a
# stack's config or the CHAT_* variables name (test/live), swept before and after. Without settings: one line
# saying what to set, exit 0. Other arguments go to jest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --stack) export CHAT_LIVE_STACK="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
sweep() { node -r ts-node/register/transpile-only test/live/sweep-cli.ts "$@"; }
status=0
sweep --check || status=$?
if [[ "$status" -eq 3 ]]; then exit 0; elif [[ "$status" -ne 0 ]]; then exit "$status"; fi
source scripts/env.sh >&2 # the Pulumi engine, for the environment program
sweep
bash scripts/jest.sh --config jest.live.config.js ${args[@]+"${args[@]}"} || status=$?
sweep --older-than 0
exit "$status"
