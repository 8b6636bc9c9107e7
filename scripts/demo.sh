#!/usr/bin/env bash
# `npm run demo`: installs what is missing (scripts/env.sh), then provisions the declared environment of
# the root project against the local emulator and proves that nothing is left to change (scripts/demo.ts).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
exec node "$root/dist/scripts/demo.js"
