#!/bin/sh
# Type-checks the generated TypeScript module and runs node's test runner over it.
# Called by .ci/run; needs node >= 20 and npm. Installs the pinned devDependencies first.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --loglevel=error

# The module alone, with no DOM or Node types: proves it needs nothing but the language.
npx tsc -p tsconfig.module.json
# The module and the tests, with every strictness flag a consumer might turn on.
npx tsc -p tsconfig.json --noEmit

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
npx tsc -p tsconfig.json --outDir "$out"
node --test "$out"/tests/ts/*.test.js
