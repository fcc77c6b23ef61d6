package conformance

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"
	"github.com/contractgen/contractgen/internal/sharedtest"
)

// fuzzSchema is one suite schema compiled by both validators: contractgen's table (the
// interpreter that generated packages and contractgen validate run) and the reference.
type fuzzSchema struct {
	name      string
	nodes     []cgruntime.Node
	root      int32
	reference *jsonschema.Schema
}

var (
	fuzzOnce    sync.Once
	fuzzSchemas []fuzzSchema
	fuzzSeeds   [][]byte
)

// dialectReference maps a dialect to the reference validator's draft, for schemas without $schema.
var dialectReference = map[load.Dialect]*jsonschema.Draft{
	load.Draft4: jsonschema.Draft4, load.Draft6: jsonschema.Draft6, load.Draft7: jsonschema.Draft7,
	load.Draft2019: jsonschema.Draft2019, load.Draft2020: jsonschema.Draft2020,
}

// loadFuzzSchemas compiles every required suite group of every dialect that both validators can
// read alone (no remote reference) and whose verdicts cannot differ by design: no "format" (the
// reference asserts it up to draft-07, contractgen never does).
func loadFuzzSchemas(tb testing.TB) {
	suiteRoot := sharedtest.Suite(tb)
	fuzzOnce.Do(func() {
		work := filepath.Join(os.TempDir(), "contractgen-dialect-fuzz")
		for _, d := range load.Dialects {
			files, _ := filepath.Glob(filepath.Join(suiteRoot, "tests", d.String(), "*.json"))
			for _, file := range files {
				var groups []suiteGroup
				if data, err := os.ReadFile(file); err != nil || json.Unmarshal(data, &groups) != nil {
					continue
				}
				for gi, g := range groups {
					if bytes.Contains(g.Schema, []byte(`"format"`)) || bytes.Contains(g.Schema, []byte("localhost:1234")) {
						continue
					}
					name := d.String() + "-" + strings.TrimSuffix(filepath.Base(file), ".json") + "-" + strconv.Itoa(gi) + ".json"
					path := filepath.Join(work, name)
					if os.MkdirAll(work, 0o755) != nil || os.WriteFile(path, g.Schema, 0o644) != nil {
						continue
					}
					s, ok := compileBoth(path, d)
					if !ok {
						continue
					}
					fuzzSchemas = append(fuzzSchemas, s)
					for _, tc := range g.Tests {
						seed := append([]byte{byte(len(fuzzSchemas) - 1), byte((len(fuzzSchemas) - 1) >> 8)}, tc.Data...)
						fuzzSeeds = append(fuzzSeeds, seed)
					}
				}
			}
		}
	})
	if len(fuzzSchemas) < 500 {
		tb.Fatalf("only %d suite schemas compiled from %s; the suite has well over 500 that both validators read", len(fuzzSchemas), suiteRoot)
	}
}

func compileBoth(path string, d load.Dialect) (fuzzSchema, bool) {
	set, err := load.Load([]string{path}, load.Options{Dialect: d})
	if err != nil {
		return fuzzSchema{}, false
	}
	pkg, err := build.Build(set, build.Options{Package: "f", RootType: "Root"})
	if err != nil {
		return fuzzSchema{}, false
	}
	table := lower.Lower(pkg)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(dialectReference[d])
	ref, err := c.Compile(path)
	if err != nil {
		return fuzzSchema{}, false
	}
	return fuzzSchema{name: filepath.Base(path), nodes: cgruntime.Compile(table.Nodes), root: table.Of(pkg.Roots[0].Schema), reference: ref}, true
}

// FuzzDialectsAgreeWithReference picks a schema of any dialect's suite (the first two bytes) and
// requires contractgen's interpreter and the reference validator to give the same verdict on the
// rest, as JSON. Repeated member names are rejected by contractgen on purpose and skipped here.
// CI runs it for a bounded number of executions:
// go test ./internal/conformance -run '^$' -fuzz FuzzDialectsAgreeWithReference -fuzztime 60000x
func FuzzDialectsAgreeWithReference(f *testing.F) {
	loadFuzzSchemas(f)
	for _, seed := range fuzzSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 3 {
			return
		}
		s := fuzzSchemas[(int(in[0])|int(in[1])<<8)%len(fuzzSchemas)]
		data := in[2:]
		if !json.Valid(data) || hasRepeatedName(data) {
			return
		}
		if !referenceReadsNumbers(data) {
			if _, err := cgruntime.ValidateJSON(s.nodes, s.root, data); err != nil {
				t.Fatalf("%s: the interpreter cannot read %q: %v", s.name, data, err)
			}
			return
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return
		}
		want := s.reference.Validate(inst) == nil
		vs, err := cgruntime.ValidateJSON(s.nodes, s.root, data)
		if err != nil {
			t.Fatalf("%s: the interpreter cannot read %q: %v", s.name, data, err)
		}
		if got := len(vs) == 0; got != want {
			t.Fatalf("%s on %s: contractgen valid=%v (%v), reference valid=%v", s.name, data, got, vs, want)
		}
	})
}
