package openapitest

import (
	"context"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// loadKin loads a document with kin-openapi.
func loadKin(t *testing.T, data []byte) (*openapi3.T, error) {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		return nil, err
	}
	return doc, nil
}

// TestKinOpenAPIValidatesEveryFragment: kin-openapi loads both versions in both encodings and
// validates them, examples included (it checks each against its schema).
func TestKinOpenAPIValidatesEveryFragment(t *testing.T) {
	for _, f := range allFragments {
		t.Run(f.name, func(t *testing.T) {
			doc, err := loadKin(t, readFile(t, fragmentPath(f.name)))
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			if doc.OpenAPI != f.version {
				t.Errorf("openapi = %q, want %q", doc.OpenAPI, f.version)
			}
			if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation()); err != nil {
				t.Fatalf("validate: %v", err)
			}
			for _, name := range []string{"AgentError", "AgentErrorResponse", "Origin", "Recovery", "RecoveryAction",
				"SameArguments", "SideEffects", "SafetyHints"} {
				if doc.Components.Schemas[name] == nil {
					t.Errorf("components.schemas has no %s", name)
				}
			}
			for _, name := range []string{"Retry-After", "WWW-Authenticate"} {
				if doc.Components.Headers[name] == nil {
					t.Errorf("components.headers has no %s", name)
				}
			}
		})
	}
}

// TestKinOpenAPIRejectsABrokenExample shows that the validation above can fail: one example with an
// origin that is not a string makes kin-openapi reject each version. (An origin outside the list is
// legal: origin is an open enum.)
func TestKinOpenAPIRejectsABrokenExample(t *testing.T) {
	for _, name := range []string{yaml31, yaml30} {
		text := string(readFile(t, fragmentPath(name)))
		broken := strings.Replace(text, "origin: validation", "origin: 404", 1)
		if broken == text {
			t.Fatalf("%s: no example with origin validation to break", name)
		}
		doc, err := loadKin(t, []byte(broken))
		if err != nil {
			t.Fatalf("%s: load: %v", name, err)
		}
		err = doc.Validate(context.Background(), openapi3.EnableExamplesValidation())
		if err == nil || !strings.Contains(err.Error(), "origin") {
			t.Errorf("%s: validating an example with origin 404 gave %v", name, err)
		}
	}
}
