#!/usr/bin/env bash
# Generates the chat package's Python or Go SDK from a schema file, with Pulumi's code generators built from
# the CLI's own module graph (scripts/sdkgen/main.go; cached beside the engine, rebuilt when it changes).
# Where a current Pulumi CLI is installed, `pulumi package gen-sdk <plugin> --language <lang>` does the same.
# scripts/gen-sdks.sh runs it for the SDKs kept in sdk/.
#
# Usage: scripts/sdkgen.sh <python|go> <out-dir> [schema.json]
#   without a schema file: the one the built plugin (dist/plugin/bin) serves, read with `pulumi` (scripts/env.sh)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lang="$1"; out="$2"; given="${3:-}"
version="$(node -p "require('$here/package.json').devDependencies['@pulumi/pulumi']")"
cache_root="${PULUMI_CHAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-chat}"
engine="$cache_root/engine/pulumi-v$version"
src="$engine/src/sdkgen"
tool="$engine/bin/sdkgen-$(sha256sum "$here/scripts/sdkgen/main.go" | cut -c1-12)"
if [ ! -x "$tool" ]; then
  [ -f "$engine/src/cli/go.mod" ] || { echo "sdkgen: no engine build in $engine (run scripts/engine.sh)" >&2; exit 1; }
  mkdir -p "$src"
  sed 's#^module .*#module local/chat-sdkgen#' "$engine/src/cli/go.mod" > "$src/go.mod"
  cp "$engine/src/cli/go.sum" "$src/go.sum"
  cp "$here/scripts/sdkgen/main.go" "$src/main.go"
  echo "[sdkgen] compiling Pulumi's code generators (first time: a few minutes)" >&2
  (cd "$src" && CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=mod go build -trimpath -o "$tool" .)
fi
if [ -n "$given" ]; then
  schema="$given"
else
  schema="$(mktemp)"
  trap 'rm -f "$schema"' EXIT
  pulumi package get-schema "$here/dist/plugin/bin/pulumi-resource-chat" > "$schema"
fi
rm -rf "$out"
"$tool" "$schema" "$lang" "$out"
