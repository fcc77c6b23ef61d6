package compat

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestJSONOutputMatchesItsSchema validates WriteJSON's output for every fixture under every mode
// against report.schema.json with the reference validator.
func TestJSONOutputMatchesItsSchema(t *testing.T) {
	f, err := os.Open("report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("report.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range caseDirs(t) {
		oldDoc := readFile(t, filepath.Join(caseRoot, name, "old.json"))
		newDoc := readFile(t, filepath.Join(caseRoot, name, "new.json"))
		for _, mode := range []Mode{Auto, Contract, Backward, Forward, Full} {
			r, err := CompareWith(oldDoc, newDoc, Options{Mode: mode, Profiles: testProfiles})
			if err != nil {
				continue // the error fixtures
			}
			var buf bytes.Buffer
			if err := r.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(v); err != nil {
				t.Errorf("%s under %q: the output does not match report.schema.json: %v\n%s", name, mode, err, buf.String())
			}
			checked++
		}
	}
	if checked < 200 {
		t.Fatalf("checked %d outputs, want every fixture under every mode", checked)
	}
}
