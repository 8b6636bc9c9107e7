#!/usr/bin/env bash
# `npm run demo`: installs what is missing, then provisions the tiny engine-proof program on a local stack,
# shows that a second preview has nothing to change, and tears it down.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$root/test/e2e/programs/tiny"
stack=demo
step "pulumi up ($stack)"
pulumi stack select "$stack" --create --non-interactive >/dev/null
pulumi up --yes --non-interactive --skip-preview
step "preview: nothing left to change"
pulumi preview --non-interactive --expect-no-changes
step "pulumi destroy"
pulumi destroy --yes --non-interactive --skip-preview
pulumi stack rm "$stack" --yes --non-interactive >/dev/null
