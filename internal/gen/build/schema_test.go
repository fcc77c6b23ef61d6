package build

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestGoJSONSchemaIdentifier checks that go-jsonschema's goJSONSchema.identifier names a field,
// and that goJSONSchema.type with its imports names the field's Go type.
func TestGoJSONSchemaIdentifier(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "g.schema.json")
	write := func(s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"title": "G", "type": "object", "properties": {"id": {"type": "string", "goJSONSchema": {"identifier": "Identity"}}}}`)
	set, err := load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := Build(set, Options{Package: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if got := pkg.Roots[0].Fields[0].Go.Name; got != "Identity" {
		t.Errorf("field name %s, want Identity", got)
	}
	write(`{"title": "G", "type": "object", "properties": {"at": {"type": "string", "goJSONSchema": {"type": "time.Time", "imports": ["time"]}}}}`)
	set, err = load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err = Build(set, Options{Package: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if c := pkg.Roots[0].Fields[0].Type.Go.Custom; c == nil || c.Import != "time" || c.Name != "Time" {
		t.Errorf("goJSONSchema.type: custom type %+v, want time.Time", c)
	}
	write(`{"title": "G", "type": "object", "properties": {"id": {"type": "string", "goJSONSchema": {"type": "github.com/google/uuid.UUID"}}}}`)
	if set, err = load.Files([]string{p}); err != nil {
		t.Fatal(err)
	}
	if pkg, err = Build(set, Options{Package: "g"}); err != nil {
		t.Fatal(err)
	}
	if c := pkg.Roots[0].Fields[0].Type.Go.Custom; c == nil || c.Import != "github.com/google/uuid" || c.Name != "UUID" {
		t.Errorf("a full type path: custom type %+v, want github.com/google/uuid UUID", c)
	}
}

// TestBorrowedExtensionsDoNotMakeAContract checks that oapi-codegen's x-go-type, which contractgen
// reads, leaves a schema written for oapi-codegen an ordinary document: its other x- keywords
// stay annotations.
func TestBorrowedExtensionsDoNotMakeAContract(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "o.schema.json")
	if err := os.WriteFile(p, []byte(`{"title": "O", "type": "object", "properties": {"id": {"type": "string", "x-go-type": "string", "x-omitempty": true}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := Build(set, Options{Package: "o"})
	if err != nil {
		t.Fatal(err)
	}
	if c := pkg.Roots[0].Fields[0].Type.Go.Custom; c == nil || c.Name != "string" {
		t.Errorf("x-go-type not read: %+v", c)
	}
}
