# contractgen — common tasks. `make test` is what CI runs (through .ci/run).
GO ?= go
# The TypeScript suite's runner (a variable so that the Makefile's own test can stand in for it).
TS_TESTS ?= tests/ts/run.sh
# The Rust suite's runner, a variable for the same reason.
RUST_TESTS ?= tests/rust/run.sh
# npm, a variable for the same reason.
NPM ?= npm
# Every suite `make test` runs, in order.
SUITES = test-go test-mcp test-peers test-ts test-openapi-interop test-rust

.PHONY: all generate regen check test test-go test-mcp test-peers test-ts test-openapi-interop test-rust lint bench fuzz

all: generate test

## generate: regenerate generated/ from the bundled contract
generate:
	$(GO) run ./cmd/contractgen generate

## regen: refresh every file derived from the sources, in dependency order: the runtime's inline
## copy and the schema tables (go generate), generated/ and the benchmark peers' code, then every
## golden file (each golden test's -update or -write flag). CI fails if running it changes anything.
regen:
	cd internal/templates && $(GO) generate
	cd internal/gen/schemacheck && $(GO) generate
	cd internal/gen/profile/errorcontract && $(GO) generate
	$(GO) run ./cmd/contractgen generate
	cd bench/peers/union && $(GO) generate
	cd bench/peers/gojsonschema && $(GO) generate
	$(GO) test -count=1 ./internal/gen/run -run '^TestGolden$$' -update
	$(GO) test -count=1 ./internal/gen/emit/openapi -run '^TestGolden$$' -update
	$(GO) test -count=1 ./internal/gen/emit/ts -run '^(TestGolden|TestCorpusFile|TestUnionTypesGolden)$$' -update
	$(GO) test -count=1 ./internal/gen/emit/docs -run '^TestGolden$$' -update
	$(GO) test -count=1 ./internal/gen/compat -run '^TestCases$$' -update
	$(GO) test -count=1 ./internal/cli -run '^TestContractVersionsRegenerate$$' -update
	$(GO) test -count=1 ./internal/conformance -run '^TestWriteCorpus$$' -args -write-corpus
	$(GO) test -count=1 ./cgruntime -run '^(TestSanitizeSecretCorpusFile|TestSanitizeRustTables)$$' -update
	$(GO) test -count=1 ./internal/gen/emit/rust -run '^(TestGoldenCrates|TestParityCorpus|TestSurfacesFile|TestConstructorsFile)$$' -update
	cd tests/openapi-interop && $(NPM) ci --no-audit --no-fund --loglevel=error && $(GO) test -count=1 -run '^TestClientsUpToDate$$' -update

## check: regenerate in memory and fail on any difference (modified, missing or stale files)
check:
	$(GO) run ./cmd/contractgen check

## test: every test suite of the repository. Each suite runs even when an earlier one failed; a
## summary at the end names each suite's result, and the status is nonzero when any failed.
test:
	@failed=0; summary=""; \
	for suite in $(SUITES); do \
		if $(MAKE) --no-print-directory $$suite; then verdict=ok; else verdict=FAILED; failed=1; fi; \
		summary="$$summary  $$suite: $$verdict\n"; \
	done; \
	printf 'make test summary:\n%b' "$$summary"; \
	exit $$failed

# CONTRACTGEN_FULL_SUITE=1: the official suite compiles and runs every group of five dialects
# (8 to 25 minutes on 2 cores), where a plain go test compiles a slice; hence the longer timeout.
# cgruntime is the runtime module of go.work's workspace, which ./... (this module's packages)
# does not reach.
test-go:
	CONTRACTGEN_FULL_SUITE=1 $(GO) test -timeout 45m ./... ./cgruntime/...

# The MCP SDK tests live in their own module so the SDK never reaches the main module's users.
test-mcp:
	cd tests/mcp && $(GO) test ./...

# The benchmark peers (go-jsonschema's generated code, mapstructure, the reference validator) live in
# their own module so they never reach the requirements of `go tool contractgen` users.
test-peers:
	cd bench/peers && $(GO) test ./...

test-ts:
	$(TS_TESTS)

# The Rust runtime, the generated crate and their parity with Go (cargo, offline, Debian's crates).
test-rust:
	$(RUST_TESTS)

# The OpenAPI fragments against oapi-codegen, ogen and redocly, pinned in their own module and
# package-lock.json so that none of them reaches the main module's users.
test-openapi-interop:
	cd tests/openapi-interop && $(NPM) ci --no-audit --no-fund --loglevel=error && $(GO) test ./...

## lint: gofmt, go vet and staticcheck
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./... ./cgruntime/...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... ./cgruntime/...

## bench: the benchmarks behind BENCHMARKS.md
bench:
	@if [ -x bench/run.sh ]; then bench/run.sh; else $(GO) test -run '^$$' -bench . -benchmem ./...; fi
	bench/compile.sh
	bench/deployment.sh
