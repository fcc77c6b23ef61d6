package run_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/run"
	"github.com/contractgen/contractgen/internal/testmod"
)

// TestCustomTypesTypeChecked checks that a Go type of the user's is type-checked against the
// consumer module at generation time: a package that is missing or does not build, a type it
// does not declare, and a type encoding/json would not decode exactly are generation errors at
// the pointer that named them; a good mapping generates.
func TestCustomTypesTypeChecked(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checking custom types needs the go command; skipped in -short mode")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	mod := t.TempDir()
	files := map[string]string{
		"go.mod":         testmod.GoMod(t, "example.com/app"),
		"money/money.go": "package money\n\n// Cents is an amount.\ntype Cents int64\n\n// Box has no JSON methods.\ntype Box struct{ N int }\n\ntype hidden string\n",
		"broken/b.go":    "package broken\n\n// T is fine, but the file is not.\ntype T string\n\nvar x int = \"no\"\n",
	}
	for name, text := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	for _, c := range []struct {
		name, member string
		refs         map[string]ir.CustomType
		want         string // "" generates
	}{
		{"good", `{"type": "integer", "x-go-type": "money.Cents", "x-go-type-import": "example.com/app/money"}`, nil, ""},
		{"stdlib", `{"type": "string", "x-go-type": "netip.Addr", "x-go-type-import": {"path": "net/netip", "name": "netip"}}`, nil, ""},
		{"missing package", `{"type": "integer", "x-go-type": "nope.Cents", "x-go-type-import": "example.com/app/nope"}`, nil,
			`s.schema.json#/properties/a/x-go-type: Go type nope.Cents: package "example.com/app/nope" does not build`},
		{"package that does not build", `{"type": "string", "goJSONSchema": {"type": "broken.T", "imports": ["example.com/app/broken"]}}`, nil,
			`s.schema.json#/properties/a/goJSONSchema/type: Go type broken.T: package "example.com/app/broken" does not build`},
		{"missing type", `{"type": "integer", "x-go-type": "money.Dollars", "x-go-type-import": "example.com/app/money"}`, nil,
			`s.schema.json#/properties/a/x-go-type: Go type money.Dollars: package "example.com/app/money" declares no exported type Dollars`},
		{"unexported type", `{"type": "string", "x-go-type": "money.hidden", "x-go-type-import": "example.com/app/money"}`, nil,
			`declares no exported type hidden`},
		{"not JSON-exact", `{"type": "object", "x-go-type": "money.Box", "x-go-type-import": "example.com/app/money"}`, nil,
			`s.schema.json#/properties/a/x-go-type: Go type money.Box neither implements json.Unmarshaler`},
		{"ref mapping", `{"$ref": "#/$defs/D"}`, map[string]ir.CustomType{"s.schema.json#/$defs/D": {Import: "example.com/app/money", Name: "Gone"}},
			`s.schema.json#/properties/a/$ref: Go type money.Gone: package "example.com/app/money" declares no exported type Gone`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			schema := `{"title": "S", "type": "object", "properties": {"a": ` + c.member + `}, "$defs": {"D": {"type": "integer"}}}`
			if err := os.WriteFile(filepath.Join(dir, "s.schema.json"), []byte(schema), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			_, err := run.Run(run.Options{Schemas: []string{"s.schema.json"}, Package: "s", Targets: []string{"go"},
				GoTypes: build.GoTypeMap{Refs: c.refs}, ModuleDir: filepath.Join(mod, "gen", "s")})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("generation failed: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}
