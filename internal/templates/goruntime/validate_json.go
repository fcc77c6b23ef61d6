package goruntime

import (
	"encoding/json"
	"slices"
)

// The kinds of cgJSON values, named after JSON's types.
const (
	cgNull byte = iota
	cgBoolean
	cgString
	cgNumber
	cgArray
	cgObject
)

// cgJSON is a decoded JSON value, as the schema interpreter sees it: strings unescaped, numbers as
// their literal, object members in document order with their names exact.
type cgJSON struct {
	kind byte
	b    bool
	// s is a string's value or a number's literal.
	s     string
	items []cgJSON
	obj   []cgJSONMember
}

// cgJSONMember is one member of an object value.
type cgJSONMember struct {
	name  string
	value cgJSON
}

// member returns the value of the named member, or nil.
func (v *cgJSON) member(name string) *cgJSON {
	for i := range v.obj {
		if v.obj[i].name == name {
			return &v.obj[i].value
		}
	}
	return nil
}

// cgParseJSON decodes a value that json.Valid accepted. Every member name that occurs twice in one
// object is reported through dup with its instance location: RFC 8259 leaves such objects undefined
// and parsers disagree on them, so strict parsing rejects them rather than pick one.
func cgParseJSON(raw []byte, at string, dup func(at, name string)) (cgJSON, error) {
	return cgParseJSONIn(&cgScanner{}, raw, at, nil, dup)
}

// cgParseJSONIn is cgParseJSON within one document's scanner, the location kept as root and a chain
// of steps that is rendered only for dup.
func cgParseJSONIn(sc *cgScanner, raw []byte, root string, at *cgPath, dup func(at, name string)) (cgJSON, error) {
	raw = cgTrim(raw)
	switch raw[0] {
	case 'n':
		return cgJSON{kind: cgNull}, nil
	case 't', 'f':
		return cgJSON{kind: cgBoolean, b: raw[0] == 't'}, nil
	case '"':
		s, err := cgUnquote(raw)
		return cgJSON{kind: cgString, s: s}, err
	case '[':
		items := cgArrayItems(sc, raw)
		v := cgJSON{kind: cgArray, items: make([]cgJSON, len(items))}
		for i, item := range items {
			var err error
			loc := cgIndex(at, "", i)
			if v.items[i], err = cgParseJSONIn(sc, item, root, &loc, dup); err != nil {
				return v, err
			}
		}
		return v, nil
	case '{':
		members, err := cgObjectMembers(sc, raw, nil)
		if err != nil {
			return cgJSON{}, err
		}
		if dup != nil {
			cgDuplicates(members, func(name string) { dup(root+at.String(), name) })
		}
		v := cgJSON{kind: cgObject, obj: make([]cgJSONMember, len(members))}
		for i, m := range members {
			v.obj[i].name = m.Name
			loc := cgKey(at, "", m.Name)
			if v.obj[i].value, err = cgParseJSONIn(sc, m.Value, root, &loc, dup); err != nil {
				return v, err
			}
		}
		return v, nil
	}
	return cgJSON{kind: cgNumber, s: string(raw)}, nil
}

// cgFromGo converts a value decoded by encoding/json with UseNumber (the representation of "any"
// members) into a cgJSON. Map members are taken in sorted order; their order means nothing in JSON.
func cgFromGo(x any) (cgJSON, bool) {
	switch x := x.(type) {
	case nil:
		return cgJSON{kind: cgNull}, true
	case bool:
		return cgJSON{kind: cgBoolean, b: x}, true
	case string:
		return cgJSON{kind: cgString, s: x}, true
	case json.Number:
		return cgJSON{kind: cgNumber, s: string(x)}, true
	case []any:
		v := cgJSON{kind: cgArray, items: make([]cgJSON, len(x))}
		for i, item := range x {
			var ok bool
			if v.items[i], ok = cgFromGo(item); !ok {
				return v, false
			}
		}
		return v, true
	case map[string]any:
		v := cgJSON{kind: cgObject}
		for _, k := range cgSortedKeys(x) {
			item, ok := cgFromGo(x[k])
			if !ok {
				return v, false
			}
			v.obj = append(v.obj, cgJSONMember{name: k, value: item})
		}
		return v, true
	}
	// Any other Go value (a float64 from a decoder without UseNumber, a struct): go through JSON.
	raw, err := json.Marshal(x)
	if err != nil || !json.Valid(raw) {
		return cgJSON{}, false
	}
	v, err := cgParseJSON(raw, "", nil)
	return v, err == nil
}

func cgSortedKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// cgEqual compares two JSON values as JSON Schema does for const, enum and uniqueItems: numbers by
// value (1, 1.0 and 1e0 are equal), objects regardless of member order, arrays item by item.
func cgEqual(a, b *cgJSON) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case cgNull:
		return true
	case cgBoolean:
		return a.b == b.b
	case cgString:
		return a.s == b.s
	case cgNumber:
		da, okA := cgParseDecimal(a.s)
		db, okB := cgParseDecimal(b.s)
		return okA && okB && da == db
	case cgArray:
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !cgEqual(&a.items[i], &b.items[i]) {
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
		if other == nil || !cgEqual(&a.obj[i].value, other) {
			return false
		}
	}
	return true
}

// cgKindName names a value's JSON type for messages, "integer" for whole numbers.
func cgKindName(v *cgJSON) string {
	switch v.kind {
	case cgNull:
		return "null"
	case cgBoolean:
		return "boolean"
	case cgString:
		return "string"
	case cgArray:
		return "array"
	case cgObject:
		return "object"
	}
	if d, ok := cgParseDecimal(v.s); ok && d.isInt() {
		return "integer"
	}
	return "number"
}
