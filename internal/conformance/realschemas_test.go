package conformance

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/load"

	"github.com/contractgen/contractgen/internal/sharedtest"
	"github.com/contractgen/contractgen/internal/testmod"
)

// realInstancesDir holds hand-written instances of some of them: testdata/realschemas/<schema
// name without .json>/{valid,invalid}-N.json.
var realInstancesDir = filepath.Join("testdata", "realschemas")

// refusedRealSchemas are the corpus schemas contractgen refuses, each with a text its error must
// contain: the reasons README.md lists. Any other refusal, or one of these generating, fails.
var refusedRealSchemas = map[string]string{
	// base.json is a sibling on json.schemastore.org that the corpus does not hold.
	"rancher-fleet-0.5.json": "--ref-map https://json.schemastore.org/=DIR",
}

// TestRealSchemas generates every schema of the corpus into its own package, compiles and vets
// them all as one module, and sends the hand-written instances through the generated Parse and the
// reference validator: both must give the verdict the file name states. Compiling kubernetes'
// 600 definitions and the rest takes minutes, so a plain go test compiles and vets only the
// schemas with instances; make test and CI (CONTRACTGEN_FULL_SUITE=1) compile every one.
func TestRealSchemas(t *testing.T) {
	// The corpus holds 29 real-world schemas across the dialects (SchemaStore; see its SOURCE).
	realSchemasDir := sharedtest.Corpus(t)
	files, _ := filepath.Glob(filepath.Join(realSchemasDir, "*.json"))
	if len(files) == 0 {
		sharedtest.Missing(t, filepath.Join(realSchemasDir, "*.json"))
	}
	if testing.Short() {
		t.Skip("compiles and vets every corpus schema's package; not in -short mode")
	}
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "go.mod"), testmod.GoMod(t, "conftest"))
	var (
		cases    []runCase
		want     []bool
		names    []string // instance file of each case
		packages int
	)
	for _, file := range files {
		base := filepath.Base(file)
		pkg := fmt.Sprintf("g%04d", packages)
		// The default options, as a user would start: no --ref-map.
		err := GenerateWith(file, pkg, "", filepath.Join(work, pkg), load.Options{})
		reason, refused := refusedRealSchemas[base]
		switch {
		case err != nil && !refused:
			t.Errorf("%s: refused: %v", base, err)
			continue
		case err != nil:
			if !strings.Contains(err.Error(), reason) {
				t.Errorf("%s: refused, but not for %q: %v", base, reason, err)
			}
			continue
		case refused:
			t.Errorf("%s generates now; take it off refusedRealSchemas (and README's list, if the reason is gone)", base)
		}
		instances, _ := filepath.Glob(filepath.Join(realInstancesDir, strings.TrimSuffix(base, ".json"), "*.json"))
		sort.Strings(instances)
		if len(instances) == 0 && !sharedtest.Full() {
			// A plain go test compiles and vets only the schemas with instances; every schema
			// still generates (or is refused for its listed reason) above.
			if err := os.RemoveAll(filepath.Join(work, pkg)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var ref *jsonschema.Schema
		if len(instances) > 0 {
			ref = referenceFor(t, file)
		}
		for _, inst := range instances {
			data := readFile(t, inst)
			valid := strings.HasPrefix(filepath.Base(inst), "valid-")
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", inst, err)
			}
			if got := ref.Validate(doc) == nil; got != valid {
				t.Errorf("%s: the reference validator says valid=%v, the file name says %v", inst, got, valid)
			}
			cases = append(cases, runCase{Package: packages, Data: data})
			want = append(want, valid)
			names = append(names, inst)
		}
		packages++
	}
	if len(cases) < 30 {
		t.Errorf("only %d hand-written instances; the corpus test wants several schemas covered", len(cases))
	}
	got := runParsers(t, work, packages, cases)
	for i := range cases {
		if got[i] != verdict(want[i]) {
			t.Errorf("%s: Parse says %s, the reference and the file name say %s", names[i], got[i], verdict(want[i]))
		}
	}
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = work
	vet.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet on the generated packages: %v\n%s", err, out)
	}
	t.Logf("%d of %d corpus schemas generate, build and vet (the others, without instances, generate only unless %s=1); %d instances agree with the reference",
		packages, len(files), sharedtest.EnvFullSuite, len(cases))
}

// referenceFor compiles a corpus schema with the reference validator, from the file alone.
func referenceFor(t *testing.T, file string) *jsonschema.Schema {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := jsonschema.NewCompiler().Compile(abs)
	if err != nil {
		t.Fatalf("the reference cannot compile %s: %v", file, err)
	}
	return s
}
