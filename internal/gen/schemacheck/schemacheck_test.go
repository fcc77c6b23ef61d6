package schemacheck_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
	"github.com/contractgen/contractgen/internal/gen/schemacheck/schemachecktest"
	"github.com/contractgen/contractgen/internal/sharedtest"
	"github.com/contractgen/contractgen/internal/tools/tablegen"
)

// repo is the repository root, relative to this package.
const repo = "../../.."

// agree fails the test when schemacheck's metaschema and the reference's official one disagree
// on a document. The metaschema has no "additionalProperties": false, so the pointers must match
// exactly.
func agree(t *testing.T, name string, data []byte) {
	t.Helper()
	if diff := schemachecktest.Compare(schemachecktest.ReferenceMetaschema(), schemacheck.Metaschema(), data, nil); diff != "" {
		t.Errorf("%s: %s\n%s", name, diff, data)
	}
}

// TestMetaschemaTableIsCurrent fails while metaschema_table.go is not what go generate writes
// for dialect.schema.json today.
func TestMetaschemaTableIsCurrent(t *testing.T) {
	want, err := tablegen.Source(tablegen.Options{Schema: "dialect.schema.json", Package: "schemacheck", Var: "metaschemaNodes"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("metaschema_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("metaschema_table.go is stale: run go generate ./internal/gen/schemacheck")
	}
}

// TestDialectIsAValidSchema holds the dialect itself to both metaschemas.
func TestDialectIsAValidSchema(t *testing.T) {
	agree(t, "dialect.schema.json", readFile(t, "dialect.schema.json"))
	if f, _, err := schemachecktest.Ours(schemacheck.Metaschema(), readFile(t, "dialect.schema.json")); err != nil || len(f) > 0 {
		t.Fatalf("dialect.schema.json is not valid against itself: %v %v", f, err)
	}
}

// TestMetaschemaAgreesOnRepositorySchemas compares the verdicts on every JSON file of testdata/ (the
// golden inputs, the contract versions, the compat cases and the instance corpus, which are
// documents too) and on the bundled contract.
func TestMetaschemaAgreesOnRepositorySchemas(t *testing.T) {
	var files []string
	for _, root := range []string{filepath.Join(repo, "testdata"), filepath.Join(repo, "docs", "contracts")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 300 {
		t.Fatalf("found only %d JSON files under testdata and docs/contracts", len(files))
	}
	invalid := 0
	for _, file := range files {
		data := readFile(t, file)
		if _, err := jsontree.Parse(data); err != nil {
			continue // not JSON on purpose (fail-invalid-json): the loader stops before this check
		}
		agree(t, file, data)
		if f, _ := schemachecktest.Reference(schemachecktest.ReferenceMetaschema(), data); len(f) > 0 {
			invalid++
		}
	}
	if invalid == 0 {
		t.Error("no file under testdata is an invalid schema: the comparison proves little")
	}
}

// TestMetaschemaAgreesOnTheSuite compares the verdicts on the schema of every test group of the
// official suite's draft 2020-12 files, optional ones included.
func TestMetaschemaAgreesOnTheSuite(t *testing.T) {
	suiteDir := filepath.Join(sharedtest.Suite(t), "tests", "draft2020-12")
	files, _ := filepath.Glob(filepath.Join(suiteDir, "*.json"))
	optional, _ := filepath.Glob(filepath.Join(suiteDir, "optional", "*.json"))
	files = append(files, optional...)
	if len(files) == 0 {
		sharedtest.Missing(t, filepath.Join(suiteDir, "*.json"))
	}
	groups := 0
	for _, file := range files {
		var suite []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(readFile(t, file), &suite); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, g := range suite {
			if _, err := jsontree.Parse(g.Schema); err != nil {
				continue
			}
			agree(t, filepath.Base(file)+": "+g.Description, g.Schema)
			groups++
		}
	}
	t.Logf("%d suite schemas compared", groups)
}

// keywordValues lists, for every keyword of the 2020-12 vocabularies, values of the wrong type or
// range (bad) and valid edge cases (good). contractgen supports most of these keywords; the rest
// (core's anchors and dynamic references, unevaluated*, content*, the deprecated ones) are refused
// later by the builder, but their shape is still checked as the official metaschema checks it.
var keywordValues = map[string]struct{ bad, good []string }{
	"$id":                   {bad: []string{`5`, `"x#frag"`, `null`, `[]`}, good: []string{`"x"`, `"urn:a:b#"`, `""`}},
	"$schema":               {bad: []string{`5`, `{}`}, good: []string{`"https://json-schema.org/draft/2020-12/schema"`, `"not a uri"`}},
	"$ref":                  {bad: []string{`5`, `{}`, `null`}, good: []string{`"#/$defs/a"`, `"other.json"`}},
	"$anchor":               {bad: []string{`"1a"`, `""`, `5`, `"a b"`}, good: []string{`"_a-b.c"`, `"A"`}},
	"$dynamicRef":           {bad: []string{`5`, `true`}, good: []string{`"#meta"`}},
	"$dynamicAnchor":        {bad: []string{`"#meta"`, `[]`}, good: []string{`"meta"`}},
	"$vocabulary":           {bad: []string{`[]`, `{"u": "yes"}`, `5`}, good: []string{`{"https://example.com/v": true}`, `{}`}},
	"$comment":              {bad: []string{`5`, `null`}, good: []string{`""`}},
	"$defs":                 {bad: []string{`[]`, `5`, `{"a": 5}`, `{"a": {"minLength": -1}}`}, good: []string{`{}`, `{"a": true, "b": {}}`}},
	"definitions":           {bad: []string{`[]`, `{"a": "x"}`}, good: []string{`{"a": false}`}},
	"prefixItems":           {bad: []string{`[]`, `{}`, `5`, `[5]`, `[{"type": 5}]`}, good: []string{`[true]`, `[{}, false]`}},
	"items":                 {bad: []string{`5`, `"x"`, `[]`, `[true]`, `null`, `{"type": 5}`}, good: []string{`true`, `{}`, `{"type": "string"}`}},
	"contains":              {bad: []string{`5`, `[]`}, good: []string{`false`, `{"const": 1}`}},
	"additionalProperties":  {bad: []string{`5`, `"false"`, `{"type": ["x"]}`}, good: []string{`false`, `{"type": "integer"}`}},
	"properties":            {bad: []string{`[]`, `5`, `{"a": 5}`, `{"a": {"type": "strin"}}`}, good: []string{`{}`, `{"a": true, "b": {"type": "null"}}`}},
	"patternProperties":     {bad: []string{`[]`, `{"^a": null}`}, good: []string{`{"^a": {}}`, `{"[": {}}`}},
	"dependentSchemas":      {bad: []string{`[]`, `{"a": []}`}, good: []string{`{"a": {"required": ["b"]}}`}},
	"propertyNames":         {bad: []string{`5`, `{"maxLength": "3"}`}, good: []string{`{"pattern": "^a"}`}},
	"if":                    {bad: []string{`5`}, good: []string{`true`}},
	"then":                  {bad: []string{`"x"`}, good: []string{`{}`}},
	"else":                  {bad: []string{`null`}, good: []string{`false`}},
	"allOf":                 {bad: []string{`[]`, `{}`, `[5]`, `[true, {"minimum": "0"}]`}, good: []string{`[true]`, `[{}, {}]`}},
	"anyOf":                 {bad: []string{`[]`, `true`}, good: []string{`[false, {}]`}},
	"oneOf":                 {bad: []string{`[]`, `[[]]`}, good: []string{`[{"type": "string"}]`}},
	"not":                   {bad: []string{`5`, `[]`}, good: []string{`{}`}},
	"unevaluatedItems":      {bad: []string{`5`}, good: []string{`false`}},
	"unevaluatedProperties": {bad: []string{`"no"`}, good: []string{`{"type": "string"}`}},
	"type": {
		bad:  []string{`5`, `"strin"`, `"String"`, `[]`, `["string", "string"]`, `["strin"]`, `[5]`, `null`, `{}`},
		good: []string{`"integer"`, `["null"]`, `["string", "null", "array", "object", "number", "integer", "boolean"]`},
	},
	"enum":              {bad: []string{`"a"`, `5`, `{}`, `null`}, good: []string{`[]`, `[1, "a", null, {}, [1, 1]]`}},
	"const":             {good: []string{`null`, `{"a": [1]}`, `"x"`}},
	"multipleOf":        {bad: []string{`0`, `-1`, `"2"`, `0.0`, `-0.5`, `null`, `-1e-400`}, good: []string{`1e-400`, `0.01`, `2`, `1e308`}},
	"maximum":           {bad: []string{`"1"`, `null`, `true`, `[]`, `{}`}, good: []string{`-1.5e3`, `0`}},
	"exclusiveMaximum":  {bad: []string{`true`, `"0"`}, good: []string{`10`}},
	"minimum":           {bad: []string{`"0"`, `false`}, good: []string{`100000000000000000000000000000`}},
	"exclusiveMinimum":  {bad: []string{`[]`, `null`}, good: []string{`-0`}},
	"maxLength":         {bad: []string{`-1`, `1.5`, `"1"`, `null`, `true`, `[]`, `-0.1`}, good: []string{`0`, `1.0`, `1e2`, `-0`}},
	"minLength":         {bad: []string{`-1`, `0.5`, `{}`}, good: []string{`0`, `3`, `10.0`}},
	"pattern":           {bad: []string{`5`, `null`, `[]`}, good: []string{`"^a+$"`, `"["`}},
	"maxItems":          {bad: []string{`-1`, `2.5`}, good: []string{`0`}},
	"minItems":          {bad: []string{`-2`, `"0"`}, good: []string{`1`}},
	"uniqueItems":       {bad: []string{`"true"`, `1`, `null`}, good: []string{`false`, `true`}},
	"maxContains":       {bad: []string{`-1`, `1.1`}, good: []string{`0`}},
	"minContains":       {bad: []string{`-1`, `true`}, good: []string{`0`, `2`}},
	"maxProperties":     {bad: []string{`-1`, `"1"`}, good: []string{`0`}},
	"minProperties":     {bad: []string{`-3`, `[]`}, good: []string{`2`}},
	"required":          {bad: []string{`"a"`, `["a", "a"]`, `[5]`, `{}`, `null`}, good: []string{`[]`, `["a", "b"]`}},
	"dependentRequired": {bad: []string{`[]`, `{"a": "b"}`, `{"a": ["b", "b"]}`, `{"a": [5]}`}, good: []string{`{}`, `{"a": []}`, `{"a": ["b"]}`}},
	"title":             {bad: []string{`5`, `null`}, good: []string{`""`}},
	"description":       {bad: []string{`[]`}, good: []string{`"d"`}},
	"default":           {good: []string{`null`, `[]`, `{"a": 1}`}},
	"deprecated":        {bad: []string{`"yes"`, `0`}, good: []string{`true`}},
	"readOnly":          {bad: []string{`1`}, good: []string{`false`}},
	"writeOnly":         {bad: []string{`null`}, good: []string{`true`}},
	"examples":          {bad: []string{`"x"`, `{}`}, good: []string{`[]`, `[1, "a"]`}},
	"format":            {bad: []string{`5`, `true`}, good: []string{`"date-time"`, `"no such format"`}},
	"contentEncoding":   {bad: []string{`5`}, good: []string{`"base64"`}},
	"contentMediaType":  {bad: []string{`[]`}, good: []string{`"application/json"`}},
	"contentSchema":     {bad: []string{`5`, `{"type": 5}`}, good: []string{`{}`}},
	"dependencies":      {bad: []string{`[]`, `{"a": 5}`, `{"a": ["b", "b"]}`, `{"a": [5]}`, `{"a": {"type": 5}}`}, good: []string{`{"a": ["b"]}`, `{"a": {}}`, `{"a": true}`}},
	"$recursiveAnchor":  {bad: []string{`true`, `5`}, good: []string{`"a"`}},
	"$recursiveRef":     {bad: []string{`5`}, good: []string{`"#"`}},
	// Unknown keywords are allowed, as the official metaschema allows them; the builder refuses
	// the ones it does not know, with its own message.
	"x-anything": {good: []string{`5`, `{"type": 5}`}},
	"nullable":   {good: []string{`"yes"`}},
}

// TestDialectNamesEveryOfficialKeyword checks that dialect.schema.json constrains exactly the
// members the official metaschema and its vocabularies constrain (read from the reference's
// compiled copy), and that keywordValues tries a bad value of each.
func TestDialectNamesEveryOfficialKeyword(t *testing.T) {
	official := map[string]bool{}
	c := jsonschema.NewCompiler()
	for _, url := range []string{"schema", "meta/core", "meta/applicator", "meta/unevaluated", "meta/validation",
		"meta/meta-data", "meta/format-annotation", "meta/content"} {
		for name := range c.MustCompile("https://json-schema.org/draft/2020-12/" + url).Properties {
			official[name] = true
		}
	}
	if len(official) < 60 {
		t.Fatalf("read only %d keywords from the official metaschema", len(official))
	}
	var dialect struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(readFile(t, "dialect.schema.json"), &dialect); err != nil {
		t.Fatal(err)
	}
	for name := range official {
		if _, ok := dialect.Properties[name]; !ok && name != "const" && name != "default" {
			t.Errorf("the official metaschema constrains %q, dialect.schema.json does not", name)
		}
	}
	for name := range dialect.Properties {
		if !official[name] {
			t.Errorf("dialect.schema.json constrains %q, the official metaschema does not", name)
		}
		if len(keywordValues[name].bad) == 0 {
			t.Errorf("keywordValues has no bad value of %q", name)
		}
	}
}

// contexts are the places a keyword is put in: the root, and the subschema positions of every
// applicator, so that the check is known to descend into each.
var contexts = []string{
	`%s`,
	`{"properties": {"p": %s}}`,
	`{"properties": {"a": {"properties": {"b/~c": %s}}}}`,
	`{"$defs": {"d": %s}}`,
	`{"definitions": {"d": %s}}`,
	`{"patternProperties": {"^a": %s}}`,
	`{"dependentSchemas": {"a": %s}}`,
	`{"dependencies": {"a": %s}}`,
	`{"additionalProperties": %s}`,
	`{"propertyNames": %s}`,
	`{"items": %s}`,
	`{"prefixItems": [true, %s]}`,
	`{"contains": %s}`,
	`{"allOf": [true, %s]}`,
	`{"anyOf": [%s]}`,
	`{"oneOf": [%s, false]}`,
	`{"not": %s}`,
	`{"if": %s, "then": %s, "else": %s}`,
	`{"unevaluatedItems": %s}`,
	`{"unevaluatedProperties": %s}`,
	`{"contentSchema": %s}`,
}

// TestMetaschemaAgreesOnKeywordValues puts a bad and a good value of every keyword at every
// subschema position and compares verdicts and pointers; each bad value must also be rejected.
func TestMetaschemaAgreesOnKeywordValues(t *testing.T) {
	for kw, values := range keywordValues {
		for _, ctx := range contexts {
			for _, v := range values.bad {
				doc := []byte(strings.ReplaceAll(ctx, "%s", `{"`+kw+`": `+v+`}`))
				agree(t, kw+" bad", doc)
				if f, _, _ := schemachecktest.Ours(schemacheck.Metaschema(), doc); len(f) == 0 {
					t.Errorf("%s: accepted %s", kw, doc)
				}
			}
			for _, v := range values.good {
				agree(t, kw+" good", []byte(strings.ReplaceAll(ctx, "%s", `{"`+kw+`": `+v+`}`)))
			}
		}
	}
	for _, doc := range []string{`5`, `"x"`, `[]`, `null`, `1.5`, `true`, `false`, `{}`} {
		agree(t, "root "+doc, []byte(doc))
	}
}

// TestCheckPointsAtTheValue checks what a diagnostic carries: file, pointer, line and column of
// the offending value, and a message after the prefix that says what was expected.
func TestCheckPointsAtTheValue(t *testing.T) {
	data := []byte("{\n  \"properties\": {\n    \"a\": {\"minLength\": -1, \"type\": [\"string\", 5]}\n  }\n}\n")
	tree, err := jsontree.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	got := schemacheck.Check(schemacheck.Metaschema(), "s.json", data, tree, "not a valid 2020-12 schema: ")
	want := []string{
		`s.json#/properties/a/minLength (line 3, column 24): not a valid 2020-12 schema: -1 is not at least 0`,
		`s.json#/properties/a/type/1 (line 3, column 47): not a valid 2020-12 schema: must be one of "array", "boolean", "integer", "null", "number", "object", "string"`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, got[i].String(), want[i])
		}
	}
}

// TestPropertyCalledPropertyNames checks that a property named like the keyword is not taken for
// it: the message stays about the value.
func TestPropertyCalledPropertyNames(t *testing.T) {
	data := []byte(`{"properties": {"propertyNames": {"type": 5}}}`)
	_, msgs, err := schemachecktest.Ours(schemacheck.Metaschema(), data)
	if err != nil {
		t.Fatal(err)
	}
	want := `doc.json#/properties/propertyNames/type (line 1, column 43): expected array or string, got integer`
	if len(msgs) != 1 || msgs[0] != want {
		t.Fatalf("got %q\nwant %q", msgs, want)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
