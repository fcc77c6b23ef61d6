package ts

import (
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// nodeLine matches one entry of the module's cgNodes: its number and origin.
var nodeLine = regexp.MustCompile(`(?m)^  /\* (\d+): (\S+) \*/ \{`)

// TestTableIsTheGoLowering: the module's printed table is the Go target's lowering, node for node,
// so a node number names the same schema in both targets. The table comes from lower.Lower
// itself, so what this holds is the printing: every node printed, once, in Lower's order, under its
// own origin (a print loop that skipped, reordered or renumbered nodes fails). The tree schema's
// root is not the first type by name, which is where the target's former lowering differed.
func TestTableIsTheGoLowering(t *testing.T) {
	t.Chdir(repoRoot)
	for _, schema := range []string{"testdata/golden/mutual-recursion/tree.schema.json", "testdata/golden/enum/light.schema.json", "docs/contracts/schemas/agent-error.schema.json"} {
		set, err := load.Files([]string{schema})
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := build.Build(set, build.Options{Package: "x", Profiles: []profile.Profile{errorcontract.Profile{}}})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Emit(pkg)
		if err != nil {
			t.Fatal(err)
		}
		goTable := lower.Lower(pkg)
		lines := nodeLine.FindAllStringSubmatch(string(files[0].Bytes), -1)
		if len(lines) != len(goTable.Nodes)-1 {
			t.Fatalf("%s: %d TypeScript nodes, %d Go nodes", schema, len(lines), len(goTable.Nodes)-1)
		}
		for i, m := range lines {
			if want := emit.InlineComment(emit.SourceRef(goTable.Origins[i+1])); m[1] != strconv.Itoa(i+1) || m[2] != want {
				t.Errorf("%s: TypeScript node %s is %s; Go node %d is %s", schema, m[1], m[2], i+1, want)
			}
		}
	}
}

// BenchmarkEmit measures the TypeScript target alone on the bundled contract, or on the schema
// CONTRACTGEN_BENCH_SCHEMA names (such as bench/synth's): the table is the Go lowering, which
// lowers more than this target prints.
func BenchmarkEmit(b *testing.B) {
	schema := os.Getenv("CONTRACTGEN_BENCH_SCHEMA")
	if schema == "" {
		b.Chdir(repoRoot)
		schema = "docs/contracts/schemas/agent-error.schema.json"
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
		if _, err := Emit(pkg); err != nil {
			b.Fatal(err)
		}
	}
}
