package keywords

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// metaschemas are the official metaschema files of each dialect that contractgen carries (the
// 2019-09 and 2020-12 ones with their vocabularies' metaschemas).
var metaschemas = map[Dialects][]string{
	Draft4:    {"draft-04/schema"},
	Draft6:    {"draft-06/schema"},
	Draft7:    {"draft-07/schema"},
	Draft2019: {"draft/2019-09/schema", "draft/2019-09/meta/*"},
	Draft2020: {"draft/2020-12/schema", "draft/2020-12/meta/*"},
}

// notInMetaschema and notKeyword are where the table and a dialect's metaschema part, each with
// the reason: the table follows the specification's text.
var (
	notInMetaschema = map[Dialects]map[string]string{
		Draft6: {"examples": "draft-06 defines examples in its validation specification; its metaschema file omits it"},
	}
	notKeyword = map[Dialects]map[string]string{
		Draft2019: {"dependencies": "the metaschema keeps it only so that authors do not redefine it; 2019-09 split it into dependentRequired and dependentSchemas"},
		Draft2020: {
			"dependencies":     "as in 2019-09",
			"$recursiveAnchor": "the metaschema keeps the 2019-09 name; 2020-12 replaced it with $dynamicAnchor",
			"$recursiveRef":    "the metaschema keeps the 2019-09 name; 2020-12 replaced it with $dynamicRef",
		},
	}
)

// TestTableMatchesTheMetaschemas: each dialect's keywords in the table are the properties its
// official metaschemas declare, but for the differences listed with their reason.
func TestTableMatchesTheMetaschemas(t *testing.T) {
	for d, patterns := range metaschemas {
		declared := map[string]bool{}
		for _, pattern := range patterns {
			files, _ := filepath.Glob(filepath.Join("..", "schemacheck", "metaschemas", filepath.FromSlash(pattern)))
			if len(files) == 0 {
				t.Fatalf("no metaschema at %s", pattern)
			}
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				var m struct {
					Properties map[string]json.RawMessage `json:"properties"`
				}
				if err := json.Unmarshal(data, &m); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				for k := range m.Properties {
					declared[k] = true
				}
			}
		}
		ours := Of(d)
		for k := range declared {
			if !ours[k] && notKeyword[d][k] == "" {
				t.Errorf("%s: the metaschema declares %q, which the table does not give the dialect", patterns[0], k)
			}
		}
		for k := range ours {
			if !declared[k] && notInMetaschema[d][k] == "" {
				t.Errorf("%s: the table gives the dialect %q, which its metaschema does not declare", patterns[0], k)
			}
		}
		for k := range notKeyword[d] {
			if !declared[k] || ours[k] {
				t.Errorf("%s: the exception for %q is stale", patterns[0], k)
			}
		}
	}
}

// TestEveryRowIsDecided: every keyword has dialects, a kind, a decision for each target and a
// comparison for compat that agrees with its kind; a refusal has a reason, and only assertions and applicators (which change verdicts) or references
// may be refused or dropped.
func TestEveryRowIsDecided(t *testing.T) {
	for _, k := range table {
		if k.Name == "" || k.Dialects == 0 || k.Dialects&^All != 0 || k.Kind == 0 || k.TS == 0 || k.OpenAPI30 == 0 {
			t.Errorf("%+v: a field is unset", k)
		}
		if (k.TS == Refused) != (k.TSReason != "") {
			t.Errorf("%s: a TypeScript refusal needs a reason, and only a refusal has one", k.Name)
		}
		changesVerdicts := k.Kind == Assertion || k.Kind == Applicator || k.Kind == Reference
		if !changesVerdicts && (k.TS == Refused || k.OpenAPI30 == Dropped) {
			t.Errorf("%s (%s) is refused or dropped, but it never changes a verdict", k.Name, k.Kind)
		}
		if changesVerdicts && k.Kind != Reference && k.TS == Resolved {
			t.Errorf("%s (%s) changes verdicts, so the TypeScript validator must implement or refuse it", k.Name, k.Kind)
		}
		if k.Compat == CompatUndecided || k.Compat >= compatEnd || k.Holds == 0 {
			t.Errorf("%s: compat's comparison (%d) or where it holds subschemas (%d) is unset", k.Name, k.Compat, k.Holds)
		}
		// format is an annotation that validators may assert up to draft-07, so compat compares
		// it there; every other keyword is compared as a constraint exactly when it changes
		// verdicts.
		if k.Compat.Constrains() != changesVerdicts && k.Name != "format" {
			t.Errorf("%s (%s) is compared by compat as %s", k.Name, k.Kind, k.Compat)
		}
		if k.CompatAlso&k.Dialects != 0 || k.CompatAlso&^All != 0 {
			t.Errorf("%s: CompatAlso repeats or exceeds the dialects", k.Name)
		}
	}
	if got := Where(func(k Keyword) bool { return k.Name == "$ref" }); !slices.Equal(got, []string{"$ref"}) {
		t.Errorf("Where = %v", got)
	}
}

// TestCompatNames: every comparison has its own name, which compat's errors and reports use.
func TestCompatNames(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Compats() {
		name := c.String()
		if name == "" || name == "undecided" || seen[name] {
			t.Errorf("comparison %d is named %q", c, name)
		}
		seen[name] = true
	}
	if len(compatNames) != int(compatEnd) {
		t.Errorf("%d names for %d comparisons", len(compatNames), compatEnd)
	}
}
