package conformance

import (
	"bytes"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// goldenVerdictCases are golden cases whose hand-written test holds a table "verdicts" of
// {name, json, valid} that the generated Parse must meet, with the root schema of each.
var goldenVerdictCases = map[string]string{
	"result-contract-conditions": "tool-result.schema.json",
	"result-contract-extension":  "search-result.schema.json",
}

// TestGoldenVerdictsAgree holds the hand-written verdicts of those golden cases to the reference
// validator, so that the golden test checks Parse against JSON Schema and not against a guess.
func TestGoldenVerdictsAgree(t *testing.T) {
	for dir, schema := range goldenVerdictCases {
		base := filepath.Join("..", "..", "testdata", "golden", dir)
		abs, err := filepath.Abs(filepath.Join(base, schema))
		if err != nil {
			t.Fatal(err)
		}
		ref, err := jsonschema.NewCompiler().Compile(abs)
		if err != nil {
			t.Fatalf("%s: the reference cannot compile %s: %v", dir, schema, err)
		}
		cases := readVerdicts(t, filepath.Join(base, "result_test.go"))
		if len(cases) < 5 {
			t.Fatalf("%s: only %d verdicts found", dir, len(cases))
		}
		for _, c := range cases {
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(c.json)))
			if err != nil {
				t.Fatalf("%s: %s: %v", dir, c.name, err)
			}
			if got := ref.Validate(doc) == nil; got != c.valid {
				t.Errorf("%s: %s: the reference says valid=%v, the golden test says %v", dir, c.name, got, c.valid)
			}
		}
	}
}

type verdictCase struct {
	name, json string
	valid      bool
}

// readVerdicts evaluates the constant entries of the "verdicts" table in a Go test file.
func readVerdicts(t *testing.T, file string) []verdictCase {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	// Type-checking alone would fail on the generated names the file uses; the constants need none.
	conf := types.Config{Error: func(error) {}}
	_, _ = conf.Check("golden", fset, []*ast.File{f}, info)
	var out []verdictCase
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "verdicts" || len(spec.Values) != 1 {
			return true
		}
		for _, elt := range spec.Values[0].(*ast.CompositeLit).Elts {
			fields := elt.(*ast.CompositeLit).Elts
			if len(fields) != 3 {
				t.Fatalf("%s: a verdict entry with %d fields", file, len(fields))
			}
			str := func(e ast.Expr) string {
				v := info.Types[e].Value
				if v == nil || v.Kind() != constant.String {
					t.Fatalf("%s: %s is not a string constant", file, fset.Position(e.Pos()))
				}
				return constant.StringVal(v)
			}
			valid, err := strconv.ParseBool(fields[2].(*ast.Ident).Name)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, verdictCase{name: str(fields[0]), json: str(fields[1]), valid: valid})
		}
		return false
	})
	return out
}
