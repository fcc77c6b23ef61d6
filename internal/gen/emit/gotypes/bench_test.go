package gotypes_test

import (
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"os"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// BenchmarkEmitTypes measures types.go alone (Emit) on the bundled contract, or on the schema
// CONTRACTGEN_BENCH_SCHEMA names (bench/synth writes large ones), loading and building it once.
// docs/design/layout.md compares it with the jennifer writer it replaced.
func BenchmarkEmitTypes(b *testing.B) {
	schema := os.Getenv("CONTRACTGEN_BENCH_SCHEMA")
	if schema == "" {
		schema = contractSchema
	}
	set, err := load.Files([]string{schema})
	if err != nil {
		b.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "bench", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gotypes.Emit(pkg); err != nil {
			b.Fatal(err)
		}
	}
}
