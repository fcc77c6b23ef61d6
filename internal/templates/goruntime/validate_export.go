package goruntime

// This file is not copied into generated packages. It lets contractgen itself (the validate
// command) run the very interpreter that generated packages carry, over a table built in memory
// from the IR, so that the command and the generated code cannot drift apart.

import (
	"encoding/json"
	"errors"
)

// Node is a schema node of a validation table; see cgNode.
type Node = cgNode

// Count is an optional count of a Node; see cgCount.
type Count = cgCount

// Prop names a subschema of a Node; see cgProp.
type Prop = cgProp

// Dependency is one dependentRequired member of a Node; see cgDependency.
type Dependency = cgDependency

// The values and bits of Node fields.
const (
	TrueSchema  = cgTrueSchema
	FalseSchema = cgFalseSchema
	TypeNull    = cgTypeNull
	TypeBoolean = cgTypeBoolean
	TypeObject  = cgTypeObject
	TypeArray   = cgTypeArray
	TypeNumber  = cgTypeNumber
	TypeString  = cgTypeString
	TypeInteger = cgTypeInteger
)

// Compile prepares a table once (regular expressions, constants, bounds); node 0 is unused.
func Compile(nodes []Node) []Node { return cgCompile(nodes) }

// ValidateJSON validates one JSON document against node root of a compiled table with the
// semantics of generated Parse: duplicate member names are violations, every keyword applies. It
// returns an error only when data is not JSON.
func ValidateJSON(nodes []Node, root int32, data []byte) ([]Violation, error) {
	if !json.Valid(data) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		return nil, errors.New("invalid JSON")
	}
	var dups []Violation
	v, err := cgParseJSON(data, "", func(at, name string) {
		dups = append(dups, Violation{InstanceLocation: at, Message: "member name " + quote(name) + " occurs more than once"})
	})
	if err != nil {
		return nil, err
	}
	c := cgCollector{nodes: nodes}
	c.eval(root, &v, nil, nil)
	return cgSortViolations(append(dups, c.violations...)), nil
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
