package cgruntime

import (
	"encoding/json"
	"slices"
)

// The kinds of Value values, named after JSON's types.
const (
	kindNull byte = iota
	kindBoolean
	kindString
	kindNumber
	kindArray
	kindObject
)

// Value is a decoded JSON value, as the schema interpreter sees it: strings unescaped, numbers as
// their literal, object members in document order with their names exact.
type Value struct {
	kind byte
	b    bool
	// s is a string's value or a number's literal.
	s     string
	items []Value
	obj   []ObjectMember
}

// ObjectMember is one member of an object value.
type ObjectMember struct {
	name  string
	value Value
}

// member returns the value of the named member, or nil.
func (v *Value) member(name string) *Value {
	for i := range v.obj {
		if v.obj[i].name == name {
			return &v.obj[i].value
		}
	}
	return nil
}

// parseJSON decodes a JSON document, indexing it first (see scanner). Every member name that
// occurs twice in one object is reported through dup with its instance location: RFC 8259 leaves
// such objects undefined and parsers disagree on them, so strict parsing rejects them rather than
// pick one.
func parseJSON(raw []byte, at string, dup func(at, name string)) (Value, error) {
	var sc scanner
	if !sc.indexDocument(raw) {
		return Value{}, errSyntax
	}
	return parseJSONIn(&sc, raw, at, nil, dup)
}

// parseJSONIn is parseJSON within one document's scanner, the location kept as root and a chain
// of steps that is rendered only for dup.
func parseJSONIn(sc *scanner, raw []byte, root string, at *Path, dup func(at, name string)) (Value, error) {
	raw = trim(raw)
	switch raw[0] {
	case 'n':
		return Value{kind: kindNull}, nil
	case 't', 'f':
		return Value{kind: kindBoolean, b: raw[0] == 't'}, nil
	case '"':
		s, err := sc.text(raw)
		return Value{kind: kindString, s: s}, err
	case '[':
		items := arrayItems(sc, raw)
		v := Value{kind: kindArray, items: make([]Value, len(items))}
		for i, item := range items {
			var err error
			loc := Index(at, "", i)
			if v.items[i], err = parseJSONIn(sc, item, root, &loc, dup); err != nil {
				return v, err
			}
		}
		return v, nil
	case '{':
		members, err := objectMembers(sc, raw, nil)
		if err != nil {
			return Value{}, err
		}
		if dup != nil {
			duplicates(members, func(name string) { dup(root+at.String(), name) })
		}
		v := Value{kind: kindObject, obj: make([]ObjectMember, len(members))}
		for i, m := range members {
			v.obj[i].name = m.Name
			loc := Key(at, "", m.Name)
			if v.obj[i].value, err = parseJSONIn(sc, m.Value, root, &loc, dup); err != nil {
				return v, err
			}
		}
		return v, nil
	}
	return Value{kind: kindNumber, s: sc.literal(raw)}, nil
}

// fromGo converts a value decoded by encoding/json with UseNumber (the representation of "any"
// members) into a Value. Map members are taken in sorted order; their order means nothing in JSON.
func fromGo(x any) (Value, bool) {
	switch x := x.(type) {
	case nil:
		return Value{kind: kindNull}, true
	case bool:
		return Value{kind: kindBoolean, b: x}, true
	case string:
		return Value{kind: kindString, s: x}, true
	case json.Number:
		return Value{kind: kindNumber, s: string(x)}, true
	case []any:
		v := Value{kind: kindArray, items: make([]Value, len(x))}
		for i, item := range x {
			var ok bool
			if v.items[i], ok = fromGo(item); !ok {
				return v, false
			}
		}
		return v, true
	case map[string]any:
		v := Value{kind: kindObject}
		for _, k := range sortedKeys(x) {
			item, ok := fromGo(x[k])
			if !ok {
				return v, false
			}
			v.obj = append(v.obj, ObjectMember{name: k, value: item})
		}
		return v, true
	}
	// Any other Go value (a float64 from a decoder without UseNumber, a struct): go through JSON.
	raw, err := json.Marshal(x)
	if err != nil || !json.Valid(raw) {
		return Value{}, false
	}
	v, err := parseJSON(raw, "", nil)
	return v, err == nil
}

func sortedKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// equal compares two JSON values as JSON Schema does for const, enum and uniqueItems: numbers by
// value (1, 1.0 and 1e0 are equal), objects regardless of member order, arrays item by item.
func equal(a, b *Value) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case kindNull:
		return true
	case kindBoolean:
		return a.b == b.b
	case kindString:
		return a.s == b.s
	case kindNumber:
		da, okA := parseDecimal(a.s)
		db, okB := parseDecimal(b.s)
		return okA && okB && da == db
	case kindArray:
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !equal(&a.items[i], &b.items[i]) {
				return false
			}
		}
		return true
	}
	if len(a.obj) != len(b.obj) {
		return false
	}
	for i := range a.obj {
		other := b.member(a.obj[i].name)
		if other == nil || !equal(&a.obj[i].value, other) {
			return false
		}
	}
	return true
}

// kindName names a value's JSON type for messages, "integer" for whole numbers.
func kindName(v *Value) string {
	switch v.kind {
	case kindNull:
		return "null"
	case kindBoolean:
		return "boolean"
	case kindString:
		return "string"
	case kindArray:
		return "array"
	case kindObject:
		return "object"
	}
	if d, ok := parseDecimal(v.s); ok && d.isInt() {
		return "integer"
	}
	return "number"
}

// validatePrepared is ValidateJSON of a document Prepare has accepted.
func validatePrepared(nodes []Node, root int32, data []byte) ([]Violation, error) {
	var dups []Violation
	v, err := parseJSON(data, "", func(at, name string) {
		dups = append(dups, duplicateViolation(at, name))
	})
	if err != nil {
		return nil, err
	}
	c := Collector{Nodes: nodes}
	c.eval(root, &v, nil, nil)
	return sortViolations(append(dups, c.violations...)), nil
}
