package run_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/run"
)

// TestCustomGoTypesLeaveOtherTargets checks that Go types of the user's and typed formats change
// the Go package alone: TypeScript, OpenAPI, Rust and the docs come out as they do for the same
// schema without them (up to the content hash, which covers the options).
func TestCustomGoTypesLeaveOtherTargets(t *testing.T) {
	dir := t.TempDir()
	with := `{"title": "E", "type": "object", "required": ["at"], "properties": {
		"at": {"type": "string", "format": "date-time", "x-go-type": "time.Time"},
		"n": {"type": "integer", "goJSONSchema": {"type": "int32"}},
		"id": {"type": "string", "format": "uuid"},
		"d": {"type": "string", "format": "decimal"},
		"p": {"$ref": "#/$defs/P"}},
		"$defs": {"P": {"type": "integer", "minimum": 1}}}`
	without := regexp.MustCompile(`, "x-go-type": "time.Time"|, "goJSONSchema": \{"type": "int32"\}`).ReplaceAllString(with, "")
	generate := func(name, schema string, opts run.Options) map[string][]byte {
		t.Helper()
		sub := filepath.Join(dir, name)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "e.schema.json"), []byte(schema), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Chdir(sub)
		opts.Schemas, opts.Package = []string{"e.schema.json"}, "e"
		res, err := run.Run(opts)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]byte{}
		for _, f := range res.Files {
			// YAML quotes a hash that reads as a number, so the quotes go with it.
			b := bytes.ReplaceAll(f.Bytes, []byte(`"`+res.Package.Hash+`"`), []byte("HASH"))
			out[f.Path] = bytes.ReplaceAll(b, []byte(res.Package.Hash), []byte("HASH"))
		}
		return out
	}
	custom := generate("with", with, run.Options{TypedFormats: true, GoTypes: build.GoTypeMap{
		Formats: map[string]ir.CustomType{"decimal": {Import: "math/big", Name: "Float"}},
		Refs:    map[string]ir.CustomType{"e.schema.json#/$defs/P": {Name: "uint16"}}}})
	plain := generate("without", without, run.Options{})
	compared, goChanged := map[string]bool{}, false
	for path, b := range plain {
		if strings.HasPrefix(path, "e/") {
			goChanged = goChanged || !bytes.Equal(b, custom[path])
			continue
		}
		compared[filepath.Ext(path)] = true
		if !bytes.Equal(b, custom[path]) {
			t.Errorf("%s changed with custom Go types:\n--- without\n%s\n--- with\n%s", path, b, custom[path])
		}
	}
	for _, ext := range []string{".ts", ".rs", ".yaml", ".md"} {
		if !compared[ext] {
			t.Errorf("no %s file among the other targets' files compared (%v)", ext, compared)
		}
	}
	if !goChanged {
		t.Fatal("the Go package did not change: the custom types were not applied")
	}
}
