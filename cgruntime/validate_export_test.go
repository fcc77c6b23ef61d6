package cgruntime

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestValidateValueMatchesValidateJSON builds values with the exported constructors and checks
// that ValidateValue reports exactly what ValidateJSON reports for the same text.
func TestValidateValueMatchesValidateJSON(t *testing.T) {
	nodes := Compile([]Node{
		{},
		{Types: TypeObject, Required: []string{"a"}, AdditionalProperties: 4,
			Properties: []Prop{{Name: "a", Node: 2}, {Name: "b", Node: 3}}},
		{Types: TypeInteger, Minimum: "1"},
		{Types: TypeArray, Items: 5, UniqueItems: true},
		{Bool: FalseSchema},
		{Types: TypeString | TypeNull, Pattern: "^x"},
	})
	docs := []string{
		`{"a": 1}`, `{"a": 0}`, `{"a": 1.0, "b": ["x", null]}`, `{"b": ["y", "x", "x", 5]}`,
		`{"a": "1", "c": true}`, `[]`, `null`, `{"a": 1e400}`,
	}
	failing := 0
	for _, doc := range docs {
		want, err := ValidateJSON(nodes, 1, []byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		v := toValue(t, []byte(doc))
		got := ValidateValue(nodes, 1, &v)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n ValidateValue %v\n ValidateJSON  %v", doc, got, want)
		}
		if len(want) > 0 {
			failing++
		}
	}
	if failing < len(docs)/2 {
		t.Errorf("only %d of %d documents are invalid", failing, len(docs))
	}
}

// toValue builds a Value through the exported constructors from what encoding/json decodes.
func toValue(t *testing.T, data []byte) Value {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		t.Fatal(err)
	}
	var build func(x any) Value
	build = func(x any) Value {
		switch x := x.(type) {
		case bool:
			return BoolValue(x)
		case string:
			return StringValue(x)
		case json.Number:
			return NumberValue(string(x))
		case []any:
			items := make([]Value, len(x))
			for i, item := range x {
				items[i] = build(item)
			}
			return ArrayValue(items)
		case map[string]any:
			var members []ObjectMember
			for _, k := range sortedKeys(x) {
				members = append(members, NewMember(k, build(x[k])))
			}
			return ObjectValue(members)
		}
		return NullValue()
	}
	return build(x)
}

// TestDuplicateWordedAlike proves that contractgen validate (ValidateJSON) and generated Parse (the
// Decoder, strict) word a repeated member name the same, also for a name that quoting can escape
// in different ways.
func TestDuplicateWordedAlike(t *testing.T) {
	nodes := Compile([]Node{{}, {}})
	for _, name := range []string{"a", "a<b>&", "é\t"} {
		key, _ := json.Marshal(name)
		doc := []byte(`{"x": {` + string(key) + `: 1, ` + string(key) + `: 2}}`)
		validate, err := ValidateJSON(nodes, 1, doc)
		if err != nil {
			t.Fatal(err)
		}
		d := &Decoder{strict: true}
		d.checkNestedAt(doc, nil)
		if len(validate) != 1 || !reflect.DeepEqual(validate, d.violations) {
			t.Errorf("name %q:\n validate %v\n Parse    %v", name, validate, d.violations)
		}
	}
}
