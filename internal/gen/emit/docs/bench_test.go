package docs

import "testing"

// BenchmarkEmit renders the contract's page: the docs target's share of a generate run.
func BenchmarkEmit(b *testing.B) {
	pkg := buildIR(b, "docs/contracts/schemas/agent-error.schema.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Emit(pkg); err != nil {
			b.Fatal(err)
		}
	}
}
