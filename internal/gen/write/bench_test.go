package write

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// benchFiles is a tree the size of the bundled contract's: 20 files of about 30 KB.
func benchFiles() []emit.File {
	var files []emit.File
	for i := range 20 {
		files = append(files, gen(fmt.Sprintf("pkg/f%02d.go", i), strings.Repeat("// line of generated code\n", 1200)))
	}
	return files
}

// BenchmarkApplyUnchanged is a run whose output is already on disk (go generate run again): it
// reads and compares every file, takes the lock and writes nothing.
func BenchmarkApplyUnchanged(b *testing.B) {
	root := b.TempDir()
	files := benchFiles()
	if _, err := Apply(root, files, opts("pkg")); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Apply(root, files, opts("pkg")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyAllChanged rewrites every file: staging, journal, renames and backups.
func BenchmarkApplyAllChanged(b *testing.B) {
	root := b.TempDir()
	trees := [2][]emit.File{benchFiles(), benchFiles()}
	for i := range trees[1] {
		trees[1][i].Bytes = append(trees[1][i].Bytes, "// changed\n"...)
	}
	n := 0
	for b.Loop() {
		if _, err := Apply(root, trees[n%2], opts("pkg")); err != nil {
			b.Fatal(err)
		}
		n++
	}
}
