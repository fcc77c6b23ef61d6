package compat

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/keywords"
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

// TestUnmodelledKeywordFails shows that a keyword whose comparison compat does not have, or
// whose row leaves it undecided, is an error naming it in every mode, never an annotation or an
// opaque constraint change.
func TestUnmodelledKeywordFails(t *testing.T) {
	old, new := []byte(`{"contains":{"type":"string"}}`), []byte(`{"contains":{"type":"integer"}}`)
	check := func(t *testing.T) {
		t.Helper()
		for _, mode := range []Mode{Contract, Backward, Forward, Full} {
			_, err := CompareWith(old, new, Options{Mode: mode, Profiles: testProfiles})
			if err == nil || !strings.Contains(err.Error(), `keyword "contains"`) {
				t.Errorf("%s: err = %v, want one naming keyword \"contains\"", mode, err)
			}
		}
	}
	t.Run("comparison not modelled", func(t *testing.T) {
		saved := modelled[keywords.CompatContains]
		modelled[keywords.CompatContains] = false
		defer func() { modelled[keywords.CompatContains] = saved }()
		check(t)
	})
	t.Run("row undecided", func(t *testing.T) {
		saved := known["contains"]
		undecided := saved
		undecided.group = keywords.CompatUndecided
		known["contains"] = undecided
		defer func() { known["contains"] = saved }()
		check(t)
	})
	for _, mode := range []Mode{Contract, Backward} {
		if _, err := CompareWith(old, new, Options{Mode: mode, Profiles: testProfiles}); err != nil {
			t.Errorf("%s with the table as it is: %v", mode, err)
		}
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
		r, err := compareContract([]byte(tc.old), []byte(tc.new))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !r.Breaking() {
			t.Errorf("%s: not breaking under the contract rules:\n%s", tc.name, textOf(r))
		}
	}
}

// keywordSamples are, for each keyword that can change which instances are valid, an old schema
// and a new one that differs by that keyword and accepts fewer instances; base keywords that the
// keyword needs to take effect (if for then, contains for its bounds) are in both. draft4 is the
// sample where draft-04 spells the keyword differently.
var keywordSamples = map[string]struct{ old, new, draft4 string }{
	"$ref":                  {`{"definitions":{"x":{"type":"string"}}}`, `{"definitions":{"x":{"type":"string"}},"$ref":"#/definitions/x"}`, ""},
	"$dynamicRef":           {`{"type":"object","properties":{"a":{}}}`, `{"$dynamicAnchor":"m","type":"object","properties":{"a":{"$dynamicRef":"#m"}}}`, ""},
	"$recursiveRef":         {`{"type":"object","properties":{"a":{}}}`, `{"type":"object","properties":{"a":{"$recursiveRef":"#"}}}`, ""},
	"type":                  {`{}`, `{"type":"string"}`, ""},
	"enum":                  {`{}`, `{"enum":[1]}`, ""},
	"const":                 {`{}`, `{"const":1}`, ""},
	"multipleOf":            {`{}`, `{"multipleOf":2}`, ""},
	"maximum":               {`{}`, `{"maximum":2}`, ""},
	"exclusiveMaximum":      {`{"maximum":2}`, `{"maximum":2,"exclusiveMaximum":1}`, `{"maximum":2,"exclusiveMaximum":true}`},
	"minimum":               {`{}`, `{"minimum":2}`, ""},
	"exclusiveMinimum":      {`{"minimum":2}`, `{"minimum":2,"exclusiveMinimum":3}`, `{"minimum":2,"exclusiveMinimum":true}`},
	"maxLength":             {`{}`, `{"maxLength":2}`, ""},
	"minLength":             {`{}`, `{"minLength":2}`, ""},
	"pattern":               {`{}`, `{"pattern":"^a"}`, ""},
	"format":                {`{}`, `{"format":"email"}`, ""},
	"maxItems":              {`{}`, `{"maxItems":2}`, ""},
	"minItems":              {`{}`, `{"minItems":2}`, ""},
	"uniqueItems":           {`{}`, `{"uniqueItems":true}`, ""},
	"maxProperties":         {`{}`, `{"maxProperties":2}`, ""},
	"minProperties":         {`{}`, `{"minProperties":2}`, ""},
	"required":              {`{}`, `{"required":["a"]}`, ""},
	"items":                 {`{}`, `{"items":{"type":"string"}}`, ""},
	"additionalItems":       {`{"items":[{}]}`, `{"items":[{}],"additionalItems":false}`, ""},
	"prefixItems":           {`{}`, `{"prefixItems":[{"type":"string"}]}`, ""},
	"contains":              {`{}`, `{"contains":{"type":"string"}}`, ""},
	"minContains":           {`{"contains":{"type":"string"}}`, `{"contains":{"type":"string"},"minContains":2}`, ""},
	"maxContains":           {`{"contains":{"type":"string"}}`, `{"contains":{"type":"string"},"maxContains":1}`, ""},
	"properties":            {`{}`, `{"properties":{"a":false}}`, ""},
	"patternProperties":     {`{}`, `{"patternProperties":{"^a":false}}`, ""},
	"additionalProperties":  {`{}`, `{"additionalProperties":false}`, ""},
	"propertyNames":         {`{}`, `{"propertyNames":{"maxLength":1}}`, ""},
	"dependencies":          {`{}`, `{"dependencies":{"a":["b"]}}`, ""},
	"dependentRequired":     {`{}`, `{"dependentRequired":{"a":["b"]}}`, ""},
	"dependentSchemas":      {`{}`, `{"dependentSchemas":{"a":{"required":["b"]}}}`, ""},
	"allOf":                 {`{}`, `{"allOf":[{"type":"string"}]}`, ""},
	"anyOf":                 {`{}`, `{"anyOf":[{"type":"string"}]}`, ""},
	"oneOf":                 {`{}`, `{"oneOf":[{"type":"string"}]}`, ""},
	"not":                   {`{}`, `{"not":{"type":"string"}}`, ""},
	"if":                    {`{"then":{"required":["b"]}}`, `{"if":{"required":["a"]},"then":{"required":["b"]}}`, ""},
	"then":                  {`{"if":{"required":["a"]}}`, `{"if":{"required":["a"]},"then":{"required":["b"]}}`, ""},
	"else":                  {`{"if":{"required":["a"]}}`, `{"if":{"required":["a"]},"else":{"required":["b"]}}`, ""},
	"unevaluatedItems":      {`{}`, `{"unevaluatedItems":false}`, ""},
	"unevaluatedProperties": {`{}`, `{"unevaluatedProperties":false}`, ""},
}

