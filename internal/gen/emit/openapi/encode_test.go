package openapi

import (
	"bytes"
	"encoding/json"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"math/rand/v2"
	"path/filepath"
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
	"del\x7f", "c1\u0080\u009f", "nel\u0085", "nonchars\ufffe\uffff", "mid\ufeffbom",
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
		for _, r := range string(data) {
			if !yamlPrintable(r) {
				t.Errorf("%q: the YAML holds %U raw, which YAML 1.2 does not allow in a stream:\n%s", s, r, data)
			}
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

// yamlPrintable is YAML 1.2's nb-char plus line breaks (c-printable without the byte order mark),
// spelled out from the specification. goccy/go-yaml reads some characters outside it, so the
// round trip alone would not notice them; stricter readers (PyYAML, libyaml) refuse them.
func yamlPrintable(r rune) bool {
	switch {
	case r == 0x9, r == 0xa, r == 0xd, r >= 0x20 && r <= 0x7e, r == 0x85:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd && r != 0xfeff, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
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

// agreementContracts are the contracts whose documents TestEncodingsAgree reads back: the bundled
// contract, the feature fixture and every contract version under testdata/contracts.
var agreementContracts = []struct {
	schema string
	// withoutCatalog drops the kind catalog, for a contract whose catalog Emit refuses: v2 adds a
	// required member (trace_id) that no catalog row gives a value, so there is no valid example.
	// Its schemas are still checked.
	withoutCatalog bool
}{
	{schema: contractPath},
	{schema: fixturePath},
	{schema: versionPath("v1")},
	{schema: versionPath("v1.1")},
	{schema: versionPath("v2"), withoutCatalog: true},
}

// versionPath is the schema of a contract version under the repository's testdata/contracts.
func versionPath(version string) string {
	return filepath.Join("..", "..", "..", "..", "testdata", "contracts", version, "agent-error.schema.json")
}

// TestEncodingsAgree: for every contract and both versions, the YAML and the JSON file hold the
// same data, read by two independent parsers (goccy/go-yaml and encoding/json). The YAML is written
// by this package, not by a YAML library, so this is what shows it means what the JSON means.
func TestEncodingsAgree(t *testing.T) {
	for _, c := range agreementContracts {
		pkg := buildIR(t, c.schema)
		if c.withoutCatalog {
			if _, err := Emit(pkg); err == nil {
				t.Errorf("%s: Emit accepts the catalog now; check the whole document", c.schema)
			}
			errorcontract.Of(pkg).Catalog = nil
		}
		files := emitFiles(t, pkg)
		names := FileNames(pkg)
		for _, pair := range [][2]string{{names.YAML31, names.JSON31}, {names.YAML30, names.JSON30}} {
			if !sameData(t, files[pair[0]], files[pair[1]]) {
				t.Errorf("%s: %s and %s hold different data", c.schema, pair[0], pair[1])
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

// jsonQuote is what encoding/json writes for s with HTML escaping off, the behaviour appendQuoted
// copies.
func jsonQuote(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}

// TestQuoteMatchesEncodingJSON compares appendQuoted with encoding/json over the tricky strings,
// every byte value, every rune up to U+3100 (U+2028 and U+2029 among them) and random byte strings
// heavy in control characters, quotes, backslashes and broken UTF-8.
func TestQuoteMatchesEncodingJSON(t *testing.T) {
	inputs := append([]string{}, trickyStrings...)
	for b := range 256 {
		inputs = append(inputs, string([]byte{'a', byte(b), 'z'}))
	}
	for r := rune(0); r < 0x3100; r++ {
		inputs = append(inputs, "x"+string(r))
	}
	alphabet := []byte("a \"\\\x00\x01\x08\x0c\n\r\t\x1f\x7f<>&\xc3\xa9\xe2\x80\xa8\xa9\xf0\x9f\x98\x80\xff\xfe")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, s := range inputs {
		if got, want := string(appendQuoted([]byte("prefix"), s)), "prefix"+jsonQuote(s); got != want {
			t.Errorf("appendQuoted(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

// FuzzQuote holds appendQuoted to encoding/json on any string; the tricky strings are its seeds.
func FuzzQuote(f *testing.F) {
	for _, s := range trickyStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendQuoted(nil, s)), jsonQuote(s); got != want {
			t.Errorf("appendQuoted(%q) = %s, encoding/json writes %s", s, got, want)
		}
	})
}

// TestEncoderSharedMaps: an encoder that copies the text of shared Maps writes what an encoder
// without shared Maps writes, wherever the shared Map sits: at the same place in two documents, at
// another indentation, as a list item, and twice in one document.
func TestEncoderSharedMaps(t *testing.T) {
	shared := NewMap().Set("a", "x\ny").Set("b", []any{NewMap().Set("c", 1), "d"})
	docs := []*Map{
		NewMap().Set("top", NewMap().Set("s", shared)),
		NewMap().Set("top", NewMap().Set("s", shared).Set("again", shared)),
		NewMap().Set("s", shared).Set("list", []any{shared, []any{shared}}).Set("deep", NewMap().Set("s", NewMap().Set("s", shared))),
	}
	jsonEnc, yamlEnc := newEncoder(shared), newEncoder(shared)
	for i, doc := range docs {
		gotJSON, err := jsonEnc.appendJSON(nil, doc)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := encodeJSON(doc)
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("document %d, JSON with shared Maps:\n%s\nwant:\n%s", i, gotJSON, wantJSON)
		}
		gotYAML, err := yamlEnc.appendYAML(nil, doc)
		if err != nil {
			t.Fatal(err)
		}
		wantYAML, _ := encodeYAML(doc)
		if string(gotYAML) != string(wantYAML) {
			t.Errorf("document %d, YAML with shared Maps:\n%s\nwant:\n%s", i, gotYAML, wantYAML)
		}
	}
}
