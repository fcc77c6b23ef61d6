package build

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestGoJSONSchemaIdentifier checks that go-jsonschema's goJSONSchema.identifier names a field,
// and that its other members are refused with their pointer.
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
	if got := pkg.Roots[0].Fields[0].GoName; got != "Identity" {
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
	if c := pkg.Roots[0].Fields[0].Type.Custom; c == nil || c.Import != "time" || c.Name != "Time" {
		t.Errorf("goJSONSchema.type: custom type %+v, want time.Time", c)
	}
}
