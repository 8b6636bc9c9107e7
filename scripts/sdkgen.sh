#!/usr/bin/env bash
# Generates the chat package's Python, Go or Java SDK from a schema file, with Pulumi's code generators built from
# the CLI's own module graph (scripts/sdkgen/main.go; cached beside the engine, rebuilt when it changes).
# Where a current Pulumi CLI is installed, `pulumi package gen-sdk <plugin> --language <lang>` does the same.
# scripts/gen-sdks.sh runs it for the SDKs kept in sdk/.
#
# Usage: scripts/sdkgen.sh <python|go|java> <out-dir> [schema.json]
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
# Java: pulumi-java's generator is a module of its own with its own Pulumi dependency (JAVA_GEN_VERSION is
# the newest the module proxy and checksum database both serve), so it gets its own module graph.
JAVA_GEN_VERSION=v1.13.0
if [ "$lang" = java ]; then
  jsrc="$engine/src/sdkgen-java"
  tool="$engine/bin/sdkgen-java-$JAVA_GEN_VERSION-$(sha256sum "$here/scripts/sdkgen-java/main.go" | cut -c1-12)"
  if [ ! -x "$tool" ]; then
    m=github.com/pulumi/pulumi-java/pkg
    mkdir -p "$jsrc"
    (cd "$jsrc" && GOFLAGS= go mod download -json "$m@$JAVA_GEN_VERSION" > mod.json)
    gomod="$(node -e "process.stdout.write(require('$jsrc/mod.json').GoMod)")"
    { echo "module local/chat-sdkgen-java"; echo; grep -m1 '^go ' "$gomod"; echo
      echo "require $m $JAVA_GEN_VERSION"
      awk '/^replace \(/{b=1;next} b&&/^\)/{b=0;next} b{print "replace " $0;next} /^replace /{print}' "$gomod" | grep -v '=> *\.' || true
    } > "$jsrc/go.mod"
    cp "$here/scripts/sdkgen-java/main.go" "$jsrc/main.go"
    echo "[sdkgen] compiling pulumi-java's code generator $JAVA_GEN_VERSION (first time: a few minutes)" >&2
    (cd "$jsrc" && export CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=mod && go get "$m@$JAVA_GEN_VERSION" && go mod tidy && go build -trimpath -o "$tool" .)
  fi
fi
if [ -n "$given" ]; then
  schema="$given"
else
  schema="$(mktemp)"
  trap 'rm -f "$schema"' EXIT
  pulumi package get-schema "$here/dist/plugin/bin/pulumi-resource-chat" > "$schema"
fi
rm -rf "$out"
if [ "$lang" = java ]; then "$tool" "$schema" "$out"; else "$tool" "$schema" "$lang" "$out"; fi
