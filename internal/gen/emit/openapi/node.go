package openapi

import (
	"encoding/json"
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

// Map is a JSON object whose members keep the order in which they were first set. The documents are
// built from Maps so that both encodings write members in one chosen, stable order: an OpenAPI
// reader does not care, but a reviewer diffing two generations does.
//
// The values a Map (or a []any inside it) may hold are nil, bool, int, string, Number, *Map and
// []any; the encoders reject anything else. A value may sit in several places, even in both
// documents of one Emit: nothing changes a value once it is in a Map.
type Map struct {
	members []member
	// index finds a member by name once the Map is too large for a linear search; most Maps of a
	// schema hold a handful of members, and a hash map for each would cost more than it saves.
	index map[string]int
}

// member is one name and value of a Map.
type member struct {
	key string
	val any
}

// indexFrom is the size at which a Map starts to keep an index of its names.
const indexFrom = 16

// Number is a JSON number kept exactly as the schema wrote it, so a bound such as 1e3 or 0.1 never
// passes through float64.
type Number string

// NewMap returns an empty Map.
func NewMap() *Map { return &Map{} }

// Set stores v under key: a new key goes last, an existing key keeps its place. It returns m so that
// a small object can be written as one chain.
func (m *Map) Set(key string, v any) *Map {
	if i, ok := m.find(key); ok {
		m.members[i].val = v
		return m
	}
	if m.members == nil {
		// Most Maps of a document hold one to four members; room for four at once saves the
		// reallocations of growing one by one.
		m.members = make([]member, 0, 4)
	}
	m.members = append(m.members, member{key, v})
	switch {
	case m.index != nil:
		m.index[key] = len(m.members) - 1
	case len(m.members) == indexFrom:
		m.index = make(map[string]int, 2*indexFrom)
		for i, mem := range m.members {
			m.index[mem.key] = i
		}
	}
	return m
}

// find returns the position of key among the members.
func (m *Map) find(key string) (int, bool) {
	if m.index != nil {
		i, ok := m.index[key]
		return i, ok
	}
	for i := range m.members {
		if m.members[i].key == key {
			return i, true
		}
	}
	return 0, false
}

// Get returns the value stored under key.
func (m *Map) Get(key string) (any, bool) {
	if i, ok := m.find(key); ok {
		return m.members[i].val, true
	}
	return nil, false
}

// Keys returns the member names in order.
func (m *Map) Keys() []string {
	keys := make([]string, len(m.members))
	for i, mem := range m.members {
		keys[i] = mem.key
	}
	return keys
}

// Len is the number of members.
func (m *Map) Len() int { return len(m.members) }

// fromTree converts a parsed JSON value (a const, default or example from the schema) into document
// values, keeping member order and number literals.
func fromTree(n *jsontree.Node) any {
	switch n.Kind {
	case jsontree.Bool:
		return n.Bool
	case jsontree.Number:
		return Number(n.Text)
	case jsontree.String:
		return n.Text
	case jsontree.Array:
		out := make([]any, len(n.Items))
		for i, item := range n.Items {
			out[i] = fromTree(item)
		}
		return out
	case jsontree.Object:
		m := &Map{members: make([]member, 0, len(n.Members))}
		for _, member := range n.Members {
			m.Set(member.Name, fromTree(member.Value))
		}
		return m
	}
	return nil
}

// fromJSON parses a schema value's compact JSON (ir.Value.JSON) into document values.
func fromJSON(data []byte) (any, error) {
	tree, err := jsontree.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("openapi: a schema value does not parse as JSON (a contractgen bug): %w", err)
	}
	return fromTree(tree), nil
}

// valueCache converts schema values into document values, each distinct value once per Emit: the
// same const (contract_version in every example, for one) recurs many times, and parsing its JSON
// is the costly part.
type valueCache map[string]any

// convert returns v as document values. A scalar is taken from v.Decoded, which holds the same string,
// number literal or boolean as v.JSON; an object or array is parsed from v.JSON, whose member order
// v.Decoded has lost.
func (vc valueCache) convert(v *ir.Value) (any, error) {
	switch g := v.Decoded.(type) {
	case string:
		return g, nil
	case bool:
		return g, nil
	case json.Number:
		return Number(g), nil
	}
	if out, ok := vc[string(v.JSON)]; ok {
		return out, nil
	}
	out, err := fromJSON(v.JSON)
	if err != nil {
		return nil, err
	}
	vc[string(v.JSON)] = out
	return out, nil
}
