// Package union is what contractgen generates for events.schema.json, a batch of events whose
// items are a discriminated oneOf: the package behind the union Parse benchmark in BENCHMARKS.md
// (bench/peers/union_bench_test.go). Regenerate from the repository root with go generate here.
package union

//go:generate go -C ../../.. run ./cmd/contractgen generate -q --schema bench/peers/union/events.schema.json --out bench/peers/union --go-dir . --package union --targets go
