package ts

import (
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestEmitDAGIsLinear emits the module of a 64-level DAG of $defs, each an object whose two
// members refer to the next (2^64 paths through 65 schemas; issue 13's shape used anyOf, which this
// target refuses): it finishes only if the emitter visits each schema a bounded number of times;
// an exponential one runs into go test's timeout.
func TestEmitDAGIsLinear(t *testing.T) {
	t.Chdir(repoRoot)
	set, err := load.Files([]string{"internal/gen/emit/openapi/testdata/dag-properties.schema.json"})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "dag"})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Emit(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no files")
	}
}