// sampleIn puts "$schema" into a sample schema object.
func sampleIn(t *testing.T, sample string, d load.Dialect) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(sample), &m); err != nil {
		t.Fatalf("sample %s: %v", sample, err)
	}
	m["$schema"] = d.URI()
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryKeywordIsRead: in every dialect and every mode, a change to each keyword that can
// change verdicts there is reported as more than an annotation change. Each such keyword needs a
// sample here, so a keyword the table gains cannot pass through compat unread.
func TestEveryKeywordIsRead(t *testing.T) {
	for k := range keywordSamples {
		if _, ok := known[k]; !ok {
			t.Errorf("keywordSamples has %q, which the keyword table does not", k)
		}
	}
	n := 0
	for _, d := range load.Dialects {
		for _, k := range sortedKeys(known) {
			if !constrains(k, d) {
				continue
			}
			sample, ok := keywordSamples[k]
			if !ok {
				t.Errorf("%s: keyword %q changes verdicts, but keywordSamples has no change to it", d.Title(), k)
				continue
			}
			if d == load.Draft4 && sample.draft4 != "" {
				sample.new = sample.draft4
			}
			oldDoc, newDoc := sampleIn(t, sample.old, d), sampleIn(t, sample.new, d)
			for _, mode := range []Mode{Contract, Backward} {
				r, err := CompareWith(oldDoc, newDoc, Options{Mode: mode, Profiles: testProfiles})
				if err != nil {
					t.Errorf("%s %s %s: %v", d.Title(), k, mode, err)
					continue
				}
				read := false
				for _, ch := range r.Changes {
					read = read || (ch.Rule != RuleAnnotationChanged && ch.Class != Annotation)
				}
				if !read {
					t.Errorf("%s %s %s: adding it is not reported as a constraint change:\n%s", d.Title(), k, mode, textOf(r))
				}
				n++
			}
		}
	}
	if n < 300 {
		t.Fatalf("checked %d keyword, dialect and mode triples, want every one (over 300)", n)
	}
}

// TestContractModeReadsDraft4ExclusiveFlags: draft-04's exclusiveMinimum and exclusiveMaximum are
// booleans beside minimum and maximum; the contract rules compare them as flags (true excludes
// the bound itself, so turning one on narrows) instead of refusing them as numbers.
func TestContractModeReadsDraft4ExclusiveFlags(t *testing.T) {
	const d4 = `"$schema":"http://json-schema.org/draft-04/schema#"`
	cases := []struct {
		name, old, new string
		rule           string // the one change's rule; "" for none
	}{
		{"turned on", `{` + d4 + `,"maximum":2}`, `{` + d4 + `,"maximum":2,"exclusiveMaximum":true}`, RuleConstraintTightened},
		{"turned off", `{` + d4 + `,"minimum":2,"exclusiveMinimum":true}`, `{` + d4 + `,"minimum":2}`, RuleConstraintRelaxed},
		{"false is absent", `{` + d4 + `,"minimum":2}`, `{` + d4 + `,"minimum":2,"exclusiveMinimum":false}`, ""},
		{"unchanged", `{` + d4 + `,"minimum":2,"exclusiveMinimum":true}`, `{` + d4 + `,"minimum":3,"exclusiveMinimum":true}`, RuleConstraintTightened},
	}
	for _, tc := range cases {
		r, err := compareContract([]byte(tc.old), []byte(tc.new))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var rules []string
		for _, ch := range r.Changes {
			rules = append(rules, ch.Rule)
		}
		if want := []string{tc.rule}; (tc.rule == "" && len(rules) != 0) || (tc.rule != "" && !slices.Equal(rules, want)) {
			t.Errorf("%s: rules %v, want %q:\n%s", tc.name, rules, tc.rule, textOf(r))
		}
	}
}
