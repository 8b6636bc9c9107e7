#!/usr/bin/env bash
# actionlint (GitHub Actions workflow linter), built from its Go module once per machine into the per-user
# cache scripts/engine.sh uses, keyed by version. Prints the binary's path on the last line of stdout.
# Used by test/unit/ci-workflow.test.ts to lint docs/ci/github-actions.yml.
set -euo pipefail
ACTIONLINT_VERSION=v1.7.7
cache_root="${PULUMI_CHAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-chat}"
bin="$cache_root/tools/actionlint-$ACTIONLINT_VERSION"
if [ ! -x "$bin/actionlint" ]; then
  command -v go >/dev/null 2>&1 || { echo "[actionlint] Go is needed to build actionlint $ACTIONLINT_VERSION" >&2; exit 1; }
  mkdir -p "$bin"
  echo "[actionlint] building github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION" >&2
  GOFLAGS= CGO_ENABLED=0 GOBIN="$bin" go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION" >&2
fi
echo "$bin/actionlint"
