package jsontree

import (
	"os"
	"testing"
)

// BenchmarkParsers compares Parse's two paths on the contract schema (and on the file
// JSONTREE_BENCH_FILE names, e.g. a bench/synth schema): Parse (the scanner of fast.go for valid
// input) and parseTokens (encoding/json's token stream), to state what the second parser is
// worth to a run.
func BenchmarkParsers(b *testing.B) {
	files := map[string]string{"contract": "../../../docs/contracts/schemas/agent-error.schema.json"}
	if f := os.Getenv("JSONTREE_BENCH_FILE"); f != "" {
		files["JSONTREE_BENCH_FILE"] = f
	}
	for name, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range []struct {
			name  string
			parse func([]byte) (*Node, error)
		}{{"Parse", Parse}, {"parseTokens", parseTokens}} {
			b.Run(name+"/"+p.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if _, err := p.parse(data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
