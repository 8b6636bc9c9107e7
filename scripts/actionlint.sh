#!/usr/bin/env bash
# Runs actionlint (the GitHub Actions workflow linter) over .github/workflows, built once per machine from its Go
# module at a pinned version into the per-user cache beside the engine (the machines reach the Go module proxy,
# not GitHub's release downloads). Prints nothing and exits 0 when every workflow is clean.
#
# Usage: scripts/actionlint.sh [actionlint args...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ACTIONLINT_VERSION=v1.7.7
cache_root="${PULUMI_CHAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-chat}"
bin="$cache_root/actionlint-$ACTIONLINT_VERSION"
if [ ! -x "$bin/actionlint" ]; then
  echo "[actionlint] building github.com/rhysd/actionlint $ACTIONLINT_VERSION (first time only)" >&2
  mkdir -p "$bin"
  GOBIN="$bin" CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION"
fi
cd "$here"
# shellcheck and pyflakes are used by actionlint when on PATH; neither is required.
exec "$bin/actionlint" "$@"
