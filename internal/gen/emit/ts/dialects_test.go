package ts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestUnevaluatedIsRefusedNamingTargets: the TypeScript validator has no annotation collection,
// so a schema with unevaluatedProperties fails generation (never a looser validator), and the
// error names the target, the keyword's pointer and --targets.
func TestUnevaluatedIsRefusedNamingTargets(t *testing.T) {
	p := filepath.Join(t.TempDir(), "u.schema.json")
	schema := `{"title": "U", "type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "unevaluatedProperties": false}}}`
	if err := os.WriteFile(p, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "u"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Emit(pkg)
	if err == nil {
		t.Fatal("unevaluatedProperties was emitted")
	}
	for _, want := range []string{"ts:", "u.schema.json#", "unevaluatedProperties", "--targets"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
