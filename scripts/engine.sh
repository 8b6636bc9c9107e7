#!/usr/bin/env bash
# Makes the Pulumi engine available offline: the `pulumi` CLI, `pulumi-language-nodejs`, the dynamic-provider
# shim and `pulumi-resource-random`, at the versions package.json pins. A matching `pulumi` already on PATH is
# used as is; otherwise everything is built from Go modules (the machines reach the Go module proxy, not
# get.pulumi.com) into a per-user cache keyed by version, so every clone and every CI run reuses it.
#
# Usage: scripts/engine.sh            build if needed, print the bin folder on the last line of stdout
# Env:   PULUMI_CHAT_CACHE            cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-chat)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[engine] %s\n' "$*" >&2; }

# Versions come from package.json (one place for each fact).
pkgver() { node -e "const p=require('$here/package.json');const v=(p.devDependencies||{})['$1']||(p.dependencies||{})['$1'];process.stdout.write(String(v).replace(/^[^0-9]*/,''))"; }
PULUMI_VERSION="$(pkgver @pulumi/pulumi)"
cache_root="${PULUMI_CHAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-chat}"
engine="$cache_root/engine/pulumi-v$PULUMI_VERSION"
bin="$engine/bin"
mkdir -p "$bin"

shim_src="$here/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
install_shims() {
  [ -f "$shim_src" ] || { log "missing $shim_src: run npm install first"; exit 1; }
  # Beside the real pulumi binary, where the engine looks for bundled plugins first (no "from $PATH" warning).
  cmp -s "$shim_src" "$bin/pulumi-resource-pulumi-nodejs" 2>/dev/null || install -m 0755 "$shim_src" "$bin/pulumi-resource-pulumi-nodejs"
  # Not on PATH (ambient plugins draw a warning on every run): scripts/env.sh installs it as a plugin.
  mkdir -p "$here/.pulumi-engine/random"
  rm -f "$local_bin/pulumi-resource-random"
  cat > "$here/.pulumi-engine/random/pulumi-resource-random" <<LAUNCHER
#!/bin/sh
exec "$here/node_modules/.bin/node" "$here/dist/scripts/random-provider/index.js" "\$@"
LAUNCHER
  chmod 0755 "$here/.pulumi-engine/random/pulumi-resource-random"
}

have_version() { [ -x "$1" ] && [ "$(PULUMI_SKIP_UPDATE_CHECK=true "$1" version 2>/dev/null)" = "v$PULUMI_VERSION" ]; }

# 1. A matching CLI already on PATH (with its language host beside it) is used as is.
if ! have_version "$bin/pulumi"; then
  if onpath="$(command -v pulumi 2>/dev/null)" && have_version "$onpath" && [ -x "$(dirname "$(readlink -f "$onpath")")/pulumi-language-nodejs" ]; then
    log "using pulumi v$PULUMI_VERSION from PATH ($onpath)"
    ln -sf "$(readlink -f "$onpath")" "$bin/pulumi"
    ln -sf "$(dirname "$(readlink -f "$onpath")")/pulumi-language-nodejs" "$bin/pulumi-language-nodejs"
  fi
fi

need_go() {
  command -v go >/dev/null 2>&1 && return 0
  log "Neither pulumi v$PULUMI_VERSION nor Go is available."
  log "Install the Pulumi CLI v$PULUMI_VERSION (https://www.pulumi.com/docs/install/) or Go >= 1.25, then re-run."
  exit 1
}

VERSION_VAR=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version
LANGHOST_MODULE=github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3
LANGHOST_FALLBACK=v3.68.0
# The replaces of a dependency's go.mod that point at another module (local-path ones cannot apply here).
module_replaces() {
  awk '/^replace \(/{b=1;next} b&&/^\)/{b=0;next} b{print "replace " $0;next} /^replace /{print}' "$1" | grep -v '=> *\.' || true
}

export CGO_ENABLED=0 GOTOOLCHAIN="${GOTOOLCHAIN:-local}" GOFLAGS=-mod=mod
# Progress: a dot every 10 s while a long go step runs, so a cold build (many minutes) does not look hung.
run_step() {
  local what="$1"; shift
  log "$what ..."
  local start=$SECONDS
  ( while sleep 10; do printf '.' >&2; done ) & local ticker=$!
  if ! "$@" >"$engine/last-step.log" 2>&1; then
    kill "$ticker" 2>/dev/null; printf '\n' >&2
    log "FAILED: $what (log: $engine/last-step.log)"; tail -n 30 "$engine/last-step.log" >&2; exit 1
  fi
  kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null || true
  printf '\n' >&2; log "$what: done in $((SECONDS - start)) s"
}

