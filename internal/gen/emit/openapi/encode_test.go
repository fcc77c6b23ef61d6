package openapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// trickyStrings are texts a careless YAML writer turns into something else: booleans, numbers,
// null, comments, indicators, quotes, blank and space-only lines, control and non-ASCII characters.
var trickyStrings = []string{
	"", "yes", "No", "ON", "off", "y", "n", "true", "False", "null", "Null", "~", "123", "-1", "1e3",
	"0x1F", "0o17", ".inf", "-.inf", ".nan", "1_000", "12:30", "2024-01-01", "-", "- item", "a: b",
	"a:b", "a #b", "#x", "x#", "'quoted'", `"dq"`, "it's", " lead", "trail ", "multi\nline",
	"multi\n\nblank", "ends\n", "\nstarts", "  indented\nline", "line\n   \nspace-only line",
	"tab\there", "tab\n\tline", "emoji 😀", "line\u2028sep", "nul\x00byte", "bell\a", "@at", "`tick",
	"%pct", "!bang", "&anchor", "*alias", "{brace}", "[bracket]", "|pipe", ">gt", "?q", "key: value\n  - x",
	"$ref", "application/json", "Retry-After", "x-generated", "a, b; c (d) e/f", "back\\slash",
	"<html> & \"entities\"", "\u00e9t\u00e9", "\ufeffbom",
}

// TestYAMLStringsRoundTrip writes each tricky string as a key and as a value, and reads the YAML back
// with goccy/go-yaml, an independent parser: every string must come back unchanged.
func TestYAMLStringsRoundTrip(t *testing.T) {
	for _, s := range trickyStrings {
		m := NewMap().Set("value", s).Set("list", []any{s, NewMap().Set("inner", s)})
		if s != "value" && s != "list" {
			m.Set(s, "as key")
		}
		data, err := encodeYAML(m)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		var got map[string]any
		if err := yaml.Unmarshal(data, &got); err != nil {
			t.Errorf("%q: the YAML does not parse: %v\n%s", s, err, data)
			continue
		}
		want := map[string]any{"value": s, "list": []any{s, map[string]any{"inner": s}}}
		if s != "value" && s != "list" {
			want[s] = "as key"
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q did not survive YAML:\n%s\ngot %#v", s, data, got)
		}
	}
}

// TestJSONStringsRoundTrip does the same for the JSON encoder with encoding/json.
func TestJSONStringsRoundTrip(t *testing.T) {
	for _, s := range trickyStrings {
		data, err := encodeJSON(NewMap().Set(s, []any{s, true, nil, Number("1.50"), 7}))
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("%q: %v\n%s", s, err, data)
		}
		want := map[string]any{s: []any{s, true, nil, json.Number("1.50"), json.Number("7")}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q did not survive JSON: got %#v", s, got)
		}
	}
}

// TestYAMLNestedShapes checks the compact "- key: value" form for maps and lists inside lists, and
// empty collections, against the independent parser.
func TestYAMLNestedShapes(t *testing.T) {
	doc := NewMap().
		Set("lists", []any{[]any{"a", []any{"b"}}, []any{}, NewMap(), NewMap().Set("k", []any{NewMap().Set("x", 1)})}).
		Set("empty", NewMap()).
		Set("numbers", []any{Number("0.1"), Number("-2"), Number("1e3"), 4}).
		Set("flags", []any{true, false, nil})
	data, err := encodeYAML(doc, "first comment", "second comment")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "# first comment\n# second comment\n") {
		t.Errorf("comments are not the first lines:\n%s", data)
	}
	asJSON, err := encodeJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !sameData(t, data, asJSON) {
		t.Errorf("YAML and JSON encodings differ:\n%s\n%s", data, asJSON)
	}
}

// TestEncodersRejectForeignValues: a value the document model does not allow is an error, not
// silent output.
func TestEncodersRejectForeignValues(t *testing.T) {
	bad := NewMap().Set("x", 1.5)
	if _, err := encodeJSON(bad); err == nil || !strings.Contains(err.Error(), "float64") {
		t.Errorf("encodeJSON(float64) error = %v", err)
	}
	if _, err := encodeYAML(bad); err == nil || !strings.Contains(err.Error(), "float64") {
		t.Errorf("encodeYAML(float64) error = %v", err)
	}
	if _, err := encodeYAML(NewMap()); err == nil {
		t.Error("encodeYAML accepted an empty document")
	}
}

// TestEncodingsAgree: for both contracts and both versions, the YAML and the JSON file hold the same
// data, read by two independent parsers.
func TestEncodingsAgree(t *testing.T) {
	for _, schema := range []string{contractPath, fixturePath} {
		pkg := buildIR(t, schema)
		files := emitFiles(t, pkg)
		names := FileNames(pkg)
		for _, pair := range [][2]string{{names.YAML31, names.JSON31}, {names.YAML30, names.JSON30}} {
			if !sameData(t, files[pair[0]], files[pair[1]]) {
				t.Errorf("%s and %s hold different data", pair[0], pair[1])
			}
		}
	}
}

// sameData parses YAML and JSON and compares the results, numbers compared as JSON text.
func sameData(t *testing.T, yamlData, jsonData []byte) bool {
	t.Helper()
	var fromYAML any
	if err := yaml.Unmarshal(yamlData, &fromYAML); err != nil {
		t.Fatalf("YAML: %v", err)
	}
	// goccy decodes integers as uint64 or int64 and floats as float64; a JSON round trip gives both
	// sides the same representation.
	normalized, err := json.Marshal(fromYAML)
	if err != nil {
		t.Fatalf("YAML data does not marshal: %v", err)
	}
	var a, b any
	if err := json.Unmarshal(normalized, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(jsonData, &b); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	return reflect.DeepEqual(a, b)
}

// TestYAMLNumbers: every number reads back, through the independent parser, as the value the JSON
// literal stands for.
func TestYAMLNumbers(t *testing.T) {
	for lit, want := range map[string]string{
		"1e3": "1000", "1E+3": "1000", "-2.5e2": "-250", "1.5e-3": "0.0015", "12e-1": "1.2", "0e5": "0",
		"0.1": "0.1", "-7": "-7", "100": "100", "5e-1": "0.5", "1.000e1": "10",
	} {
		if got := yamlNumber(Number(lit)); got != want {
			t.Errorf("yamlNumber(%s) = %s, want %s", lit, got, want)
		}
		data, err := encodeYAML(NewMap().Set("n", Number(lit)))
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := yaml.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		var wantValue any
		if err := json.Unmarshal([]byte(lit), &wantValue); err != nil {
			t.Fatal(err)
		}
		back, _ := json.Marshal(got["n"])
		var gotValue any
		if err := json.Unmarshal(back, &gotValue); err != nil {
			t.Fatalf("%s: YAML read %#v, not a number", lit, got["n"])
		}
		if gotValue != wantValue {
			t.Errorf("%s: YAML read %#v, want %v", lit, got["n"], wantValue)
		}
	}
}
