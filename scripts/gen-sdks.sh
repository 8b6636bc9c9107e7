#!/usr/bin/env bash
# `npm run generate:sdks`: the SDKs kept in the repository, from the plugin's schema. Writes sdk/schema.json
# (scripts/sdk-schema.ts), then sdk/python (the `pulumi_chat` package) and sdk/go/chat (the Go module
# github.com/pulumi-chat/pulumi-chat/sdk/go/chat, its go.mod and go.sum) and sdk/java (io.github.pulumi-chat:chat, built by
# its own pom.xml) with Pulumi's code generators
# (scripts/sdkgen.sh), and sdk/schema.sha256: the schema they were made from. test/unit/sdks.test.ts fails
# when the schema changed since (docs/decisions/0110-sdks-in-the-repository.md).
# Needs Go (the generators and the Go SDK's module graph come from the Go module proxy, at exact versions).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
export PATH="$here/node_modules/.bin:$PATH" CGO_ENABLED=0 GOTOOLCHAIN="${GOTOOLCHAIN:-local}" GOFLAGS=-mod=mod
pulumi_version="$(node -p "require('./package.json').devDependencies['@pulumi/pulumi']")"

tsc -p tsconfig.json
node dist/scripts/sdk-schema.js
go_module="$(node -p "require('./sdk/schema.json').language.go.importBasePath")"

bash scripts/sdkgen.sh python sdk/python sdk/schema.json
# The distribution is published as `pulumi-chat` (the npm package's and the GitHub organization's name; the
# import package stays `pulumi_chat`): docs/decisions/0126-release-artifacts-and-registries.md.
sed -i "s/^setup(name='pulumi_chat',/setup(name='pulumi-chat',/" sdk/python/setup.py
grep -q "^setup(name='pulumi-chat'," sdk/python/setup.py
# The SDK's debug log without property values (secret outputs): our module, imported first by the package.
cp scripts/sdk-overlays/python/_quiet_debug.py sdk/python/pulumi_chat/_quiet_debug.py
sed -i '0,/^import builtins as _builtins$/s//from . import _quiet_debug  # noqa: F401  (first: see that module)\n&/' sdk/python/pulumi_chat/__init__.py
grep -q "^from . import _quiet_debug" sdk/python/pulumi_chat/__init__.py

# The Go generator writes <out>/chat/…: made aside, then put in place with the module's own go.mod.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bash scripts/sdkgen.sh go "$tmp/go" sdk/schema.json
[ -f sdk/go/chat/go.sum ] && cp sdk/go/chat/go.sum "$tmp/go.sum"
rm -rf sdk/go/chat
mkdir -p sdk/go
mv "$tmp/go/chat" sdk/go/chat
printf 'module %s\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v%s\n' "$go_module" "$pulumi_version" > sdk/go/chat/go.mod
[ -f "$tmp/go.sum" ] && cp "$tmp/go.sum" sdk/go/chat/go.sum
(cd sdk/go/chat && go mod tidy && gofmt -l . | { ! grep .; })
# The packaged Go example requires the module as the proxy will serve it: its go.sum holds the module's checksums.
node dist/scripts/go-sum.js

# Java: pulumi-java's generator writes Gradle files; the build is our own sdk/java/pom.xml (kept), and the two
# resources Gradle would have written at build time (the version and the plugin the SDK asks the engine for)
# are written here instead.
bash scripts/sdkgen.sh java "$tmp/java" sdk/schema.json
rm -rf sdk/java/src sdk/java/README.md
mkdir -p sdk/java
mv "$tmp/java/src" "$tmp/java/README.md" sdk/java/
# pulumi-java v1.13.0 writes additionalSecretOutputs into component options, which its own SDK's
# ComponentResourceOptions lacks (the build fails): dropped there; the plugin's component already returns
# those outputs as secrets.
grep -rl 'ComponentResourceOptions.builder()' sdk/java/src | xargs -r perl -0pi -e 's/\n\s*\.additionalSecretOutputs\(List\.of\([^)]*\)\)//g'
# The SDK's debug log without values (secret outputs): our class, installed by the first resource made.
cp scripts/sdk-overlays/java/QuietDebug.java sdk/java/src/main/java/com/pulumi/chat/QuietDebug.java
sed -i '0,/^    static {$/s//&\n        QuietDebug.install();/' sdk/java/src/main/java/com/pulumi/chat/Utilities.java
grep -q "^        QuietDebug.install();" sdk/java/src/main/java/com/pulumi/chat/Utilities.java
res=sdk/java/src/main/resources/com/pulumi/chat
mkdir -p "$res"
node -e "const s=require('./sdk/schema.json');process.stdout.write(s.version)" > "$res/version.txt"
node -e "const s=require('./sdk/schema.json');process.stdout.write(JSON.stringify({resource:true,name:s.name,version:s.version,server:s.pluginDownloadURL},null,2)+'\\n')" > "$res/plugin.json"

sha256sum sdk/schema.json | cut -d' ' -f1 > sdk/schema.sha256
# The Java SDK's own record, so a regeneration made without it (a branch older than sdk/java) shows.
cp sdk/schema.sha256 sdk/java/schema.sha256
echo "wrote sdk/schema.json, sdk/python, sdk/go/chat (module $go_module), sdk/java"
