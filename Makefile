# contractgen — common tasks. `make test` is what CI runs (through .ci/run).
GO ?= go

.PHONY: all generate check test test-go test-mcp test-ts test-openapi-interop lint bench fuzz

all: generate test

## generate: regenerate generated/ from the bundled contract
generate:
	$(GO) run ./cmd/contractgen generate

## check: regenerate in memory and fail on any difference (modified, missing or stale files)
check:
	$(GO) run ./cmd/contractgen check

## test: every test suite of the repository
test: test-go test-mcp test-ts test-openapi-interop

test-go:
	$(GO) test ./...

# The MCP SDK tests live in their own module so the SDK never reaches the main module's users.
test-mcp:
	@if [ -f tests/mcp/go.mod ]; then cd tests/mcp && $(GO) test ./...; fi

test-ts:
	@if [ -x tests/ts/run.sh ]; then tests/ts/run.sh; fi

# The OpenAPI fragments against oapi-codegen, ogen and redocly, pinned in their own module and
# package-lock.json so that none of them reaches the main module's users.
test-openapi-interop:
	cd tests/openapi-interop && npm ci --no-audit --no-fund --loglevel=error && $(GO) test ./...

## lint: gofmt, go vet and staticcheck
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

## bench: the benchmarks behind BENCHMARKS.md
bench:
	@if [ -x bench/run.sh ]; then bench/run.sh; else $(GO) test -run '^$$' -bench . -benchmem ./...; fi
