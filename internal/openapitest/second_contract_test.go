package openapitest

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// The profile's second contract (testdata/golden/profile-second-contract): a catalog whose members
// are named otherwise (schema_version, code, detail, source, next, ...). Its fragments are the
// emitter's goldens; the same third-party tools that check the bundled contract's fragments check
// these, so the examples and responses the emitter writes from the profile's names are proven
// valid by someone else's reading too.
var (
	secondContractDir      = filepath.Join(repoRoot, "internal", "gen", "emit", "openapi", "testdata", "golden", "profile-second-contract")
	secondContractSchema   = filepath.Join(repoRoot, "testdata", "golden", "profile-second-contract", "service-fault.schema.json")
	secondContractFragment = []struct{ name, version string }{
		{"service-fault.openapi.yaml", "3.1.0"}, {"service-fault.openapi.json", "3.1.0"},
		{"service-fault.openapi-3.0.yaml", "3.0.3"}, {"service-fault.openapi-3.0.json", "3.0.3"},
	}
)

// The second contract without a wait member (testdata/golden/profile-no-wait): its fragments
// declare no Retry-After, and the responses of statuses other than 401 carry no headers.
var (
	noWaitDir      = filepath.Join(repoRoot, "internal", "gen", "emit", "openapi", "testdata", "golden", "profile-no-wait")
	noWaitFragment = []struct{ name, version string }{
		{"no-wait.openapi.yaml", "3.1.0"}, {"no-wait.openapi.json", "3.1.0"},
		{"no-wait.openapi-3.0.yaml", "3.0.3"}, {"no-wait.openapi-3.0.json", "3.0.3"},
	}
)

// TestSecondContractFragmentsValidate: kin-openapi loads and validates each fragment of the
// second contract and of its variant without a wait member, examples included, and libopenapi
// finds it valid against the OpenAPI specification's schema.
func TestSecondContractFragmentsValidate(t *testing.T) {
	type fragment struct{ dir, name, version string }
	var fragments []fragment
	for _, f := range secondContractFragment {
		fragments = append(fragments, fragment{secondContractDir, f.name, f.version})
	}
	for _, f := range noWaitFragment {
		fragments = append(fragments, fragment{noWaitDir, f.name, f.version})
	}
	for _, f := range fragments {
		t.Run(f.name, func(t *testing.T) {
			data := readFile(t, filepath.Join(f.dir, f.name))
			doc, err := loadKin(t, data)
			if err != nil {
				t.Fatalf("kin-openapi: load: %v", err)
			}
			if doc.OpenAPI != f.version {
				t.Errorf("openapi = %q, want %q", doc.OpenAPI, f.version)
			}
			if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation()); err != nil {
				t.Fatalf("kin-openapi: validate: %v", err)
			}
			if problems := libopenapiVerdict(t, data); len(problems) > 0 {
				t.Fatalf("libopenapi: invalid:\n%s", strings.Join(problems, "\n"))
			}
		})
	}
}

// TestSecondContractExamplesValidate: every example of the 3.1 fragment is valid against the
// contract file itself and against the fragment's response body schema, by the reference
// validator, and there is one per kind the contract lists.
func TestSecondContractExamplesValidate(t *testing.T) {
	const name = "service-fault.openapi.json"
	data := readFile(t, filepath.Join(secondContractDir, name))
	fragment := "file:///" + name
	schemas := map[string]func(any) error{
		"contract":          compileAt(t, "file:///contract.json", readFile(t, secondContractSchema), "file:///contract.json").Validate,
		"3.1 response body": compileAt(t, fragment, data, fragment+"#/components/schemas/ServiceFaultResponse").Validate,
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	examples := responseExamples(t, doc)
	if len(examples) != 4 {
		t.Errorf("%d examples, want one for each of the contract's 4 kinds", len(examples))
	}
	for _, ex := range examples {
		if v := ex.value.(map[string]any); v["code"] != ex.name || v["schema_version"] == nil {
			t.Errorf("%s/%s does not carry its kind as code and the version as schema_version: %v", ex.response, ex.name, v)
		}
		for sname, validate := range schemas {
			if err := validate(instance(t, ex.value)); err != nil {
				t.Errorf("%s/%s is invalid against the %s schema: %v", ex.response, ex.name, sname, err)
			}
		}
	}
}

// TestSecondContractBrokenExampleFails shows the validation above can fail: an example whose
// source is a number makes kin-openapi reject the fragment.
func TestSecondContractBrokenExampleFails(t *testing.T) {
	text := string(readFile(t, filepath.Join(secondContractDir, "service-fault.openapi.yaml")))
	broken := strings.Replace(text, "source: input", "source: 404", 1)
	if broken == text {
		t.Fatal("no example with source input to break")
	}
	doc, err := loadKin(t, []byte(broken))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation()); err == nil || !strings.Contains(err.Error(), "source") {
		t.Errorf("validating an example with source 404 gave %v", err)
	}
}
