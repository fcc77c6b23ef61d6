package cgruntime

import "errors"

// This file is not copied into generated packages. It lets contractgen itself (the validate
// command) run the very interpreter that generated packages carry, over a table built in memory
// from the IR, so that the command and the generated code cannot drift apart.

// ValidateJSON validates one JSON document against node root of a compiled table with the
// semantics of generated Parse: duplicate member names are violations, every keyword applies. It
// returns an error only when data is not JSON.
func ValidateJSON(nodes []Node, root int32, data []byte) ([]Violation, error) {
	// The parse checks the grammar as it indexes; only a document that fails it is read again,
	// for the line and column of the error.
	vs, err := validatePrepared(nodes, root, data)
	if errors.Is(err, errSyntax) {
		if _, located := Prepare(data); located != nil {
			err = located
		}
	}
	return vs, err
}

// NullValue is JSON null.
func NullValue() Value { return Value{kind: kindNull} }

// BoolValue is true or false.
func BoolValue(b bool) Value { return Value{kind: kindBoolean, b: b} }

// StringValue is a string, unescaped.
func StringValue(s string) Value { return Value{kind: kindString, s: s} }

// NumberValue is a number by its literal, which must follow JSON's number syntax: bounds and
// multipleOf compare the literal exactly.
func NumberValue(literal string) Value { return Value{kind: kindNumber, s: literal} }

// ArrayValue is an array of items.
func ArrayValue(items []Value) Value { return Value{kind: kindArray, items: items} }

// NewMember is a member of an object.
func NewMember(name string, value Value) ObjectMember {
	return ObjectMember{name: name, value: value}
}

// ObjectValue is an object with members in document order.
func ObjectValue(members []ObjectMember) Value {
	return Value{kind: kindObject, obj: members}
}

// ValidateValue validates a value against node root of a compiled table, like ValidateJSON but
// without parsing: for a caller that holds the document parsed already (contractgen's own schema
// checks, on its ordered tree). It cannot see member names that occur twice; the caller's parser
// must refuse those.
func ValidateValue(nodes []Node, root int32, v *Value) []Violation {
	c := Collector{Nodes: nodes}
	c.eval(root, v, nil, nil)
	return sortViolations(c.violations)
}
