package tablegen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/tools/tablegen"
)

// TestSourceIsGofmt writes tables without go/format, so it requires gofmt's layout of them: for
// the schemas contractgen carries (whose committed tables schemacheck and catalog also compare
// byte for byte) and for a schema that uses the keywords whose nodes nest literals several deep.
func TestSourceIsGofmt(t *testing.T) {
	keywords := filepath.Join(t.TempDir(), "keywords.schema.json")
	if err := os.WriteFile(keywords, []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": ["object", "array", "null"],
  "properties": {"a": {"const": {"x": "y\"z"}}, "b": {"enum": ["one", 2, null, {"k": []}]}, "c": true, "d": false,
    "e": {"type": "string", "minLength": 1, "maxLength": 9, "pattern": "^a*/\\*$"}},
  "patternProperties": {"^x-": {"type": "integer", "minimum": -1, "exclusiveMaximum": 1e300}},
  "dependentRequired": {"a": ["b", "c"], "d": [], "f": ["a", "b", "c", "d", "e"]},
  "dependentSchemas": {"e": {"required": ["a", "b", "c", "d", "e"]}},
  "required": ["a", "b", "c", "d", "e", "f"],
  "items": {"anyOf": [{"type": "string"}, {"type": "number", "multipleOf": 0.5}]},
  "prefixItems": [{"type": "boolean"}],
  "minItems": 2, "uniqueItems": true, "additionalProperties": false
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, schema := range []string{"../../gen/schemacheck/dialect.schema.json", "../../gen/profile/errorcontract/vocabulary.schema.json", keywords} {
		src, err := tablegen.Source(tablegen.Options{Schema: schema, Package: "p", Var: "nodes"})
		if err != nil {
			t.Fatal(err)
		}
		if err := gosrc.FormatError(filepath.Base(schema)+".go", src); err != nil {
			t.Errorf("%v\n%s", err, src)
		}
	}
}
