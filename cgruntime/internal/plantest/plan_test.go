// Package plantest checks the runtime's plans (Schema) against the per-type code that contractgen
// generated for the same schemas: copies of two generated packages, each with the description of
// itself that a plan-based package carries. On every input the two must agree exactly: decoded
// values, errors, Parse's violations, the canonical encoding and Validate's violations.
package plantest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/cgruntime/internal/plantest/agenterror"
	golden "github.com/contractgen/contractgen/cgruntime/internal/plantest/union"
)

// generated is what per-type generated code offers the runtime.
type generated[T any] interface {
	*T
	CgDecode(d *cgruntime.Decoder, raw []byte, at, kw string) error
	CgValidate(c *cgruntime.Collector, at, kw *cgruntime.Path)
	UnmarshalJSON([]byte) error
	Validate() error
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// same compares per-type code and plans on one input, for type index t of s.
func same[T any, PT generated[T]](t *testing.T, s *cgruntime.Schema, ti int, data []byte) {
	t.Helper()
	// Tolerant decoding.
	var old, plan T
	oerr := PT(&old).UnmarshalJSON(data)
	perr := s.Unmarshal(data, &plan, ti)
	if errString(oerr) != errString(perr) {
		t.Fatalf("%s\nUnmarshalJSON: %v\nplan:          %v", data, oerr, perr)
	}
	if oerr == nil && !reflect.DeepEqual(old, plan) {
		t.Fatalf("%s\nUnmarshalJSON: %+v\nplan:          %+v", data, old, plan)
	}
	if oerr == nil {
		sameValue[T, PT](t, s, ti, &old, string(data))
	}
	// Strict decoding and validation.
	ov, oerr := cgruntime.Parse[T, PT](data, s.Nodes, s.Types[ti].Node)
	pv, perr := cgruntime.ParseAs[T](s, ti, data)
	if errString(oerr) != errString(perr) {
		t.Fatalf("%s\nParse: %v\nplan:  %v", data, oerr, perr)
	}
	if !reflect.DeepEqual(ov, pv) {
		t.Fatalf("%s\nParse: %+v\nplan:  %+v", data, ov, pv)
	}
}

// sameValue compares the encoding and Validate of a Go value.
func sameValue[T any, PT generated[T]](t *testing.T, s *cgruntime.Schema, ti int, v *T, label string) {
	t.Helper()
	ob, oerr := json.Marshal(v)
	pb, perr := s.Marshal(v, ti)
	if oerr != nil {
		// encoding/json wraps the method's error; compare the method's own words.
		if perr == nil || !strings.HasSuffix(oerr.Error(), perr.Error()) {
			t.Fatalf("%s\nMarshalJSON: %v\nplan:        %s, %v", label, oerr, pb, perr)
		}
	} else if perr != nil || string(ob) != string(pb) {
		t.Fatalf("%s\nMarshalJSON: %s, %v\nplan:        %s, %v", label, ob, oerr, pb, perr)
	}
	if o, p := errString(PT(v).Validate()), errString(s.Validate(v, ti)); o != p {
		t.Fatalf("%s\nValidate: %s\nplan:     %s", label, o, p)
	}
}

// mutations returns data and variants of it: every value replaced by values of other JSON types
// and by nested hostile shapes, every member removed, an unknown member added and a name repeated.
func mutations(t *testing.T, data []byte) [][]byte {
	var doc any
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return [][]byte{data}
	}
	out := [][]byte{data}
	replacements := []any{nil, true, json.Number("0"), json.Number("-1.5"), json.Number("1e400"),
		json.Number("123456789012345678901234567890"), "", "x\u2028<&>", []any{}, []any{json.Number("1"), "a"},
		map[string]any{}, map[string]any{"kind": "cat", "lives": json.Number("10")}, map[string]any{"kind": "dog"},
		map[string]any{"role": "helper", "hours": json.Number("2.5")}, map[string]any{"kind": "branch", "child": map[string]any{"kind": "leaf"}}}
	var walk func(v any, set func(any))
	walk = func(v any, set func(any)) {
		for _, r := range replacements {
			set(r)
			b, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		set(v)
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				child := x[k]
				delete(x, k)
				b, _ := json.Marshal(doc)
				out = append(out, b)
				x[k] = child
				walk(child, func(n any) { x[k] = n })
			}
			x["zz_unknown"] = map[string]any{"a": []any{json.Number("1")}}
			b, _ := json.Marshal(doc)
			out = append(out, b)
			delete(x, "zz_unknown")
		case []any:
			for i := range x {
				walk(x[i], func(n any) { x[i] = n })
			}
		}
	}
	walk(doc, func(n any) { doc = n })
	// Repeated member names, at the top and inside a kept value.
	if len(data) > 2 && data[0] == '{' {
		out = append(out, []byte(`{"dup":1,"dup":2,`+string(data[1:])), []byte(`{"zz":{"a":1,"a":2},`+string(data[1:])))
	}
	return out
}

func TestAgentErrorCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "testdata", "corpus", "agent-error")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		inputs := [][]byte{data}
		if strings.HasPrefix(e.Name(), "valid-") && n < 8 {
			inputs = mutations(t, data)
			n++
		}
		for _, in := range inputs {
			same[agenterror.AgentError](t, agenterror.PlanSchema, agenterror.TAgentError, in)
			same[agenterror.Recovery](t, agenterror.PlanSchema, agenterror.TRecovery, in)
			same[agenterror.SafetyHints](t, agenterror.PlanSchema, agenterror.TSafetyHints, in)
		}
	}
	if n == 0 {
		t.Fatal("no valid instance in the corpus")
	}
}

