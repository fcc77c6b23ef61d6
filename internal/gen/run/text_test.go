package run_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// awkwardText holds what a schema's prose may contain but source comments may not: NUL, a byte
// order mark, other control characters, CR LF, a line separator, and comment terminators.
const awkwardText = "First line.\r\nSecond\vline \x00 nul \u2028 sep \ufeff bom */ end \\ back \"q\" \x7f del"

// TestSchemaTextWithControlCharacters puts awkwardText into the contract's descriptions and kind
// guidance, which every target copies into comments or strings, and requires output that is still
// valid, in gofmt's layout, and free of the raw characters where they are not data: Go, TypeScript
// and Markdown (the OpenAPI documents carry the text as JSON and YAML strings, escaped as those
// formats require, and their own tests check them).
func TestSchemaTextWithControlCharacters(t *testing.T) {
	data, err := os.ReadFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["description"] = awkwardText
	props := doc["properties"].(map[string]any)
	props["message"].(map[string]any)["description"] = awkwardText
	// A member name reaches comments too: the validation table's /* */ labels name its pointer.
	props["odd\x00\ufeff\n*/name"] = map[string]any{"type": "string"}
	kinds := doc["x-catalog"].(map[string]any)["kinds"].(map[string]any)
	for _, name := range []string{"missing_param", "rate_limited"} {
		kinds[name].(map[string]any)["guidance"] = awkwardText
	}
	edited, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "agent-error.schema.json")
	if err := os.WriteFile(path, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := run.Run(run.Options{Schemas: []string{path}, Package: "agenterror", Targets: run.DefaultTargets()})
	if err != nil {
		t.Fatal(err)
	}
	requireGofmt(t, res)
	for _, f := range res.Files {
		if strings.HasPrefix(f.Path, "openapi/") {
			continue
		}
		for _, raw := range []string{"\x00", "\ufeff", "\x7f", "\v"} {
			if bytes.Contains(f.Bytes, []byte(raw)) {
				t.Errorf("%s holds the raw character %q", f.Path, raw)
			}
		}
	}
}
