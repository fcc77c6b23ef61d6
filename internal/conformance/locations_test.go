package conformance

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
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

// TestUnionViolationsNameTheCause holds contractgen validate's report of a failing union to the
// reference validator: a union whose variant the value selects (by a discriminating const, a
// required member or the JSON type) reports that variant's violations under the union's own, a
// value that selects none reports each variant's first violation, and every keyword location is
// one the reference validator's output names for the same document.
func TestUnionViolationsNameTheCause(t *testing.T) {
	zoo := filepath.Join("..", "..", "testdata", "golden", "union-discriminated", "zoo.schema.json")
	workflow := filepath.Join(firstHourDir, "schemas", "github-workflow.json")
	job := "/properties/jobs/patternProperties/^[_a-zA-Z][a-zA-Z0-9_-]*$/oneOf"
	cases := []struct {
		schema, doc string
		want        []string // "instance location (keyword location)" of every violation
	}{
		{zoo, `{"pet":{"kind":"cat","lives":10}}`, []string{
			"/pet (/properties/pet/$ref/oneOf)",
			"/pet/lives (/properties/pet/$ref/oneOf/0/$ref/properties/lives/maximum)"}},
		{zoo, `{"pet":{"kind":"dog"}}`, []string{
			"/pet (/properties/pet/$ref/oneOf)",
			"/pet (/properties/pet/$ref/oneOf/1/$ref/required)"}},
		{zoo, `{"pet":{"kind":"cat","lives":1},"tree":{"kind":"branch","child":{"kind":"branch","weight":10,"child":{"kind":"leaf"}}}}`, []string{
			"/tree (/properties/tree/$ref/oneOf)",
			"/tree/child (/properties/tree/$ref/oneOf/1/$ref/properties/child/$ref/oneOf)",
			"/tree/child/weight (/properties/tree/$ref/oneOf/1/$ref/properties/child/$ref/oneOf/1/$ref/properties/weight/maximum)"}},
		{zoo, `{"pet":null}`, []string{
			"/pet (/properties/pet/$ref/oneOf)",
			"/pet (/properties/pet/$ref/oneOf/0/$ref/type)",
			"/pet (/properties/pet/$ref/oneOf/1/$ref/type)"}},
		{workflow, `{"on":"push","jobs":{"build":{"runs-on":"ubuntu-latest","steps":[{"run":"make"}],"timeout-minutes":"soon"}}}`, []string{
			"/jobs/build (" + job + ")",
			"/jobs/build/timeout-minutes (" + job + "/0/$ref/properties/timeout-minutes/oneOf)",
			"/jobs/build/timeout-minutes (" + job + "/0/$ref/properties/timeout-minutes/oneOf/1/$ref/pattern)"}},
		{workflow, `{"on":"push","jobs":{"build":{"steps":[]}}}`, []string{
			"/jobs/build (" + job + ")",
			"/jobs/build (" + job + "/0/$ref/required)",
			"/jobs/build (" + job + "/1/$ref/required)"}},
	}
	for _, c := range cases {
		abs, err := filepath.Abs(c.schema)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := jsonschema.NewCompiler().Compile(abs)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(c.doc)))
		if err != nil {
			t.Fatal(err)
		}
		// Every unit of the reference's detailed output: its basic output stops at a $ref.
		refLocs := map[string]bool{}
		var walk func(u *jsonschema.OutputUnit)
		walk = func(u *jsonschema.OutputUnit) {
			loc, err := url.PathUnescape(u.KeywordLocation)
			if err != nil {
				t.Fatal(err)
			}
			refLocs[u.InstanceLocation+" ("+loc+")"] = true
			for i := range u.Errors {
				walk(&u.Errors[i])
			}
		}
		if verr, ok := ref.Validate(doc).(*jsonschema.ValidationError); ok {
			walk(verr.DetailedOutput())
		}
		if len(refLocs) == 0 {
			t.Fatalf("%s: the reference validator accepts %s", c.schema, c.doc)
		}
		ours, err := run.NewValidator(run.Options{Schemas: []string{abs}})
		if err != nil {
			t.Fatal(err)
		}
		vs, err := ours.Validate([]byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range vs {
			got = append(got, v.InstanceLocation+" ("+v.KeywordLocation+")")
			if !refLocs[got[len(got)-1]] {
				t.Errorf("%s: %s: %s is not among the reference validator's %v", filepath.Base(c.schema), c.doc, got[len(got)-1], slices.Sorted(maps.Keys(refLocs)))
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %s:\n got %q\nwant %q", filepath.Base(c.schema), c.doc, got, c.want)
		}
	}
}
