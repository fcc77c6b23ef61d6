package textdiff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

// pair builds an old/new pair from the given files, with every 100th line edited: the shape of
// a schema edit seen by a drift report.
func pair(b *testing.B, files []string) (string, string) {
	var old strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		old.Write(data)
	}
	lines := strings.SplitAfter(old.String(), "\n")
	for i := 50; i < len(lines); i += 100 {
		lines[i] = "// edited\n"
	}
	return old.String(), strings.Join(lines, "")
}

// BenchmarkDiff compares this package with the Go toolchain's anchored diff
// (github.com/rogpeppe/go-internal/diff) on the same pairs; the output size is reported as
// bytes/diff, since a diff that gives up is fast but shows the whole file.
func BenchmarkDiff(b *testing.B) {
	contract, err := filepath.Glob("../../../generated/agenterror/*.go")
	if err != nil || len(contract) == 0 {
		b.Fatal("no generated files: ", err)
	}
	cases := []struct {
		name  string
		files []string
	}{{"types.go", []string{"../../../generated/agenterror/types.go"}}, {"contract-5.6k-lines", contract}}
	// DIFF_BENCH_FILE names a large generated file, e.g. the 54k-line types.go of
	// go run ./bench/synth -defs 300 > s.json && contractgen generate --schema s.json --out g --targets go
	if big := os.Getenv("DIFF_BENCH_FILE"); big != "" {
		cases = append(cases, struct {
			name  string
			files []string
		}{"DIFF_BENCH_FILE", []string{big}})
	}
	for _, tc := range cases {
		a, c := pair(b, tc.files)
		name := tc.name
		b.Run("textdiff/"+name, func(b *testing.B) {
			var n int
			for b.Loop() {
				n = len(Unified("a", "b", a, c))
			}
			b.ReportMetric(float64(n), "bytes/diff")
		})
		b.Run("go-internal-diff/"+name, func(b *testing.B) {
			var n int
			for b.Loop() {
				n = len(diff.Diff("a", []byte(a), "b", []byte(c)))
			}
			b.ReportMetric(float64(n), "bytes/diff")
		})
	}
}
