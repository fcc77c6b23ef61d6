package openapi

import (
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

// Map is a JSON object whose members keep the order in which they were first set. The documents are
// built from Maps so that both encodings write members in one chosen, stable order: an OpenAPI
// reader does not care, but a reviewer diffing two generations does.
//
// The values a Map (or a []any inside it) may hold are nil, bool, int, string, Number, *Map and
// []any; the encoders reject anything else.
type Map struct {
	keys []string
	vals map[string]any
}

// Number is a JSON number kept exactly as the schema wrote it, so a bound such as 1e3 or 0.1 never
// passes through float64.
type Number string

// NewMap returns an empty Map.
func NewMap() *Map { return &Map{vals: map[string]any{}} }

// Set stores v under key: a new key goes last, an existing key keeps its place. It returns m so that
// a small object can be written as one chain.
func (m *Map) Set(key string, v any) *Map {
	if _, ok := m.vals[key]; !ok {
		m.keys = append(m.keys, key)
	}
	m.vals[key] = v
	return m
}

// Get returns the value stored under key.
func (m *Map) Get(key string) (any, bool) {
	v, ok := m.vals[key]
	return v, ok
}

// Keys returns the member names in order.
func (m *Map) Keys() []string { return m.keys }

// Len is the number of members.
func (m *Map) Len() int { return len(m.keys) }

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
		m := NewMap()
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
