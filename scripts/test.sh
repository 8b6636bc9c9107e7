#!/usr/bin/env bash
# `npm test`: everything, from a fresh clone: install, lint, typecheck, build, then jest's three layers
# (unit, integration against the emulator, e2e on the real engine). Ends with jest's totals on one line.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

step "lint and format check (biome)"
node_modules/.bin/biome check .
step "typecheck (tests and examples included)"
node_modules/.bin/tsc -p tsconfig.test.json

step "jest: unit, integration, e2e"
results="$root/.pulumi-state/jest-results.json"
mkdir -p "$(dirname "$results")"
status=0
bash scripts/jest.sh --json --outputFile="$results" "$@" || status=$?
node -e '
  const r = require(process.argv[1]);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
' "$results"
exit "$status"
