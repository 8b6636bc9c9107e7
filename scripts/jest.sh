#!/usr/bin/env bash
# Runs jest on the project's Node (>= 24.9): got is ESM-only, and CommonJS code under jest can require() it
# only with vm modules enabled (docs/decisions/0001-commonjs-on-node-24.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--experimental-vm-modules --no-warnings=ExperimentalWarning"
exec node_modules/.bin/node node_modules/jest/bin/jest.js "$@"
