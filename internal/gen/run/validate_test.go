package run

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidatorUsesLoaderOptions: the validator reads the schema with the loader's options, as
// generate does: a draft-04 schema is refused in the default dialect and judged by draft-04's
// meaning of exclusiveMinimum under --dialect draft4.
func TestValidatorUsesLoaderOptions(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "old.json")
	if err := os.WriteFile(schema, []byte(`{"title": "Old", "type": "object", "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewValidator(Options{Schemas: []string{schema}}); err == nil || !strings.Contains(err.Error(), "exclusiveMinimum") {
		t.Fatalf("2020-12 reading of a draft-04 schema: err = %v, want the metaschema error at exclusiveMinimum", err)
	}
	lopts, err := LoadOptions("draft4", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewValidator(Options{Schemas: []string{schema}, Load: lopts})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		instance string
		want     []string // keyword locations
	}{
		{`{"n": 1}`, nil},
		{`{"n": 0}`, []string{"/properties/n/exclusiveMinimum"}},
		{`{"n": "x", "n": 1}`, []string{"", "/properties/n/type"}},
	} {
		got, err := v.Validate([]byte(c.instance))
		if err != nil {
			t.Fatalf("%s: %v", c.instance, err)
		}
		var kws []string
		for _, g := range got {
			kws = append(kws, g.KeywordLocation)
		}
		if strings.Join(kws, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: keyword locations %q, want %q (%+v)", c.instance, kws, c.want, got)
		}
	}
	if _, err := v.Validate([]byte(`{`)); err == nil {
		t.Error("Validate accepted text that is not JSON")
	}
}

// TestLoadOptionsRefusesBadSettings: each setting's error names what is wrong with it.
func TestLoadOptionsRefusesBadSettings(t *testing.T) {
	for _, c := range []struct {
		dialect string
		refMap  []string
		want    string
	}{
		{"draft5", nil, `unknown dialect "draft5"`},
		{"", []string{"nope"}, "want PREFIX=DIR"},
		{"", []string{"relative/=dir"}, "absolute URI"},
	} {
		if _, err := LoadOptions(c.dialect, c.refMap, ""); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadOptions(%q, %q): err = %v, want %q", c.dialect, c.refMap, err, c.want)
		}
	}
	got, err := LoadOptions("draft7", []string{"https://example.com/=d", "urn:x:=e"}, "root")
	if err != nil {
		t.Fatal(err)
	}
	if got.Dialect.String() != "draft7" || len(got.RefMap) != 2 || got.RefMap[1].Dir != "e" || got.RefRoot != "root" {
		t.Errorf("LoadOptions = %+v", got)
	}
}

// TestValidatorTakesOneSchema: validate judges against one schema; more is a mistake to report.
func TestValidatorTakesOneSchema(t *testing.T) {
	if _, err := NewValidator(Options{Schemas: []string{"a.json", "b.json"}}); err == nil {
		t.Error("NewValidator accepted two schemas")
	}
}

// TestOnlyPrintingNeedsAPackageName: validate builds the IR without a package name, since it
// prints nothing, while build refuses a run that prints targets without one.
func TestOnlyPrintingNeedsAPackageName(t *testing.T) {
	schema := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(schema, []byte(`{"title": "S", "type": "string"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := NewValidator(Options{Schemas: []string{schema}})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := v.Validate([]byte(`1`)); err != nil || len(got) == 0 {
		t.Errorf("validating 1 against a string schema: %v, %v; want a violation", got, err)
	}
	if _, err := Run(Options{Schemas: []string{schema}, Targets: []string{"go"}, GoDir: "pkg"}); err == nil || !strings.Contains(err.Error(), `package name "" is not a valid Go package name`) {
		t.Errorf("Run without a package name: %v", err)
	}
}
