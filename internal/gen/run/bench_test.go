package run_test

import (
	"os"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// BenchmarkRunContract measures the whole in-memory pipeline (load, build, every default target)
// on the bundled contract. Set CONTRACTGEN_BENCH_SCHEMA to measure another schema instead
// (bench/run.sh does, with the synthetic schemas of bench/synth).
func BenchmarkRunContract(b *testing.B) {
	schema := os.Getenv("CONTRACTGEN_BENCH_SCHEMA")
	targets := run.DefaultTargets()
	if schema == "" {
		schema = contractPath
	} else {
		targets = []string{"go"}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := run.Run(run.Options{Schemas: []string{schema}, Package: "bench", Targets: targets}); err != nil {
			b.Fatal(err)
		}
	}
}
