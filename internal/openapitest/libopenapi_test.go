package openapitest

import (
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
)

// libopenapiVerdict builds the document with libopenapi and validates it with libopenapi-validator
// against the OpenAPI specification's JSON Schema for its version. It returns the problems found.
func libopenapiVerdict(t *testing.T, data []byte) []string {
	t.Helper()
	doc, err := libopenapi.NewDocument(data)
	if err != nil {
		t.Fatalf("libopenapi: %v", err)
	}
	var problems []string
	if _, err := doc.BuildV3Model(); err != nil {
		problems = append(problems, "model: "+err.Error())
	}
	v, errs := validator.NewValidator(doc)
	for _, err := range errs {
		problems = append(problems, "validator: "+err.Error())
	}
	if v == nil {
		return problems
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, e := range verrs {
			problems = append(problems, e.Error())
			for _, f := range e.SchemaValidationErrors {
				problems = append(problems, "  "+f.FieldPath+": "+f.Reason)
			}
		}
	}
	return problems
}

// TestLibopenapiValidatesEveryFragment: libopenapi builds a model of each document and its validator
// finds it valid against the OpenAPI 3.1 or 3.0 specification schema.
func TestLibopenapiValidatesEveryFragment(t *testing.T) {
	for _, f := range allFragments {
		t.Run(f.name, func(t *testing.T) {
			data := readFile(t, fragmentPath(f.name))
			if problems := libopenapiVerdict(t, data); len(problems) > 0 {
				t.Fatalf("invalid:\n%s", strings.Join(problems, "\n"))
			}
			doc, err := libopenapi.NewDocument(data)
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.GetVersion(); got != f.version {
				t.Errorf("version %q, want %q", got, f.version)
			}
		})
	}
}

// TestLibopenapiRejectsABrokenDocument shows that the check above can fail: a header's "required"
// that is a string instead of a boolean breaks the specification schema of both versions.
func TestLibopenapiRejectsABrokenDocument(t *testing.T) {
	for _, name := range []string{json31, json30} {
		text := string(readFile(t, fragmentPath(name)))
		broken := strings.Replace(text, `"required": true`, `"required": "yes"`, 1)
		if broken == text {
			t.Fatalf("%s: no required header to break", name)
		}
		if problems := libopenapiVerdict(t, []byte(broken)); len(problems) == 0 {
			t.Errorf("%s: libopenapi accepted a header whose required is a string", name)
		}
	}
}
