package openapi

import (
	"bytes"
	"errors"
	"flag"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenCases are the schemas TestGolden renders, each into testdata/golden/<case>: the fixture
// contract, which uses every keyword the 3.0 conversion rewrites, unions with and without a
// discriminator member, the profile's second contract, whose members are named otherwise, and its
// variant without a wait member, whose responses carry no Retry-After.
var goldenCases = map[string]string{
	"features":                fixturePath,
	"unions":                  unionsPath,
	"profile-second-contract": secondContractPath,
	"profile-no-wait":         noWaitPath,
}

// TestGolden compares both versions in both encodings, and the loss report, of each golden case
// with the files under testdata/golden/<case>. A missing golden file is a failure; -update
// rewrites them.
func TestGolden(t *testing.T) {
	for name, schema := range goldenCases {
		t.Run(name, func(t *testing.T) {
			compareGolden(t, filepath.Join("testdata", "golden", name), emitFiles(t, buildIR(t, schema)))
		})
	}
}

func compareGolden(t *testing.T, dir string, got map[string][]byte) {
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range got {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("golden directory: %v (run go test -update to create it)", err)
	}
	var onDisk []string
	for _, e := range entries {
		onDisk = append(onDisk, e.Name())
	}
	var names []string
	for name := range got {
		names = append(names, name)
	}
	sort.Strings(names)
	if !slices.Equal(onDisk, names) {
		t.Errorf("golden files %v, emitted files %v", onDisk, names)
	}
	for _, name := range names {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: no golden file (run go test -update)", name)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want, got[name]) {
			t.Errorf("%s differs from its golden file (-want +got):\n%s", name, diff.Diff("want", want, "got", got[name]))
		}
	}
}

// TestDeterministic shuffles the order in which the IR lists types and kinds: the output must not
// depend on it, only on names.
func TestDeterministic(t *testing.T) {
	for _, schema := range []string{contractPath, fixturePath, unionsPath, secondContractPath, noWaitPath} {
		pkg := buildIR(t, schema)
		first := emitFiles(t, pkg)
		r := rand.New(rand.NewPCG(1, 2))
		for round := 0; round < 5; round++ {
			r.Shuffle(len(pkg.Types), func(i, j int) { pkg.Types[i], pkg.Types[j] = pkg.Types[j], pkg.Types[i] })
			if errorcontract.Of(pkg).Catalog != nil {
				kinds := errorcontract.Of(pkg).Catalog.Kinds
				r.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
			}
			again := emitFiles(t, pkg)
			for name, data := range first {
				if !bytes.Equal(data, again[name]) {
					t.Fatalf("%s: %s changed when the IR's order changed", schema, name)
				}
			}
		}
	}
}
