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

// TestLocalCustomTypes checks a Go type the schema names without a package, which the user
// declares beside the generated files (go-jsonschema's way of hand-writing a type the generator
// should not): it must be declared in a file of the user's there, decode exactly, and not take a
// generated type's name; then the member holds it.
func TestLocalCustomTypes(t *testing.T) {
	const exact = "package s\n\n// Slots is written by hand.\ntype Slots map[string]int\n\n// UnmarshalJSON reads slots.\nfunc (s *Slots) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*map[string]int)(s)) }\n"
	for _, c := range []struct {
		name, member, userFile, want string // want "" generates, and then the field's declaration
	}{
		{"declared with UnmarshalJSON", `{"type": "object", "goJSONSchema": {"type": "Slots"}}`, strings.Replace(exact, "package s\n", "package s\n\nimport \"encoding/json\"\n", 1), ""},
		{"declared as a string type", `{"type": "string", "x-go-type": "Label"}`, "package s\n\n// Label is a string.\ntype Label string\n", ""},
		{"a symbolic link is not read", `{"type": "string", "x-go-type": "Label"}`, "link:package s\n\n// Label is a string.\ntype Label string\n",
			`Go type Label names no package, so it is a type of the generated package, but no file of yours in`},
		{"not declared", `{"type": "object", "goJSONSchema": {"type": "Slots"}}`, "",
			`s.schema.json#/properties/a/goJSONSchema/type: Go type Slots names no package, so it is a type of the generated package, but no file of yours in`},
		{"not JSON-exact", `{"type": "object", "goJSONSchema": {"type": "Slots"}}`, "package s\n\n// Slots has no JSON methods.\ntype Slots map[string]int\n",
			`Go type Slots neither has an UnmarshalJSON`},
		{"takes a generated name", `{"type": "string", "x-go-type": "S"}`, "package s\n\n// S clashes.\ntype S string\n",
			`Go type S is a type of the generated package`},
		{"with an import", `{"type": "string", "goJSONSchema": {"type": "Label", "imports": ["example.com/x"]}}`, "",
			`"Label" names no package, so it is a type of the generated package and takes no import`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			schema := `{"title": "S", "type": "object", "properties": {"a": ` + c.member + `}}`
			if err := os.WriteFile(filepath.Join(dir, "s.schema.json"), []byte(schema), 0o644); err != nil {
				t.Fatal(err)
			}
			goDir := filepath.Join(dir, "s")
			if err := os.MkdirAll(goDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if text, ok := strings.CutPrefix(c.userFile, "link:"); ok {
				// The declaration sits outside the package's directory, reached by a link.
				outside := filepath.Join(dir, "outside.go")
				if err := os.WriteFile(outside, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(outside, filepath.Join(goDir, "mine.go")); err != nil {
					t.Skipf("symbolic links: %v", err)
				}
			} else if c.userFile != "" {
				if err := os.WriteFile(filepath.Join(goDir, "mine.go"), []byte(c.userFile), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			res, err := run.Run(run.Options{Schemas: []string{"s.schema.json"}, Package: "s", Targets: []string{"go"}, ModuleDir: goDir})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("generation failed: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want one containing %q", err, c.want)
			case c.want != "":
				return
			}
			var types string
			for _, f := range res.Files {
				if strings.HasSuffix(f.Path, "types.go") {
					types = string(f.Bytes)
				}
			}
			want := "A *Slots "
			if strings.Contains(c.member, "Label") {
				want = "A *Label "
			}
			if !strings.Contains(types, want) {
				t.Errorf("types.go does not declare %q:\n%s", want, types)
			}
		})
	}
}
