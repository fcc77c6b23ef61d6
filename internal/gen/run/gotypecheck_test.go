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
	writeModule(t, mod, files)
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
		{"expression", `{"type": "object", "goJSONSchema": {"type": "map[money.Cents][]*netip.Addr", "imports": ["example.com/app/money", "net/netip"]}}`, nil, ""},
		{"expression with a type that is not JSON-exact", `{"type": "array", "goJSONSchema": {"type": "[]*money.Box", "imports": ["example.com/app/money"]}}`, nil,
			`s.schema.json#/properties/a/goJSONSchema/type: Go type money.Box (in []*money.Box) neither implements json.Unmarshaler`},
		{"expression with a key encoding/json cannot take", `{"type": "object", "goJSONSchema": {"type": "map[money.Box]string", "imports": ["example.com/app/money"]}}`, nil,
			`s.schema.json#/properties/a/goJSONSchema/type: Go type money.Box (in map[money.Box]string) is a map key but neither implements encoding.TextMarshaler and encoding.TextUnmarshaler nor is a string or integer type`},
		{"expression with a missing type", `{"type": "array", "x-go-type": "[]money.Dollars", "x-go-type-import": "example.com/app/money"}`, nil,
			`s.schema.json#/properties/a/x-go-type: Go type money.Dollars (in []money.Dollars): package "example.com/app/money" declares no exported type Dollars`},
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
		name, member, userFile, want string // want "" or "A *..." generates, and then the field's declaration
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
		{"in an expression", `{"type": "array", "x-go-type": "[]Label"}`, "package s\n\n// Label is a string.\ntype Label string\n", "A *[]Label "},
		{"as a map key", `{"type": "object", "x-go-type": "map[Label]int64"}`, "package s\n\n// Label is a string.\ntype Label string\n", "A *map[Label]int64 "},
		{"as a map key without text methods", `{"type": "object", "x-go-type": "map[Slots]int64"}`, "package s\n\n// Slots has no text methods.\ntype Slots struct{ N int }\n",
			`s.schema.json#/properties/a/x-go-type: Go type Slots (in map[Slots]int64) is a map key but neither has MarshalText and UnmarshalText methods nor is a string or integer type`},
		{"in an expression, not declared", `{"type": "array", "x-go-type": "[]Label"}`, "",
			`s.schema.json#/properties/a/x-go-type: Go type Label (in []Label) names no package, so it is a type of the generated package, but no file of yours in`},
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
			case (c.want == "" || strings.HasPrefix(c.want, "A *")) && err != nil:
				t.Fatalf("generation failed: %v", err)
			case c.want != "" && !strings.HasPrefix(c.want, "A *") && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want one containing %q", err, c.want)
			case c.want != "" && !strings.HasPrefix(c.want, "A *"):
				return
			}
			var types string
			for _, f := range res.Files {
				if strings.HasSuffix(f.Path, "types.go") {
					types = string(f.Bytes)
				}
			}
			want := "A *Slots "
			switch {
			case strings.HasPrefix(c.want, "A *"):
				want = c.want
			case strings.Contains(c.member, "Label"):
				want = "A *Label "
			}
			if !strings.Contains(types, want) {
				t.Errorf("types.go does not declare %q:\n%s", want, types)
			}
		})
	}
}

// TestGoTypeExpressions generates a package whose members take Go type expressions (maps,
// slices, arrays and pointers of standard library, module and local types, nested, with several
// imports), builds and vets it in a throwaway module, and round-trips a document through it; the
// schema's own rules still apply to the JSON.
func TestGoTypeExpressions(t *testing.T) {
	if testing.Short() {
		t.Skip("building generated code needs the go command; skipped in -short mode")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	mod := t.TempDir()
	files := map[string]string{
		"go.mod":         testmod.GoMod(t, "example.com/app"),
		"money/money.go": "package money\n\n// Cents is an amount.\ntype Cents int64\n",
		"gen/s/mine.go":  "package s\n\n// Label is written by hand.\ntype Label string\n",
		"gen/s/rt_test.go": `package s

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	in := ` + "`" + `{"when":["2026-01-02T03:04:05Z"],"stamps":{"a":["2026-01-02T03:04:05Z",null]},"amount":5,"balances":{"10.0.0.1":12345678901234567890},"grid":[1,2],"labels":["x"]}` + "`" + `
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.When) != 1 || v.Stamps == nil || (*v.Stamps)["a"][1] != nil || **v.Amount != 5 || (*v.Grid)[1] != 2 || (*v.Labels)[0] != Label("x") {
		t.Fatalf("decoded %+v", v)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("re-encoded\n got %s\nwant %s", out, in)
	}
	bad := ` + "`" + `{"when":["2026-01-02T03:04:05Z","2026-01-02T03:04:05Z","2026-01-02T03:04:05Z"],"labels":[""]}` + "`" + `
	if _, err := Parse([]byte(bad)); err == nil || !strings.Contains(err.Error(), "/when") || !strings.Contains(err.Error(), "/labels/0") {
		t.Errorf("Parse of a document the schema refuses: %v", err)
	}
}
`,
	}
	writeModule(t, mod, files)
	schema := `{"title": "S", "type": "object", "required": ["when"], "properties": {
		"when": {"type": "array", "maxItems": 2, "items": {"type": "string", "format": "date-time"}, "goJSONSchema": {"type": "[]time.Time", "imports": ["time"]}},
		"stamps": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": ["string", "null"]}}, "goJSONSchema": {"type": "map[string][]*time.Time", "imports": ["time"]}},
		"amount": {"type": "integer", "goJSONSchema": {"type": "*money.Cents", "imports": ["example.com/app/money"]}},
		"balances": {"type": "object", "additionalProperties": {"type": "integer"}, "goJSONSchema": {"type": "map[netip.Addr]*big.Int", "imports": ["net/netip", "math/big"]}},
		"grid": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"}, "x-go-type": "[2]int32"},
		"labels": {"type": "array", "items": {"type": "string", "minLength": 1}, "x-go-type": "[]Label"}}}`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "s.schema.json"), []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	res, err := run.Run(run.Options{Schemas: []string{"s.schema.json"}, Package: "s", Targets: []string{"go"}, ModuleDir: filepath.Join(mod, "gen", "s")})
	if err != nil {
		t.Fatalf("generation failed: %v", err)
	}
	var decls string
	for _, f := range res.Files {
		p := filepath.Join(mod, "gen", filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.Path, "types.go") {
			decls = string(f.Bytes)
		}
	}
	for _, want := range []string{"When []time.Time ", "Stamps *map[string][]*time.Time ", "Amount **money.Cents ", "Balances *map[netip.Addr]*big.Int ",
		"Grid *[2]int32 ", "Labels *[]Label ", `"example.com/app/money"`, `"math/big"`, `"net/netip"`, `"time"`} {
		if !strings.Contains(decls, want) {
			t.Errorf("types.go lacks %q:\n%s", want, decls)
		}
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "./gen/s"}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = mod
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, out)
		}
	}
}

// writeModule writes files (path -> text) below mod and makes the go command use mod as it is
// (no workspace, go.mod updated as needed).
func writeModule(t *testing.T, mod string, files map[string]string) {
	t.Helper()
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
}
