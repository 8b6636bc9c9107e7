# Sourced by the demo and test scripts: installs what is missing (npm dependencies, the Node 24 runtime that
# comes with them, the compiled package, the Pulumi engine) and exports what the engine needs offline.
# Idempotent; a warm run takes a few seconds.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

step() { printf '\n==> %s\n' "$*" >&2; }

# 1. Dependencies (the `node` package brings Node 24; @pulumi/pulumi needs >= 22 and the machines have 20).
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "installing npm dependencies (npm install, pinned by package-lock.json)"
  # Not `npm ci`: the registry these machines reach lacks some other platforms' optional packages (e.g.
  # @biomejs/cli-android-arm64 answers 404), so the lockfile cannot list them and `npm ci` refuses it as
  # out of sync. `npm install` installs the locked versions and leaves the lockfile as it is.
  npm install --no-audit --no-fund
fi
export PATH="$root/node_modules/.bin:$PATH"
node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a < 24 || (a === 24 && b < 9)) { console.error("node " + process.version + " is too old: expected the project-installed Node >= 24.9"); process.exit(1); }'

# 2. The package, compiled (Pulumi programs and the provider process load it from dist/).
step "compiling TypeScript"
node_modules/.bin/tsc -p tsconfig.json
node dist/scripts/plugin-bundle.js >&2
node dist/scripts/policy-pack.js >&2

# 3. The engine (built from Go modules once per machine, then reused from the per-user cache).
step "making the Pulumi engine available"
engine_bin="$(bash scripts/engine.sh | tail -n 1)"
export PATH="$engine_bin:$PATH"

# 4. Offline settings: no update check, no plugin download, a local file backend and passphrase.
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_HOME="${PULUMI_HOME:-$root/.pulumi-state/home}"
export PULUMI_BACKEND_URL="${PULUMI_BACKEND_URL:-file://$root/.pulumi-state/backend}"
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-local-stacks-only}"
mkdir -p "$PULUMI_HOME" "${PULUMI_BACKEND_URL#file://}" 2>/dev/null || true

# 5. The random plugin (served from Node, docs/decisions/0004) installed under the exact version
# @pulumi/random asks for, so the engine finds it in its plugin cache.
random_version="$(node -p 'require("@pulumi/random/package.json").version')"
if [ ! -x "$PULUMI_HOME/plugins/resource-random-v$random_version/pulumi-resource-random" ]; then
  pulumi plugin install resource random "$random_version" --file "$root/.pulumi-engine/random/pulumi-resource-random" >&2
fi
export PULUMI_NODEJS_TRANSPILE_ONLY=true
