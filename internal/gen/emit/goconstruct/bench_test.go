package goconstruct_test

import (
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit/goconstruct"
)

// BenchmarkEmit measures construct.go (and the copied sanitizer) for the bundled contract, from
// the IR to the bytes: the emitter's share of a generator run.
func BenchmarkEmit(b *testing.B) {
	pkg := buildIR(b, contractSchema)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := goconstruct.Emit(pkg); err != nil {
			b.Fatal(err)
		}
	}
}
