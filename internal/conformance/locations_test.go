package conformance

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// TestPatternPropertiesMapLocations holds the golden case pattern-properties-map's table of
// keyword locations, which its hand-written test requires of the generated Parse, to the reference
// validator and to contractgen validate: a map value typed by a pattern fails under
// patternProperties/<pattern>, one no pattern admits under additionalProperties, in all three.
func TestPatternPropertiesMapLocations(t *testing.T) {
	base := filepath.Join("..", "..", "testdata", "golden", "pattern-properties-map")
	abs, err := filepath.Abs(filepath.Join(base, "registry.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := jsonschema.NewCompiler().Compile(abs)
	if err != nil {
		t.Fatal(err)
	}
	ours, err := run.NewValidator(run.Options{Schemas: []string{abs}})
	if err != nil {
		t.Fatal(err)
	}
	cases := readLocationTable(t, filepath.Join(base, "registry_test.go"))
	if len(cases) < 5 {
		t.Fatalf("only %d cases found in the golden test's keywordLocations", len(cases))
	}
	for _, c := range cases {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(c[0])))
		if err != nil {
			t.Fatal(err)
		}
		var refLocs []string
		if verr, ok := ref.Validate(doc).(*jsonschema.ValidationError); ok {
			for _, u := range verr.BasicOutput().Errors {
				// The reference writes locations URI-escaped, as in a fragment (%5E for ^).
				loc, err := url.PathUnescape(u.KeywordLocation)
				if err != nil {
					t.Fatal(err)
				}
				refLocs = append(refLocs, loc)
			}
		}
		if !slices.Contains(refLocs, c[1]) {
			t.Errorf("%s: the reference reports %q, not the table's %q", c[0], refLocs, c[1])
		}
		got, err := ours.Validate([]byte(c[0]))
		if err != nil {
			t.Fatal(err)
		}
		var locs []string
		for _, v := range got {
			locs = append(locs, v.KeywordLocation)
		}
		if !slices.Equal(locs, []string{c[1]}) {
			t.Errorf("%s: contractgen validate reports %q, want [%q]", c[0], locs, c[1])
		}
	}
}

// readLocationTable reads the {json, want} string pairs of the "keywordLocations" table in a Go
// test file.
func readLocationTable(t *testing.T, file string) [][2]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "keywordLocations" || len(spec.Values) != 1 {
			return true
		}
		for _, elt := range spec.Values[0].(*ast.CompositeLit).Elts {
			fields := elt.(*ast.CompositeLit).Elts
			var pair [2]string
			for i := range pair {
				lit, ok := fields[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("%s: keywordLocations holds a field that is not a string literal", file)
				}
				if pair[i], err = strconv.Unquote(lit.Value); err != nil {
					t.Fatal(err)
				}
			}
			out = append(out, pair)
		}
		return false
	})
	return out
}
