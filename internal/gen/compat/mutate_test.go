package compat

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// mutations are the edits the random tests apply to a schema object, chosen to cover every
// keyword group.
var mutations = []struct {
	key   string
	value string
}{
	{"type", `"string"`}, {"type", `["integer","null"]`}, {"type", `"object"`}, {"enum", `[1,"a",null]`},
	{"const", `"a"`}, {"minimum", `2`}, {"maximum", `5`}, {"exclusiveMinimum", `1`}, {"multipleOf", `2`},
	{"minLength", `2`}, {"maxLength", `3`}, {"pattern", `"^a"`}, {"minItems", `1`}, {"maxItems", `2`},
	{"uniqueItems", `true`}, {"required", `["a"]`}, {"properties", `{"a":{"type":"integer"}}`},
	{"properties", `{"b":false}`}, {"additionalProperties", `false`}, {"additionalProperties", `{"type":"string"}`},
	{"patternProperties", `{"^x":{"type":"string"}}`}, {"propertyNames", `{"maxLength":1}`},
	{"dependentRequired", `{"a":["b"]}`}, {"dependentSchemas", `{"a":{"required":["c"]}}`},
	{"dependencies", `{"a":["b"]}`}, {"items", `{"type":"string"}`}, {"prefixItems", `[{"type":"integer"}]`},
	{"contains", `{"type":"string"}`}, {"minContains", `2`}, {"maxContains", `1`},
	{"allOf", `[{"minimum":0}]`}, {"anyOf", `[{"type":"string"},{"type":"integer"}]`},
	{"oneOf", `[{"minimum":0},{"maximum":3}]`}, {"not", `{"type":"null"}`},
	{"if", `{"required":["a"]}`}, {"then", `{"required":["b"]}`}, {"else", `{"maxProperties":1}`},
	{"unevaluatedProperties", `false`}, {"unevaluatedItems", `{"type":"integer"}`}, {"minProperties", `1`},
}

// mutate applies one random edit somewhere in a decoded schema: set a keyword, delete one, or
// move a number.
func mutate(rng *rand.Rand, doc any) any {
	var objects []map[string]any
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			objects = append(objects, t)
			for _, k := range sortedKeys(t) { // sorted, so that a seed gives one sequence
				if k != "enum" && k != "const" && k != "required" {
					walk(t[k])
				}
			}
		case []any:
			for _, e := range t {
				walk(e)
			}
		}
	}
	walk(doc)
	if len(objects) == 0 {
		return map[string]any{"type": "string"}
	}
	obj := objects[rng.Intn(len(objects))]
	keys := sortedKeys(obj)
	switch op := rng.Intn(3); {
	case op == 0 && len(keys) > 0:
		k := keys[rng.Intn(len(keys))]
		if k != "$schema" {
			delete(obj, k)
		}
	case op == 1 && len(keys) > 0:
		k := keys[rng.Intn(len(keys))]
		if n, ok := obj[k].(json.Number); ok {
			f, _ := n.Float64()
			obj[k] = json.Number(strings.TrimSuffix(strings.TrimSuffix(jsonNumber(f+float64(rng.Intn(3)-1)), ".0"), "."))
		}
	default:
		m := mutations[rng.Intn(len(mutations))]
		var v any
		dec := json.NewDecoder(strings.NewReader(m.value))
		dec.UseNumber()
		_ = dec.Decode(&v)
		obj[m.key] = v
	}
	return doc
}

// jsonNumber spells a float without exponent for the small values mutate produces.
func jsonNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// TestFalsifyMutations applies random edits to the table's schemas and checks every verdict
// with the reference validator, as the fuzz target does for arbitrary input.
func TestFalsifyMutations(t *testing.T) {
	needShared(t, suiteRoot)
	rng := rand.New(rand.NewSource(22))
	checked, instances, falseCompatible := 0, 0, 0
	for round := 0; round < 6; round++ {
		for _, p := range pairs {
			oldDoc := withDialect(p.dialect, p.old)
			var doc any
			dec := json.NewDecoder(strings.NewReader(oldDoc))
			dec.UseNumber()
			if dec.Decode(&doc) != nil {
				continue
			}
			for range 1 + rng.Intn(2) {
				doc = mutate(rng, doc)
			}
			b, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			newDoc := string(b)
			if _, err := referenceCompile(newDoc); err != nil {
				continue // a mutation can make a schema the validator refuses
			}
			n, bad, err := falsify(t, "mutated "+p.name, oldDoc, newDoc, instancesFor(t, p, oldDoc, newDoc))
			if err != nil {
				continue // compat refuses what it cannot read, with an error; that is allowed
			}
			checked++
			instances += n
			falseCompatible += bad
		}
	}
	if checked < 200 {
		t.Fatalf("only %d mutated pairs could be checked", checked)
	}
	t.Logf("mutations: %d mutated pairs, %d instance checks per mode, false-compatible: %d", checked, instances, falseCompatible)
}
