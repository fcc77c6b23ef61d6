package openapitest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The committed fragments, the artifacts other documents $ref.
const (
	yaml31 = "agent-error.openapi.yaml"
	json31 = "agent-error.openapi.json"
	yaml30 = "agent-error.openapi-3.0.yaml"
	json30 = "agent-error.openapi-3.0.json"
)

// allFragments lists every document with its OpenAPI version.
var allFragments = []struct{ name, version string }{
	{yaml31, "3.1.0"}, {json31, "3.1.0"}, {yaml30, "3.0.3"}, {json30, "3.0.3"},
}

// repoRoot is the module root, two levels above this package.
var repoRoot = filepath.Join("..", "..")

// fragmentPath is the path of a committed fragment.
func fragmentPath(name string) string { return filepath.Join(repoRoot, "generated", "openapi", name) }

// contractPath is the contract the fragments were generated from.
var contractPath = filepath.Join(repoRoot, "docs", "contracts", "schemas", "agent-error.schema.json")

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// catalogRow is one x-catalog row, read straight from the contract file with encoding/json rather
// than through contractgen's own parser, so the tests do not trust what they test.
type catalogRow struct {
	Origin        string `json:"origin"`
	Action        string `json:"action"`
	SameArguments string `json:"same_arguments"`
	SideEffects   string `json:"side_effects"`
	HTTPStatus    int    `json:"http_status"`
	RetryAfter    bool   `json:"retry_after"`
	Guidance      string `json:"guidance"`
}

// contractCatalog returns the contract's kinds and its fallback row.
func contractCatalog(t *testing.T) (map[string]catalogRow, catalogRow) {
	t.Helper()
	var doc struct {
		Catalog struct {
			Kinds    map[string]catalogRow `json:"kinds"`
			Fallback catalogRow            `json:"fallback"`
		} `json:"x-catalog"`
	}
	if err := json.Unmarshal(readFile(t, contractPath), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Catalog.Kinds) == 0 {
		t.Fatal("the contract has no kinds")
	}
	return doc.Catalog.Kinds, doc.Catalog.Fallback
}

// fragmentJSON decodes a JSON fragment into generic values.
func fragmentJSON(t *testing.T, name string) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(readFile(t, fragmentPath(name)), &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

// member walks nested objects by member names.
func member(t *testing.T, v any, names ...string) any {
	t.Helper()
	for _, name := range names {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: not an object on the way to %v", name, names)
		}
		if v, ok = m[name]; !ok {
			t.Fatalf("no member %q on the way to %v", name, names)
		}
	}
	return v
}
