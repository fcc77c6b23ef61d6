package openapitest

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/contractgen/contractgen/generated/agenterror"
)

// rawExamples returns each response example's value exactly as the JSON fragment writes it, by kind.
func rawExamples(t *testing.T, name string) map[string]json.RawMessage {
	t.Helper()
	var doc struct {
		Components struct {
			Responses map[string]struct {
				Content map[string]struct {
					Examples map[string]struct {
						Value json.RawMessage `json:"value"`
					} `json:"examples"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"components"`
	}
	if err := json.Unmarshal(readFile(t, fragmentPath(name)), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]json.RawMessage{}
	for rname, resp := range doc.Components.Responses {
		for kind, ex := range resp.Content["application/json"].Examples {
			if _, dup := out[kind]; dup {
				t.Errorf("%s: kind %s has examples under two responses", name, kind)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, ex.Value); err != nil {
				t.Fatalf("%s %s: %v", rname, kind, err)
			}
			out[kind] = compact.Bytes()
		}
	}
	return out
}

// TestExamplesAreConstructorOutput: each example is, byte for byte, what the generated package's
// constructor returns for that kind and the example's message, serialized by its MarshalJSON; and
// the examples cover exactly the kinds the package knows.
func TestExamplesAreConstructorOutput(t *testing.T) {
	for _, name := range []string{json31, json30} {
		examples := rawExamples(t, name)
		var kinds []string
		for _, k := range agenterror.Kinds() {
			kinds = append(kinds, string(k))
		}
		var exampleKinds []string
		for k := range examples {
			exampleKinds = append(exampleKinds, k)
		}
		slices.Sort(exampleKinds)
		if !slices.Equal(kinds, exampleKinds) {
			t.Errorf("%s: examples for %v, package kinds %v", name, exampleKinds, kinds)
		}
		for kind, want := range examples {
			var v struct {
				Message string `json:"message"`
			}
			if err := json.Unmarshal(want, &v); err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(agenterror.New(agenterror.Kind(kind), v.Message))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s:\nexample     %s\nconstructor %s", name, kind, want, got)
			}
		}
	}
}

// TestFragmentMatchesGeneratedPackage: the fragments and the Go package come from one generation.
func TestFragmentMatchesGeneratedPackage(t *testing.T) {
	for _, name := range []string{json31, json30} {
		if got := member(t, fragmentJSON(t, name), "info", "x-contract-hash"); got != agenterror.ContractHash {
			t.Errorf("%s: x-contract-hash %v, package ContractHash %s", name, got, agenterror.ContractHash)
		}
	}
}
