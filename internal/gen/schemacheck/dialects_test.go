package schemacheck_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
	"github.com/contractgen/contractgen/internal/gen/schemacheck/schemachecktest"
	"github.com/contractgen/contractgen/internal/sharedtest"
	"github.com/contractgen/contractgen/internal/tools/tablegen"
)

// dialectTables are the tables go generate writes from the official metaschemas.
var dialectTables = []struct {
	dialect, schema, variable, file string
	refMap                          []load.RefMap
}{
	{"draft4", "metaschemas/draft-04/schema", "draft4Nodes", "draft4_table.go", nil},
	{"draft6", "metaschemas/draft-06/schema", "draft6Nodes", "draft6_table.go", nil},
	{"draft7", "metaschemas/draft-07/schema", "draft7Nodes", "draft7_table.go", nil},
	// The vocabulary files it references (meta/core, ...) are the loader's built-in metaschemas.
	{"draft2019-09", "metaschemas/draft/2019-09/schema", "draft201909Nodes", "draft201909_table.go", nil},
}

// TestDialectTablesAreCurrent fails while a dialect's table is not what go generate writes today.
func TestDialectTablesAreCurrent(t *testing.T) {
	for _, d := range dialectTables {
		want, err := tablegen.Source(tablegen.Options{Schema: d.schema, Package: "schemacheck", Var: d.variable, RefMap: d.refMap})
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(d.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./internal/gen/schemacheck", d.file)
		}
	}
}

// TestDialectMetaschemasAgreeWithReference holds each dialect's table (contractgen's interpreter
// over the official metaschema) to the reference validator's own metaschema of that dialect: on
// every schema of the dialect's suite files, optional ones included, and on schemas written to
// break each dialect's rules.
func TestDialectMetaschemasAgreeWithReference(t *testing.T) {
	invalid := map[string][]string{
		"draft4": {`{"exclusiveMinimum": true}`, `{"type": "strin"}`, `{"id": 1}`, `{"items": [1]}`, `{"required": []}`,
			`{"dependencies": {"a": 1}}`, `{"minLength": -1}`, `{"additionalItems": "x"}`},
		"draft6": {`{"exclusiveMinimum": true}`, `{"$id": 1}`, `{"contains": 1}`, `{"propertyNames": []}`},
		"draft7": {`{"if": 1}`, `{"$comment": 2}`, `{"readOnly": "yes"}`, `{"definitions": {"a": 1}}`, `{"dependencies": {"a": [1]}}`},
		"draft2019-09": {`{"$anchor": "1a"}`, `{"$recursiveAnchor": 1}`, `{"unevaluatedItems": 1}`, `{"dependentRequired": {"a": "b"}}`,
			`{"items": [{"type": 1}]}`, `{"minContains": -1}`},
	}
	suite := filepath.Join(sharedtest.Suite(t), "tests")
	for _, d := range dialectTables {
		dialect, _ := load.ParseDialect(d.dialect)
		ref := jsonschema.NewCompiler().MustCompile(dialect.URI())
		ours := schemacheck.MetaschemaFor(d.dialect)
		docs := invalid[d.dialect]
		for _, bad := range docs {
			if f, _, err := schemachecktest.Ours(ours, []byte(bad)); err != nil || len(f) == 0 {
				t.Errorf("%s: %s passes the %s metaschema", d.dialect, bad, d.dialect)
			}
		}
		files, _ := filepath.Glob(filepath.Join(suite, d.dialect, "*.json"))
		if len(files) == 0 {
			sharedtest.Missing(t, filepath.Join(suite, d.dialect, "*.json"))
		}
		// The optional files aside: the reference asserts format "regex" on patterns when it checks
		// a metaschema; formats are annotations to contractgen.
		for _, file := range files {
			var groups []struct {
				Schema json.RawMessage `json:"schema"`
			}
			if err := json.Unmarshal(readFile(t, file), &groups); err != nil {
				t.Fatal(err)
			}
			for _, g := range groups {
				docs = append(docs, string(g.Schema))
			}
		}
		if len(docs) < 100 && len(files) > 0 {
			t.Fatalf("%s: only %d schemas to compare", d.dialect, len(docs))
		}
		for _, doc := range docs {
			if diff := related(ref, ours, []byte(doc)); diff != "" {
				t.Errorf("%s: %s\n%s", d.dialect, diff, doc)
			}
		}
	}
}

// related compares the verdicts of the reference and of schemacheck on a document, and requires
// each one's pointers to lie on a path with one of the other's: under anyOf, the official
// metaschemas make the reference report a leaf per branch, where schemacheck reports the anyOf.
func related(ref *jsonschema.Schema, ours *schemacheck.Schema, data []byte) string {
	r, err := schemachecktest.Reference(ref, data)
	if err != nil {
		return "reference: " + err.Error()
	}
	o, msgs, err := schemachecktest.Ours(ours, data)
	if err != nil {
		return "schemacheck: " + err.Error()
	}
	if (len(r) == 0) != (len(o) == 0) {
		return fmt.Sprintf("verdicts differ: reference finds %q, schemacheck finds %q", r, msgs)
	}
	onPath := func(a, b string) bool {
		return a == b || strings.HasPrefix(a, b+"/") || strings.HasPrefix(b, a+"/")
	}
	for _, op := range o {
		if !slices.ContainsFunc(r, func(rp string) bool { return onPath(op, rp) }) {
			return fmt.Sprintf("schemacheck points at %s, the reference nowhere near (reference: %q; schemacheck: %q)", op, r, msgs)
		}
	}
	return ""
}
