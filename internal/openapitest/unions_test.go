package openapitest

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
)

// unionsDir holds the emitter's golden fragments of a schema with unions (issue 16): oneOf and
// anyOf with OpenAPI's discriminator where the variants are told apart by a member's value.
var unionsDir = filepath.Join(repoRoot, "internal", "gen", "emit", "openapi", "testdata", "golden", "unions")

var unionFragments = []struct{ name, version string }{
	{"unions.openapi.yaml", "3.1.0"}, {"unions.openapi.json", "3.1.0"},
	{"unions.openapi-3.0.yaml", "3.0.3"}, {"unions.openapi-3.0.json", "3.0.3"},
}

// TestUnionFragmentsValidate: both libraries load and validate the fragments with discriminators,
// and libopenapi's model reads each discriminator's member and mapping as written.
func TestUnionFragmentsValidate(t *testing.T) {
	for _, f := range unionFragments {
		t.Run(f.name, func(t *testing.T) {
			data := readFile(t, filepath.Join(unionsDir, f.name))
			doc, err := loadKin(t, data)
			if err != nil {
				t.Fatalf("kin-openapi: load: %v", err)
			}
			if err := doc.Validate(context.Background()); err != nil {
				t.Fatalf("kin-openapi: validate: %v", err)
			}
			if problems := libopenapiVerdict(t, data); len(problems) > 0 {
				t.Fatalf("libopenapi: invalid:\n%s", strings.Join(problems, "\n"))
			}
			lib, err := libopenapi.NewDocument(data)
			if err != nil {
				t.Fatal(err)
			}
			model, err := lib.BuildV3Model()
			if err != nil {
				t.Fatal(err)
			}
			payload := model.Model.Components.Schemas.GetOrZero("Payload").Schema()
			if payload.Discriminator == nil || payload.Discriminator.PropertyName != "type" {
				t.Fatalf("Payload's discriminator = %+v, want propertyName type", payload.Discriminator)
			}
			if got := payload.Discriminator.Mapping.GetOrZero("tool_call"); got != "#/components/schemas/ToolCall" {
				t.Errorf("Payload's mapping of tool_call = %q", got)
			}
			if step := model.Model.Components.Schemas.GetOrZero("Step").Schema(); step.Discriminator != nil {
				t.Errorf("Step, told apart by required members, has a discriminator")
			}
		})
	}
}

// TestKinSelectsVariantByDiscriminator: kin-openapi, which follows the discriminator to validate a
// value against the one variant its member names, accepts each variant and rejects a value whose
// member names one variant but whose members are another's.
func TestKinSelectsVariantByDiscriminator(t *testing.T) {
	for _, f := range unionFragments {
		t.Run(f.name, func(t *testing.T) {
			doc, err := loadKin(t, readFile(t, filepath.Join(unionsDir, f.name)))
			if err != nil {
				t.Fatal(err)
			}
			cases := []struct {
				schema, json string
				valid        bool
			}{
				{"Payload", `{"type": "tool_call", "tool": "search"}`, true},
				{"Payload", `{"type": "message", "text": "hi"}`, true},
				{"Payload", `{"type": "message", "tool": "search"}`, false},
				{"Payload", `{"type": "unknown"}`, false},
				{"Actor", `{"role": "user", "name": "Ann"}`, true},
				{"Actor", `{"role": "subagent", "model": "m"}`, true},
				{"Actor", `{"role": "assistant"}`, false},
			}
			for _, c := range cases {
				var v any
				if err := json.Unmarshal([]byte(c.json), &v); err != nil {
					t.Fatal(err)
				}
				err := doc.Components.Schemas[c.schema].Value.VisitJSON(v)
				if (err == nil) != c.valid {
					t.Errorf("%s %s: kin-openapi says %v, want valid=%v", c.schema, c.json, err, c.valid)
				}
			}
		})
	}
}

// TestKinRejectsABrokenDiscriminator shows the check can fail: a mapping to a component that does
// not exist makes kin-openapi refuse the document.
func TestKinRejectsABrokenDiscriminator(t *testing.T) {
	text := string(readFile(t, filepath.Join(unionsDir, "unions.openapi.yaml")))
	broken := strings.Replace(text, `tool_call: "#/components/schemas/ToolCall"`, `tool_call: "#/components/schemas/Nowhere"`, 1)
	if broken == text {
		t.Fatal("no mapping of tool_call to break")
	}
	doc, err := loadKin(t, []byte(broken))
	if err == nil {
		err = doc.Validate(context.Background())
	}
	if err == nil {
		var v any
		_ = json.Unmarshal([]byte(`{"type": "tool_call", "tool": "search"}`), &v)
		err = doc.Components.Schemas["Payload"].Value.VisitJSON(v)
	}
	if err == nil {
		t.Fatal("kin-openapi accepted a mapping to a missing component")
	}
}
