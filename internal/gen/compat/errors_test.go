package compat

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

// valid is a small schema used as the other side of error cases.
const valid = `{"type": "object", "properties": {"kind": {"type": "string"}}}`

func TestMalformedInputNamesPointer(t *testing.T) {
	tests := []struct {
		name        string
		oldDoc      string
		newDoc      string
		wantDoc     string
		wantPointer string
		wantText    string
	}{
		{"syntax error in a member", valid, `{"properties": {"kind": {"type": "string",}}}`, "new", "/properties/kind", "line 1"},
		{"syntax error on a later line", "{\n  \"properties\": {\n    \"kind\": [1, }\n  }\n}", valid, "old", "/properties/kind/1", "line 3, column 17"},
		{"truncated", `{"properties": {"kind": {"type": `, valid, "old", "/properties/kind/type", "unexpected end of input"},
		{"trailing data", valid, valid + ` {}`, "new", "", "after the top-level value"},
		{"root is not a schema", `[1, 2]`, valid, "old", "", "object or a boolean"},
		{"duplicate member", valid, `{"properties": {"kind": {}, "kind": {}}}`, "new", "/properties/kind", "duplicate"},
		{"properties not an object", valid, `{"properties": []}`, "new", "/properties", "properties must be an object"},
		{"required not strings", valid, `{"required": ["a", 1]}`, "new", "/required/1", "array of strings"},
		{"type not a string", valid, `{"properties": {"kind": {"type": 5}}}`, "new", "/properties/kind/type", "type must be"},
		{"enum not an array", `{"enum": ["a"]}`, `{"enum": "a"}`, "new", "/enum", "enum must be an array"},
		{"bound not a number", valid, `{"properties": {"kind": {"minLength": "1"}}}`, "new", "/properties/kind/minLength", "must be a number"},
		{"member schema not a schema", valid, `{"properties": {"kind": 3}}`, "new", "/properties/kind", "object or a boolean"},
		{"unresolvable ref", valid, `{"properties": {"kind": {"$ref": "#/$defs/nope"}}}`, "new", "/properties/kind/$ref", "does not resolve"},
		{"external ref", `{"properties": {"kind": {"$ref": "other.json#/a"}}}`, valid, "old", "/properties/kind/$ref", "only local references"},
		{"unknown anchor", valid, `{"properties": {"kind": {"$ref": "#missing"}}}`, "new", "/properties/kind/$ref", "anchor"},
		{"ref loop without a schema", valid, `{"properties": {"kind": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`, "new", "/$defs/b/$ref", "leads back"},
		{"ref to null", valid, `{"properties": {"kind": {"$ref": "#/$defs/k"}}, "$defs": {"k": null}}`, "new", "/$defs/k", "object or a boolean"},
		{"ref not a string", valid, `{"properties": {"kind": {"$ref": 1}}}`, "new", "/properties/kind/$ref", "must be a string"},
		{"anyOf not an array", `{"anyOf": [{}]}`, `{"anyOf": {}}`, "new", "/anyOf", "array of schemas"},
		{"catalog not an object", valid, `{"x-catalog": []}`, "new", "/x-catalog", "x-catalog must be an object"},
		{"catalog entry not an object", valid, `{"x-catalog": {"kinds": {"a": 1}}}`, "new", "/x-catalog/kinds/a", "entry must be an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := compareContract([]byte(tt.oldDoc), []byte(tt.newDoc))
			if err == nil {
				t.Fatalf("Compare succeeded with %d changes, want an error", len(r.Changes))
			}
			var de *docError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is a %T, want *docError", err, err)
			}
			if de.doc != tt.wantDoc || de.pointer != tt.wantPointer {
				t.Errorf("error at %s %q, want %s %q (%v)", de.doc, de.pointer, tt.wantDoc, tt.wantPointer, err)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q does not mention %q", err, tt.wantText)
			}
			if !strings.Contains(err.Error(), `"`+tt.wantPointer+`"`) {
				t.Errorf("error text %q does not quote the pointer %q", err, tt.wantPointer)
			}
		})
	}
}

func TestDeepNestingIsRefused(t *testing.T) {
	deep := strings.Repeat("[", 2000) + strings.Repeat("]", 2000) // deeper than the parser allows
	_, err := compareContract([]byte(`{"default": `+deep+`}`), []byte(valid))
	if err == nil || !strings.Contains(err.Error(), "nesting deeper") {
		t.Fatalf("err = %v, want a nesting error", err)
	}
}

// compareWithin fails the test when Compare does not return in time, which is how a $ref cycle
// that is not cut would show.
func compareWithin(t *testing.T, oldDoc, newDoc string) *Report {
	t.Helper()
	type result struct {
		r   *Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := compareContract([]byte(oldDoc), []byte(newDoc))
		done <- result{r, err}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			t.Fatalf("Compare: %v", res.err)
		}
		return res.r
	case <-time.After(10 * time.Second):
		t.Fatal("Compare did not finish: a $ref cycle is not cut")
		return nil
	}
}

