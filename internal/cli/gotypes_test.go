package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/cli"
)

// TestGoTypesConfig checks the config's go_types and go_formats and the --go-formats flag: a good
// mapping types the members, a malformed one or an unknown mode is a usage error, and a type the
// consumer module lacks is an input error at the schema pointer.
func TestGoTypesConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "s.json"), `{"title": "S", "type": "object", "properties": {
		"at": {"type": "string", "format": "date-time"}, "d": {"type": "string", "format": "decimal"}, "p": {"$ref": "#/$defs/P"}},
		"$defs": {"P": {"type": "integer"}}}`)
	config := func(name, body string) string {
		p := filepath.Join(dir, name)
		writeFile(t, p, body)
		return p
	}
	good := config("good.json", `{"schemas": ["s.json"], "out": "gen", "package": "s", "targets": ["go"], "go_formats": "typed",
		"go_types": {"formats": {"decimal": {"type": "big.Float", "import": "math/big"}}, "refs": {"s.json#/$defs/P": {"type": "int32"}}}}`)
	wantRun(t, []string{"generate", "--config", good}, cli.ExitOK, nil, nil)
	types, err := os.ReadFile(filepath.Join(dir, "gen", "s", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"At *cgruntime.DateTime", "D *big.Float", "P *int32"} {
		if !strings.Contains(string(types), want) {
			t.Errorf("types.go lacks %q:\n%s", want, types)
		}
	}
	wantRun(t, []string{"generate", "--config", good, "--go-formats", "string"}, cli.ExitOK, nil, nil)
	if types, _ := os.ReadFile(filepath.Join(dir, "gen", "s", "types.go")); !strings.Contains(string(types), "At *string") {
		t.Errorf("--go-formats string does not override the config:\n%s", types)
	}
	wantRun(t, []string{"generate", "--config", good, "--go-formats", "time"}, cli.ExitError, nil,
		[]string{`--go-formats "time": give string (the default) or typed`})
	bad := config("bad.json", `{"schemas": ["s.json"], "out": "gen", "package": "s", "targets": ["go"],
		"go_types": {"formats": {"decimal": {"type": "func() big.Float", "import": "math/big"}}}}`)
	wantRun(t, []string{"generate", "--config", bad}, cli.ExitError, nil,
		[]string{`go_types.formats["decimal"]: "func() big.Float" is a function type, which JSON cannot hold`})
	missing := config("missing.json", `{"schemas": ["s.json"], "out": "gen", "package": "s", "targets": ["go"],
		"go_types": {"formats": {"decimal": {"type": "big.Decimal", "import": "math/big"}}}}`)
	wantRun(t, []string{"generate", "--config", missing}, cli.ExitFail, nil,
		[]string{`s.json#/properties/d/format: Go type big.Decimal: package "math/big" declares no exported type Decimal`})
}
