package compat

import (
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestKeywordTableComplete checks compat's keyword table against the loader's list of each
// dialect's keywords: every keyword of every dialect must be known in that dialect and modelled.
func TestKeywordTableComplete(t *testing.T) {
	n := 0
	for _, d := range load.Dialects {
		for k := range d.Keywords() {
			kw, ok := meaning(k, d)
			if !ok {
				t.Errorf("%s keyword %q is missing from compat's table", d.Title(), k)
				continue
			}
			if !modelled[kw.group] {
				t.Errorf("%s keyword %q belongs to group %q, which compat does not model", d.Title(), k, kw.group)
			}
			n++
		}
	}
	if n < 200 {
		t.Fatalf("checked %d keyword-dialect pairs, want every one (over 200)", n)
	}
}

// TestUnmodelledKeywordFails shows that a keyword whose group is not modelled is an error naming
// it, never an annotation.
func TestUnmodelledKeywordFails(t *testing.T) {
	saved := modelled[groupContains]
	modelled[groupContains] = false
	defer func() { modelled[groupContains] = saved }()
	_, err := CompareWith([]byte(`{"contains":{"type":"string"}}`), []byte(`{"contains":{"type":"integer"}}`), Options{Mode: Backward})
	if err == nil || !strings.Contains(err.Error(), `keyword "contains"`) {
		t.Fatalf("err = %v, want one naming keyword \"contains\"", err)
	}
}

// TestContractModeReadsEveryKeyword: the contract rules used to call these annotation changes.
func TestContractModeReadsEveryKeyword(t *testing.T) {
	cases := []struct{ name, old, new string }{
		{"dependencies array", `{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":["a"]}}`, `{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":["b"]}}`},
		{"dependencies schema", `{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":{"type":"string"}}}`, `{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":{"type":"integer"}}}`},
		{"additionalItems removed", `{"$schema":"http://json-schema.org/draft-07/schema#","items":[{}],"additionalItems":false}`, `{"$schema":"http://json-schema.org/draft-07/schema#","items":[{}]}`},
	}
	for _, tc := range cases {
		r, err := Compare([]byte(tc.old), []byte(tc.new))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !r.Breaking() {
			t.Errorf("%s: not breaking under the contract rules:\n%s", tc.name, textOf(r))
		}
	}
}