func TestRefCyclesTerminate(t *testing.T) {
	tests := []struct {
		name      string
		oldDoc    string
		newDoc    string
		wantRules []string
	}{
		{
			name:      "root refers to itself",
			oldDoc:    `{"type": "object", "properties": {"child": {"$ref": "#"}, "name": {"type": "string"}}}`,
			newDoc:    `{"type": "object", "properties": {"child": {"$ref": "#"}, "name": {"type": "integer"}}}`,
			wantRules: []string{RuleTypeChanged},
		},
		{
			name: "two definitions refer to each other",
			oldDoc: `{"$ref": "#/$defs/a", "$defs": {
				"a": {"properties": {"b": {"$ref": "#/$defs/b"}}},
				"b": {"properties": {"a": {"$ref": "#/$defs/a"}, "n": {"maximum": 5}}}}}`,
			newDoc: `{"$ref": "#/$defs/a", "$defs": {
				"a": {"properties": {"b": {"$ref": "#/$defs/b"}}},
				"b": {"properties": {"a": {"$ref": "#/$defs/a"}, "n": {"maximum": 4}}}}}`,
			wantRules: []string{RuleConstraintTightened},
		},
		{
			name:      "cycle through items and an anchor",
			oldDoc:    `{"$anchor": "node", "type": "array", "items": {"$ref": "#node"}}`,
			newDoc:    `{"$anchor": "node", "type": "array", "items": {"$ref": "#node"}, "description": "A tree."}`,
			wantRules: []string{RuleAnnotationChanged},
		},
		{
			// Found by FuzzCompare: the side without items used to get an ever longer pointer.
			name:      "cycle on one side only",
			oldDoc:    `{"items": {"$ref": "#"}}`,
			newDoc:    `{}`,
			wantRules: nil,
		},
		{
			name:   "cycle through a required member without a property",
			oldDoc: `{"properties": {"a": {"$ref": "#"}}, "required": ["a"]}`,
			newDoc: `{"required": ["a"]}`,
			// The top-level a still exists (it is required); the one nested in it is gone.
			wantRules: []string{RuleMemberRemoved},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := compareWithin(t, tt.oldDoc, tt.newDoc)
			var got []string
			for _, ch := range r.Changes {
				got = append(got, ch.Rule)
			}
			if strings.Join(got, ",") != strings.Join(tt.wantRules, ",") {
				t.Errorf("rules = %v, want %v (each change once, however often the cycle is entered)", got, tt.wantRules)
			}
		})
	}
}

func TestManySharedReferencesStayFast(t *testing.T) {
	// Each level refers to the one below twice, so a walk without memory would take 2^40 steps.
	var defs []string
	for i := 0; i < 40; i++ {
		defs = append(defs, `"d`+strconv.Itoa(i)+`": {"properties": {"a": {"$ref": "#/$defs/d`+strconv.Itoa(i+1)+`"}, "b": {"$ref": "#/$defs/d`+strconv.Itoa(i+1)+`"}}}`)
	}
	doc := func(leaf string) string {
		return `{"$ref": "#/$defs/d0", "$defs": {` + strings.Join(defs, ",") + `, "d40": ` + leaf + `}}`
	}
	r := compareWithin(t, doc(`{"type": "string"}`), doc(`{"type": "integer"}`))
	if len(r.Changes) != 1 || r.Changes[0].Pointer != "/$defs/d40/type" {
		t.Fatalf("changes = %+v, want one type change at /$defs/d40/type", r.Changes)
	}
}

// TestSyntaxErrorsAreJSONTreeErrors: compat reads schemas with the generator's one JSON parser,
// so a malformed document fails with jsontree's error (line, column and pointer as load reports
// them), wrapped with which document it was.
func TestSyntaxErrorsAreJSONTreeErrors(t *testing.T) {
	_, err := compareContract([]byte("{\n  \"properties\": {\n    \"kind\": [1, }\n  }\n}"), []byte(valid))
	var se *jsontree.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T) does not wrap a *jsontree.SyntaxError", err, err)
	}
	if se.Line != 3 || se.Pointer != "/properties/kind/1" {
		t.Errorf("syntax error at line %d, pointer %q; want line 3, /properties/kind/1", se.Line, se.Pointer)
	}
	_, err = compareContract([]byte(valid), []byte(`{"a": 1, "a": 2}`))
	if !errors.As(err, &se) || se.Pointer != "/a" {
		t.Errorf("duplicate member: %v, want a jsontree error at /a", err)
	}
}