var zoos = []string{
	`{"pet":{"kind":"cat","lives":7}}`,
	`{"pet":{"kind":"dog","name":"Rex","weight":12.50},"visitors":[{"kind":"cat","lives":1},{"kind":"dog","name":"B"},{"kind":"fish"}],` +
		`"keeper":{"role":"helper","hours":3},"tree":{"kind":"branch","weight":3,"child":{"kind":"branch","child":{"kind":"leaf","name":"x"}}},"note":[1,{"b":null}]}`,
	`{"pet":{"kind":"cat","lives":70},"keeper":{"role":"staff","badge":1.5},"tree":{"kind":"leaf"}}`,
	`{"pet":{"lives":7},"keeper":{"role":"nobody"},"tree":null,"visitors":null}`,
	`[]`, `null`, `"cat"`, `{}`, `{"pet":null}`,
}

func TestZooUnions(t *testing.T) {
	for _, z := range zoos {
		for _, in := range mutations(t, []byte(z)) {
			sameAgain(t, in)
			same[golden.Zoo](t, golden.PlanSchema, golden.TZoo, in)
			same[golden.Pet](t, golden.PlanSchema, golden.TPet, in)
			same[golden.Tree](t, golden.PlanSchema, golden.TTree, in)
			same[golden.Keeper](t, golden.PlanSchema, golden.TKeeper, in)
		}
	}
}

// TestHandBuiltValues compares encoding and Validate on values no decoder makes: several variants
// set, a variant that selects another, invalid numbers and raw values.
func TestHandBuiltValues(t *testing.T) {
	bad := json.Number("1x")
	for i, z := range []golden.Zoo{
		{},
		{Pet: golden.Pet{Cat: &golden.Cat{Kind: "cat", Lives: 3}, Dog: &golden.Dog{Kind: "dog", Name: "x"}}},
		{Pet: golden.Pet{Cat: &golden.Cat{Kind: "dog", Lives: 30}}},
		{Pet: golden.Pet{Cat: &golden.Cat{Kind: "cat", Lives: 30}}},
		{Pet: golden.Pet{Dog: &golden.Dog{Kind: "dog", Weight: &bad}}},
		{Pet: golden.Pet{Unknown: json.RawMessage(`{"kind":"cow"}`)}, Visitors: []golden.Pet{{}, {Unknown: json.RawMessage(`not json`)}}},
		{Keeper: &golden.Keeper{Volunteer: &golden.Volunteer{Role: "chief"}}},
		{Tree: &golden.Tree{Branch: &golden.Branch{Kind: "branch", Child: golden.Tree{Branch: &golden.Branch{Kind: "branch"}}}}},
		{Pet: golden.Pet{Cat: &golden.Cat{Kind: "cat"}}, Extra: map[string]json.RawMessage{"b": json.RawMessage(` [ 1 ] `), "a": nil}},
	} {
		sameValue[golden.Zoo](t, golden.PlanSchema, golden.TZoo, &z, fmt.Sprint(i))
	}
	for i, e := range []agenterror.AgentError{
		{},
		{Evidence: map[string]any{"b": []any{1, "x"}, "a": nil}, Recovery: agenterror.Recovery{Action: "nope"}},
		{Evidence: map[string]any{"f": func() {}}},
		{Safety: &agenterror.SafetyHints{}, Extra: map[string]json.RawMessage{"x": json.RawMessage(`{"a":1}`)}},
	} {
		sameValue[agenterror.AgentError](t, agenterror.PlanSchema, agenterror.TAgentError, &e, fmt.Sprint(i))
	}
}

// sameAgain requires a type defined over Zoo to decode, validate and encode as Zoo does.
func sameAgain(t *testing.T, data []byte) {
	t.Helper()
	zv, zerr := cgruntime.ParseAs[golden.Zoo](golden.PlanSchema, golden.TZoo, data)
	av, aerr := cgruntime.ParseAs[golden.ZooAgain](golden.PlanSchema, golden.TZooAgain, data)
	if errString(zerr) != errString(aerr) || (zv == nil) != (av == nil) || zv != nil && !reflect.DeepEqual(*zv, golden.Zoo(*av)) {
		t.Fatalf("%s\nZoo:      %v, %v\nZooAgain: %v, %v", data, zv, zerr, av, aerr)
	}
	var z golden.Zoo
	if golden.PlanSchema.Unmarshal(data, &z, golden.TZoo) != nil {
		return
	}
	a := golden.ZooAgain(z)
	zb, zerr := golden.PlanSchema.Marshal(&z, golden.TZoo)
	ab, aerr := golden.PlanSchema.Marshal(&a, golden.TZooAgain)
	if string(zb) != string(ab) || errString(zerr) != errString(aerr) {
		t.Fatalf("%s\nZoo encodes %s, %v; ZooAgain %s, %v", data, zb, zerr, ab, aerr)
	}
	if o, p := errString(golden.PlanSchema.Validate(&z, golden.TZoo)), errString(golden.PlanSchema.Validate(&a, golden.TZooAgain)); o != p {
		t.Fatalf("%s\nZoo: %s\nZooAgain: %s", data, o, p)
	}
}