# 2. The CLI, from a wrapper module (pkg/v3 carries a local-path replace, so `go install pkg@v` is refused).
if ! have_version "$bin/pulumi"; then
  need_go
  w="$engine/src/cli"; mkdir -p "$w"
  run_step "resolving github.com/pulumi/pulumi/pkg/v3@v$PULUMI_VERSION" \
    bash -c "cd '$w' && GOFLAGS= go mod download -json github.com/pulumi/pulumi/pkg/v3@v$PULUMI_VERSION > pkg.json; grep -q '\"GoMod\"' pkg.json || { cat pkg.json; exit 1; }"
  gomod="$(node -e "process.stdout.write(require('$w/pkg.json').GoMod)")"
  node -e "const j=require('$w/pkg.json');process.stdout.write((j.Origin&&j.Origin.Hash)||'')" > "$w/commit"
  {
    echo "module local/pulumi-engine"; echo; grep -m1 '^go ' "$gomod"; echo
    echo "require github.com/pulumi/pulumi/pkg/v3 v$PULUMI_VERSION"
    echo "require github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION"
    # Every replace of pkg/go.mod that points at a module path (not the local ../sdk one).
    module_replaces "$gomod"
  } > "$w/go.mod"
  run_step "fetching the CLI's module graph" bash -c "cd '$w' && go get github.com/pulumi/pulumi/pkg/v3@v$PULUMI_VERSION"
  run_step "compiling pulumi (cold: many minutes)" \
    bash -c "cd '$w' && go build -trimpath -tags osusergo -ldflags '-s -w -X $VERSION_VAR=v$PULUMI_VERSION' -o '$bin/pulumi' github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
  have_version "$bin/pulumi" || { log "built pulumi does not report v$PULUMI_VERSION"; exit 1; }
fi

# 2b. The Node language host. Its own module (sdk/nodejs/cmd/pulumi-language-nodejs/v3) has only
# pseudo-versions, and the module proxy these machines reach refuses every one of them (403 "This module
# version is not available"). The newest source the proxy serves is the package inside sdk/v3 before the
# host became a module of its own; see docs/decisions/0003-engine-from-go-modules.md.
if [ ! -x "$bin/pulumi-language-nodejs" ]; then
  need_go
  w="$engine/src/language-nodejs"; mkdir -p "$w"
  hash="$(cat "$engine/src/cli/commit" 2>/dev/null || true)"
  if [ -n "$hash" ] && (cd "$w" && GOFLAGS= go mod download -json "$LANGHOST_MODULE@$hash" >/dev/null 2>&1); then
    lh_pkg="$LANGHOST_MODULE"; lh_ver="$hash"; lh_mod="$LANGHOST_MODULE"
  else
    log "the module proxy refuses $LANGHOST_MODULE@${hash:0:12}; using the in-sdk host of sdk/v3@$LANGHOST_FALLBACK"
    lh_pkg="github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"; lh_ver="$LANGHOST_FALLBACK"; lh_mod="github.com/pulumi/pulumi/sdk/v3"
  fi
  run_step "resolving $lh_mod@$lh_ver" \
    bash -c "cd '$w' && GOFLAGS= go mod download -json '$lh_mod@$lh_ver' > mod.json; grep -q '\"GoMod\"' mod.json || { cat mod.json; exit 1; }"
  gomod="$(node -e "process.stdout.write(require('$w/mod.json').GoMod)")"
  { echo "module local/pulumi-language-nodejs"; echo; grep -m1 '^go ' "$gomod"; echo
    echo "require $lh_mod $lh_ver"; module_replaces "$gomod"; } > "$w/go.mod"
  run_step "fetching the language host's module graph" bash -c "cd '$w' && go get '$lh_mod@$lh_ver'"
  run_step "compiling pulumi-language-nodejs" \
    bash -c "cd '$w' && go build -trimpath -ldflags '-s -w -X $VERSION_VAR=$lh_ver' -o '$bin/pulumi-language-nodejs' '$lh_pkg'"
fi

# 3. pulumi-resource-random cannot be built here: the module proxy refuses github.com/pulumi/pulumi-random/
# provider/v4 at every version (docs/decisions/0004-random-provider-stand-in.md). The project serves the same
# plugin protocol from Node (scripts/random-provider), launched from the clone's .pulumi-engine/bin below.

# 4. The clone's own bin folder: links to the cached Go binaries, the dynamic-provider shim from the installed
# @pulumi/pulumi, and the random plugin launcher (both tied to this clone's node_modules and dist).
local_bin="$here/.pulumi-engine/bin"
mkdir -p "$local_bin"
ln -sfn "$bin/pulumi" "$local_bin/pulumi"
ln -sfn "$bin/pulumi-language-nodejs" "$local_bin/pulumi-language-nodejs"
install_shims
log "engine ready in $local_bin (binaries cached in $bin)"
echo "$local_bin"
