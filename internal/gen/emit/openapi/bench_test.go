package openapi

import "testing"

// BenchmarkEmit measures building and serializing both versions in both encodings, and the report,
// for the bundled contract; the IR is built once, outside the loop.
func BenchmarkEmit(b *testing.B) {
	pkg := buildIR(b, contractPath)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Emit(pkg); err != nil {
			b.Fatal(err)
		}
	}
}
