#!/usr/bin/env bash
# Makes the Pulumi engine available offline: the `pulumi` CLI, `pulumi-language-nodejs`, the dynamic-provider
# shim and `pulumi-resource-random`, at the versions package.json pins, plus the YAML, Python, Go and Java language hosts
# where they can be built (skipped with a logged reason where not). A matching `pulumi` already on PATH is used
# as is (with the hosts beside it); otherwise everything is built from Go modules (the machines reach the Go
# module proxy, not get.pulumi.com) into a per-user cache keyed by version, so every clone and every CI run
# reuses it.
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
    for h in pulumi-language-yaml pulumi-language-python pulumi-language-python-exec pulumi-language-go; do
      if [ -x "$(dirname "$(readlink -f "$onpath")")/$h" ]; then ln -sf "$(dirname "$(readlink -f "$onpath")")/$h" "$bin/$h"; fi
    done
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
# try_step returns non-zero on a failure (the optional hosts go on without it); run_step stops the script.
try_step() {
  local what="$1"; shift
  log "$what ..."
  local start=$SECONDS
  ( while sleep 10; do printf '.' >&2; done ) & local ticker=$!
  if ! "$@" >"$engine/last-step.log" 2>&1; then
    kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null || true; printf '\n' >&2
    log "FAILED: $what (log: $engine/last-step.log)"; tail -n 30 "$engine/last-step.log" >&2; return 1
  fi
  kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null || true
  printf '\n' >&2; log "$what: done in $((SECONDS - start)) s"
}
run_step() { try_step "$@" || exit 1; }

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
# The in-sdk host answers RunPlugin with "not supported", and this CLI starts a Node policy pack
# (`--policy-pack`) through RunPlugin: scripts/engine/nodejs-run-plugin.go supplies it (policy packs only), so
# the host is compiled from a copy of the package with that file added. NODE_HOST_PATCH names that build:
# a cached host without the stamp (an older clone's) is rebuilt once, then reused.
NODE_HOST_PATCH="run-plugin-1"
node_host_stamp="$bin/.pulumi-language-nodejs.$NODE_HOST_PATCH"
if [ ! -x "$bin/pulumi-language-nodejs" ] || [ ! -f "$node_host_stamp" ]; then
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
  if [ "$lh_pkg" = "$LANGHOST_MODULE" ]; then
    target="$lh_pkg"
  else
    # The host package copied into the wrapper module, its RunPlugin renamed away and ours added.
    lh_dir="$(node -e "process.stdout.write(require('$w/mod.json').Dir)")/nodejs/cmd/pulumi-language-nodejs"
    rm -rf "$w/host"; mkdir -p "$w/host"
    for f in "$lh_dir"/*.go; do case "$f" in *_test.go) ;; *) install -m 0644 "$f" "$w/host/" ;; esac; done
    sed -i 's/^func (host \*nodeLanguageHost) RunPlugin(/func (host *nodeLanguageHost) runPluginUnsupported(/' "$w/host/main.go"
    install -m 0644 "$here/scripts/engine/nodejs-run-plugin.go" "$w/host/"
    target="./host"
  fi
  # Built beside, then renamed over: a host other clones are running is never half-written.
  run_step "compiling pulumi-language-nodejs" \
    bash -c "cd '$w' && go build -trimpath -ldflags '-s -w -X $VERSION_VAR=$lh_ver' -o '$bin/pulumi-language-nodejs.new' '$target'"
  mv -f "$bin/pulumi-language-nodejs.new" "$bin/pulumi-language-nodejs"
  touch "$node_host_stamp"
fi

# 2c. The YAML language host, from pulumi-yaml's own module. The proxy serves that module only at exact
# versions (no version list, so `go get …@latest` is refused): YAML_HOST_VERSION names one, the newest release
# seen served (its go.mod requires pkg/sdk v3.255.0, no replaces). The wrapper also requires pkg/v3 and
# sdk/v3 at the CLI's version (>= that, so Go picks it): the host is compiled against the same Pulumi sources
# as the CLI, already in the module cache. Optional: a failure is logged (one line, `why`) and the rest goes on.
YAML_HOST_VERSION=v1.38.1
why=""
build_yaml_host() {
  command -v go >/dev/null 2>&1 || { why="Go is not available"; return 1; }
  local w="$engine/src/language-yaml" m=github.com/pulumi/pulumi-yaml
  mkdir -p "$w"
  try_step "resolving $m@$YAML_HOST_VERSION" bash -c "cd '$w' && GOFLAGS= go mod download -json '$m@$YAML_HOST_VERSION' > mod.json; grep -q '\"GoMod\"' mod.json || { cat mod.json; exit 1; }" || return 1
  try_step "resolving github.com/pulumi/pulumi/pkg/v3@v$PULUMI_VERSION" bash -c "cd '$w' && GOFLAGS= go mod download -json github.com/pulumi/pulumi/pkg/v3@v$PULUMI_VERSION > pkg.json; grep -q '\"GoMod\"' pkg.json || { cat pkg.json; exit 1; }" || return 1
  local ymod pmod
  ymod="$(node -e "process.stdout.write(require('$w/mod.json').GoMod)")"
  pmod="$(node -e "process.stdout.write(require('$w/pkg.json').GoMod)")"
  { echo "module local/pulumi-language-yaml"; echo; grep -m1 '^go ' "$ymod"; echo
    echo "require $m $YAML_HOST_VERSION"
    echo "require github.com/pulumi/pulumi/pkg/v3 v$PULUMI_VERSION"
    echo "require github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION"
    # The module-path replaces of pulumi-yaml's go.mod and of pkg's (as for the CLI), one per module.
    { module_replaces "$ymod"; module_replaces "$pmod"; } | awk '!seen[$2]++'
  } > "$w/go.mod"
  try_step "fetching the YAML host's module graph" bash -c "cd '$w' && go get '$m@$YAML_HOST_VERSION'" || return 1
  try_step "compiling pulumi-language-yaml (cold: a minute or more)" \
    bash -c "cd '$w' && go build -trimpath -ldflags '-s -w -X $m/pkg/version.Version=$YAML_HOST_VERSION' -o '$bin/pulumi-language-yaml' $m/cmd/pulumi-language-yaml" || return 1
}
if [ ! -x "$bin/pulumi-language-yaml" ]; then
  why="the FAILED step above"; build_yaml_host || log "skipping pulumi-language-yaml: $why; YAML programs will not run"
fi

# 2d. The Python language host: as for Node, its own module (sdk/python/cmd/pulumi-language-python/v3) has
# only pseudo-versions, refused by the proxy (tried at the pkg release commit), so the fallback is the in-sdk
# host of sdk/v3@v3.68.0. That host runs programs through the `pulumi-language-python-exec` script, looked for
# beside its own (symlink-resolved) binary: it is copied there from the same module. This CLI hands runtime
# options over RPC fields the 3.68 host does not know, so Pulumi.yaml's `options: {virtualenv: …}` (and
# `toolchain`) is ignored: the python that has `pulumi` (from PyPI) is the first `python3` on PATH (an
# activated venv) or PULUMI_PYTHON_CMD=/abs/venv/bin/python.
PY_LANGHOST_MODULE=github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3
build_python_host() {
  command -v go >/dev/null 2>&1 || { why="Go is not available"; return 1; }
  local w="$engine/src/language-python" hash pkg ver mod dir gomod exec_src
  mkdir -p "$w"
  hash="$(cat "$engine/src/cli/commit" 2>/dev/null || true)"
  if [ -n "$hash" ] && (cd "$w" && GOFLAGS= go mod download -json "$PY_LANGHOST_MODULE@$hash" >/dev/null 2>&1); then
    pkg="$PY_LANGHOST_MODULE"; ver="$hash"; mod="$PY_LANGHOST_MODULE"
  else
    log "the module proxy refuses $PY_LANGHOST_MODULE@${hash:0:12}; using the in-sdk host of sdk/v3@$LANGHOST_FALLBACK"
    pkg="github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python"; ver="$LANGHOST_FALLBACK"; mod="github.com/pulumi/pulumi/sdk/v3"
  fi
  try_step "resolving $mod@$ver" \
    bash -c "cd '$w' && GOFLAGS= go mod download -json '$mod@$ver' > mod.json; grep -q '\"GoMod\"' mod.json || { cat mod.json; exit 1; }" || return 1
  gomod="$(node -e "process.stdout.write(require('$w/mod.json').GoMod)")"
  dir="$(node -e "process.stdout.write(require('$w/mod.json').Dir||'')")"
  { echo "module local/pulumi-language-python"; echo; grep -m1 '^go ' "$gomod"; echo
    echo "require $mod $ver"; module_replaces "$gomod"; } > "$w/go.mod"
  try_step "fetching the Python host's module graph" bash -c "cd '$w' && go get '$mod@$ver'" || return 1
  # The exec script first, so that a cached host always has it beside it.
  exec_src="$(find "$dir" -type f -name pulumi-language-python-exec 2>/dev/null | head -n 1)"
  if [ -n "$exec_src" ]; then
    install -m 0755 "$exec_src" "$bin/pulumi-language-python-exec"
  elif grep -qs pulumi-language-python-exec "$dir"/python/cmd/pulumi-language-python/main.go; then
    why="$mod@$ver has no pulumi-language-python-exec to put beside it"; return 1
  fi
  try_step "compiling pulumi-language-python" \
    bash -c "cd '$w' && go build -trimpath -ldflags '-s -w -X $VERSION_VAR=$ver' -o '$bin/pulumi-language-python' '$pkg'" || return 1
}
if [ ! -x "$bin/pulumi-language-python" ]; then
  why="the FAILED step above"; build_python_host || log "skipping pulumi-language-python: $why; Python programs will not run"
fi

# 2e. The Go language host. Its own module (sdk/go/pulumi-language-go/v3) is refused by the proxy at every
# version, like the others; the newest host inside sdk/v3 is that of v3.66.0 (sdk/v3@v3.67.0 no longer has
# it). It builds the program with the `go` on PATH and runs it: the program's go.mod pins its own SDK.
GO_LANGHOST_VERSION=v3.66.0
build_go_host() {
  command -v go >/dev/null 2>&1 || { why="Go is not available"; return 1; }
  local w="$engine/src/language-go" mod=github.com/pulumi/pulumi/sdk/v3 gomod
  mkdir -p "$w"
  try_step "resolving $mod@$GO_LANGHOST_VERSION" \
    bash -c "cd '$w' && GOFLAGS= go mod download -json '$mod@$GO_LANGHOST_VERSION' > mod.json; grep -q '\"GoMod\"' mod.json || { cat mod.json; exit 1; }" || return 1
  gomod="$(node -e "process.stdout.write(require('$w/mod.json').GoMod)")"
  { echo "module local/pulumi-language-go"; echo; grep -m1 '^go ' "$gomod"; echo
    echo "require $mod $GO_LANGHOST_VERSION"; module_replaces "$gomod"; } > "$w/go.mod"
  try_step "fetching the Go host's module graph" bash -c "cd '$w' && go get '$mod@$GO_LANGHOST_VERSION'" || return 1
  try_step "compiling pulumi-language-go" \
    bash -c "cd '$w' && go build -trimpath -ldflags '-s -w -X $VERSION_VAR=$GO_LANGHOST_VERSION' -o '$bin/pulumi-language-go' '$mod/go/pulumi-language-go'" || return 1
}
if [ ! -x "$bin/pulumi-language-go" ]; then
  why="the FAILED step above"; build_go_host || log "skipping pulumi-language-go: $why; Go programs will not run"
fi

# 2f. The Java language host, from pulumi-java's own module at the version whose generator wrote sdk/java
# (scripts/sdkgen.sh: the newest the proxy and the checksum database both serve). It runs a program with the
# `mvn` on PATH (`mvn compile exec:java`); Maven fetches the program's dependencies into ~/.m2.
JAVA_HOST_VERSION=v1.13.0
build_java_host() {
  command -v go >/dev/null 2>&1 || { why="Go is not available"; return 1; }
  local w="$engine/src/language-java" m=github.com/pulumi/pulumi-java/pkg gomod
  mkdir -p "$w"
  try_step "resolving $m@$JAVA_HOST_VERSION" \
    bash -c "cd '$w' && GOFLAGS= go mod download -json '$m@$JAVA_HOST_VERSION' > mod.json; grep -q '\"GoMod\"' mod.json || { cat mod.json; exit 1; }" || return 1
  gomod="$(node -e "process.stdout.write(require('$w/mod.json').GoMod)")"
  { echo "module local/pulumi-language-java"; echo; grep -m1 '^go ' "$gomod"; echo
    echo "require $m $JAVA_HOST_VERSION"; module_replaces "$gomod"; } > "$w/go.mod"
  try_step "fetching the Java host's module graph" bash -c "cd '$w' && go get '$m@$JAVA_HOST_VERSION'" || return 1
  try_step "compiling pulumi-language-java" \
    bash -c "cd '$w' && go build -trimpath -ldflags '-s -w -X $m/version.Version=$JAVA_HOST_VERSION' -o '$bin/pulumi-language-java' '$m/cmd/pulumi-language-java'" || return 1
}
if [ ! -x "$bin/pulumi-language-java" ]; then
  why="the FAILED step above"; build_java_host || log "skipping pulumi-language-java: $why; Java programs will not run"
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
for h in pulumi-language-yaml pulumi-language-python pulumi-language-go pulumi-language-java; do
  if [ -x "$bin/$h" ]; then ln -sfn "$bin/$h" "$local_bin/$h"; else rm -f "$local_bin/$h"; fi
done
install_shims
log "engine ready in $local_bin (binaries cached in $bin)"
echo "$local_bin"
