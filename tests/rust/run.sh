#!/bin/sh
# The Rust side: the runtime crate (rsruntime), the generated crate of the bundled contract
# (generated/rust/agenterror) and the parity tests against the Go runtime (tests/rust), built offline from
# Debian's packaged crates (.cargo/config.toml; .ci/run installs them). Under CI=true a missing
# cargo or crate fails; elsewhere the suite is skipped with one line.
set -eu
cd "$(dirname "$0")/../.."

missing=""
command -v cargo >/dev/null 2>&1 || missing="cargo"
for crate in serde serde_json serde_derive regex regex-syntax aho-corasick; do
	ls -d /usr/share/cargo/registry/"$crate"-[0-9]* >/dev/null 2>&1 || missing="$missing $crate"
done
if [ -n "$missing" ]; then
	if [ "${CI:-}" = "true" ]; then
		echo "test-rust: missing$missing (apt-get install cargo librust-serde-dev librust-serde-json-dev librust-serde-derive-dev librust-regex-dev librust-regex-syntax-dev librust-aho-corasick-dev)" >&2
		exit 1
	fi
	echo "test-rust: skipped, missing$missing (apt-get install cargo librust-serde-dev librust-serde-json-dev librust-serde-derive-dev librust-regex-dev librust-regex-syntax-dev librust-aho-corasick-dev)"
	exit 0
fi

# The sanitizer's parity corpus: Go's output for every text and evidence map of cgruntime's
# sanitizer test corpora, which tests/rust/tests/sanitize_*.rs compare with the Rust port's. It is
# written afresh (not committed: it is large, and Go writes it in a second); under CI=true the
# Rust tests fail without it.
corpus="$PWD/tests/rust/testdata/sanitize_parity.json"
rm -f "$corpus"
if command -v go >/dev/null 2>&1; then
	CONTRACTGEN_SANITIZE_PARITY="$corpus" go test -count=1 ./cgruntime -run '^TestSanitizeParityDump$'
elif [ "${CI:-}" = "true" ]; then
	echo "test-rust: go is needed to write the sanitizer parity corpus" >&2
	exit 1
fi

cargo test --offline --locked --workspace
cargo clippy --offline --locked --workspace --all-targets -- -D warnings
