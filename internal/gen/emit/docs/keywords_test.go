package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/keywords"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// keywordSamples put each keyword that decides verdicts on the member "m" (or on the root object,
// for object keywords), beside what it needs (base, which the page without the keyword also has).
var keywordSamples = map[string]struct {
	base, with string
	root       bool // the sample is the root object itself, not its member "m"
}{
	"$ref":                  {`{"$defs": {"d": {"type": "string", "minLength": 2}}}`, `{"$defs": {"d": {"type": "string", "minLength": 2}}, "$ref": "#/properties/m/$defs/d"}`, false},
	"$dynamicRef":           {`{"$defs": {"d": {"$dynamicAnchor": "x", "type": "string", "minLength": 2}}}`, `{"$defs": {"d": {"$dynamicAnchor": "x", "type": "string", "minLength": 2}}, "$dynamicRef": "#x"}`, false},
	"type":                  {`{}`, `{"type": "string"}`, false},
	"enum":                  {`{}`, `{"enum": ["a", "b"]}`, false},
	"const":                 {`{}`, `{"const": "a"}`, false},
	"multipleOf":            {`{"type": "number"}`, `{"type": "number", "multipleOf": 2}`, false},
	"maximum":               {`{"type": "number"}`, `{"type": "number", "maximum": 2}`, false},
	"exclusiveMaximum":      {`{"type": "number"}`, `{"type": "number", "exclusiveMaximum": 2}`, false},
	"minimum":               {`{"type": "number"}`, `{"type": "number", "minimum": 2}`, false},
	"exclusiveMinimum":      {`{"type": "number"}`, `{"type": "number", "exclusiveMinimum": 2}`, false},
	"maxLength":             {`{"type": "string"}`, `{"type": "string", "maxLength": 2}`, false},
	"minLength":             {`{"type": "string"}`, `{"type": "string", "minLength": 2}`, false},
	"pattern":               {`{"type": "string"}`, `{"type": "string", "pattern": "^a"}`, false},
	"maxItems":              {`{"type": "array"}`, `{"type": "array", "maxItems": 2}`, false},
	"minItems":              {`{"type": "array"}`, `{"type": "array", "minItems": 2}`, false},
	"uniqueItems":           {`{"type": "array"}`, `{"type": "array", "uniqueItems": true}`, false},
	"maxProperties":         {`{"type": "object"}`, `{"type": "object", "maxProperties": 2}`, true},
	"minProperties":         {`{"type": "object"}`, `{"type": "object", "minProperties": 2}`, true},
	"required":              {`{"type": "object", "properties": {"a": {"type": "string"}}}`, `{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}`, true},
	"items":                 {`{"type": "array"}`, `{"type": "array", "items": {"type": "string"}}`, false},
	"prefixItems":           {`{"type": "array"}`, `{"type": "array", "prefixItems": [{"type": "string"}]}`, false},
	"contains":              {`{"type": "array"}`, `{"type": "array", "contains": {"type": "string"}}`, false},
	"minContains":           {`{"type": "array", "contains": {"type": "string"}}`, `{"type": "array", "contains": {"type": "string"}, "minContains": 2}`, false},
	"maxContains":           {`{"type": "array", "contains": {"type": "string"}}`, `{"type": "array", "contains": {"type": "string"}, "maxContains": 2}`, false},
	"properties":            {`{"type": "object"}`, `{"type": "object", "properties": {"a": {"type": "string"}}}`, true},
	"patternProperties":     {`{"type": "object"}`, `{"type": "object", "patternProperties": {"^a": {"type": "string"}}}`, true},
	"additionalProperties":  {`{"type": "object"}`, `{"type": "object", "additionalProperties": {"type": "string"}}`, true},
	"propertyNames":         {`{"type": "object"}`, `{"type": "object", "propertyNames": {"maxLength": 3}}`, true},
	"dependentRequired":     {`{"type": "object"}`, `{"type": "object", "dependentRequired": {"a": ["b"]}}`, true},
	"dependentSchemas":      {`{"type": "object"}`, `{"type": "object", "dependentSchemas": {"a": {"required": ["b"]}}}`, true},
	"allOf":                 {`{"type": "string"}`, `{"type": "string", "allOf": [{"minLength": 2}]}`, true},
	"anyOf":                 {`{}`, `{"anyOf": [{"type": "string"}, {"type": "integer"}]}`, false},
	"oneOf":                 {`{}`, `{"oneOf": [{"type": "string"}, {"type": "integer"}]}`, false},
	"not":                   {`{"type": "string"}`, `{"type": "string", "not": {"const": "a"}}`, true},
	"if":                    {`{"type": "object"}`, `{"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}}`, true},
	"then":                  {`{"type": "object", "if": {"required": ["a"]}}`, `{"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}}`, true},
	"else":                  {`{"type": "object", "if": {"required": ["a"]}}`, `{"type": "object", "if": {"required": ["a"]}, "else": {"required": ["b"]}}`, true},
	"unevaluatedItems":      {`{"type": "array"}`, `{"type": "array", "unevaluatedItems": false}`, false},
	"unevaluatedProperties": {`{"type": "object"}`, `{"type": "object", "unevaluatedProperties": false}`, true},
}

