package goruntime

// This file is not copied into generated packages. It lets contractgen itself (the validate
// command) run the very interpreter that generated packages carry, over a table built in memory
// from the IR, so that the command and the generated code cannot drift apart.

import (
	"encoding/json"
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
	data, err := cgPrepare(data)
	if err != nil {
		return nil, err
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

// Value is a JSON value that the caller has parsed itself, for ValidateValue; build it with
// NullValue, BoolValue, StringValue, NumberValue, ArrayValue and ObjectValue.
type Value = cgJSON

// Member is one member of an object Value; see NewMember.
type Member = cgJSONMember

// NullValue is JSON null.
func NullValue() Value { return cgJSON{kind: cgNull} }

// BoolValue is true or false.
func BoolValue(b bool) Value { return cgJSON{kind: cgBoolean, b: b} }

// StringValue is a string, unescaped.
func StringValue(s string) Value { return cgJSON{kind: cgString, s: s} }

// NumberValue is a number by its literal, which must follow JSON's number syntax: bounds and
// multipleOf compare the literal exactly.
func NumberValue(literal string) Value { return cgJSON{kind: cgNumber, s: literal} }

// ArrayValue is an array of items.
func ArrayValue(items []Value) Value { return cgJSON{kind: cgArray, items: items} }

// NewMember is a member of an object.
func NewMember(name string, value Value) Member { return cgJSONMember{name: name, value: value} }

// ObjectValue is an object with members in document order.
func ObjectValue(members []Member) Value { return cgJSON{kind: cgObject, obj: members} }

// ValidateValue validates a value against node root of a compiled table, like ValidateJSON but
// without parsing: for a caller that holds the document parsed already (contractgen's own schema
// checks, on its ordered tree). It cannot see member names that occur twice; the caller's parser
// must refuse those.
func ValidateValue(nodes []Node, root int32, v *Value) []Violation {
	c := cgCollector{nodes: nodes}
	c.eval(root, v, nil, nil)
	return cgSortViolations(c.violations)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
