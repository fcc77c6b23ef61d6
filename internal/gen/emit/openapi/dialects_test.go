package openapi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

func buildSchema(t *testing.T, schema string) *ir.Package {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.schema.json")
	if err := os.WriteFile(p, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "s"})
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestUnevaluatedIn31DroppedIn30: 3.1 is JSON Schema 2020-12 and keeps unevaluatedProperties; 3.0
// cannot say it, leaves it out (looser, never stricter) and records the loss.
func TestUnevaluatedIn31DroppedIn30(t *testing.T) {
	pkg := buildSchema(t, `{"title": "U", "type": "object", "properties": {"a": {"type": "string"}},
		"allOf": [{"properties": {"b": {"type": "integer"}}}], "unevaluatedProperties": false}`)
	files, err := Emit(pkg)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Bytes)
	}
	var doc31, doc30, losses string
	for path, text := range got {
		switch {
		case strings.HasSuffix(path, "losses.md"):
			losses = text
		case strings.Contains(path, "3.0"):
			doc30 = text
		case strings.HasSuffix(path, ".json"):
			doc31 = text
		}
	}
	if !strings.Contains(doc31, `"unevaluatedProperties": false`) {
		t.Errorf("the 3.1 document lacks unevaluatedProperties:\n%s", doc31)
	}
	if strings.Contains(doc30, "unevaluatedProperties") || !strings.Contains(losses, "unevaluatedProperties") {
		t.Errorf("3.0 must leave unevaluatedProperties out and say so; 3.0 document:\n%s\nlosses:\n%s", doc30, losses)
	}
}

// TestDynamicRefIsRefusedNamingTargets: no OpenAPI version keeps the dynamic scope; the error
// names the target, the keyword with its pointer, and --targets.
func TestDynamicRefIsRefusedNamingTargets(t *testing.T) {
	pkg := buildSchema(t, `{"title": "T", "$dynamicAnchor": "node", "type": "object",
		"properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}}`)
	_, err := Emit(pkg)
	if err == nil {
		t.Fatal("a $dynamicRef was emitted")
	}
	for _, want := range []string{"openapi:", "s.schema.json#/properties/kids/items/$dynamicRef", "--targets"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