// silentOnPurpose are the keywords the page says nothing of, each with the reason. The list is
// exact: the test fails when one of them gets described, so that it leaves the list.
var silentOnPurpose = func() map[string]string {
	m := map[string]string{}
	// On a member, the page shows these keywords nowhere (the same page with and without them).
	for _, kw := range []string{"maxItems", "minItems", "uniqueItems", "items", "prefixItems", "contains",
		"minContains", "maxContains", "unevaluatedItems"} {
		m[kw] = "array rules are not described on the page yet"
	}
	for _, kw := range []string{"patternProperties", "additionalProperties", "propertyNames", "unevaluatedProperties"} {
		m[kw] = "rules on other members than the named ones are not described on the page yet"
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
		m[kw] = "an allOf, anyOf or oneOf inside a member's schema is not described on the page yet"
	}
	return m
}()

// memberPage renders the contract page of a root object whose member "m" is the given schema (or,
// with root, of the given object schema); "" with the error when load or build refuses it.
func memberPage(t *testing.T, member string, root bool) (string, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "k.schema.json")
	schema := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "K", "type": "object", "properties": {"m": ` + member + `}, "required": ["m"]}`
	if root {
		schema = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "K", ` + strings.TrimPrefix(member, "{")
	}
	if err := os.WriteFile(file, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{file})
	if err != nil {
		return "", err
	}
	pkg, err := build.Build(set, build.Options{Package: "k"})
	if err != nil {
		return "", err
	}
	files, err := Emit(pkg)
	if err != nil {
		return "", err
	}
	// The source hash differs with any schema; the rest of the page is what must say more.
	text := string(files[0].Bytes)
	if i := strings.Index(text, "Source hash: "); i >= 0 {
		text = text[:i] + text[i+len("Source hash: ")+len(pkg.Hash):]
	}
	return text, nil
}

// TestEveryKeywordIsDescribedOrRefused: for each keyword of the table that decides verdicts in
// 2020-12, a member using it gets a page that differs from the page without it, or generation
// refuses it (and so no page can leave it out), or it is listed as silent with a reason.
func TestEveryKeywordIsDescribedOrRefused(t *testing.T) {
	for _, k := range keywords.Table() {
		decides := k.Kind == keywords.Assertion || k.Kind == keywords.Applicator || k.Kind == keywords.Reference
		if !decides || !k.Dialects.Has(keywords.Draft2020) {
			continue
		}
		sample, ok := keywordSamples[k.Name]
		if !ok {
			t.Errorf("%s: no sample in keywordSamples; add one", k.Name)
			continue
		}
		base, err := memberPage(t, sample.base, sample.root)
		if err != nil {
			t.Errorf("%s: the page without the keyword fails: %v", k.Name, err)
			continue
		}
		with, err := memberPage(t, sample.with, sample.root)
		switch {
		case err != nil && !strings.Contains(err.Error(), k.Name):
			t.Errorf("%s: generation fails without naming the keyword (a wrong sample?): %v", k.Name, err)
		case err != nil:
			t.Logf("%s: refused at generation: %v", k.Name, err)
		case with == base && silentOnPurpose[k.Name] == "":
			t.Errorf("%s: the page says nothing of it (same page with and without)", k.Name)
		case with != base && silentOnPurpose[k.Name] != "":
			t.Errorf("%s: the page describes it now; take it off silentOnPurpose", k.Name)
		}
	}
}
