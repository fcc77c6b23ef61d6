// Package schemacheck validates documents against the schemas contractgen carries and turns each
// violation into a pointed diagnostic. The loader uses it with the draft 2020-12 metaschema, the
// catalog with the extension vocabulary's schema.
//
// The schemas run on the interpreter that generated packages carry (internal/templates/goruntime),
// over tables written at go generate time (package tablegen) and compiled on first use: a run of
// contractgen compiles no schema and links no second validator. The metaschema is written in the
// keywords contractgen supports (dialect.schema.json); its tests hold it to the reference
// validator (santhosh-tekuri/jsonschema) with the official metaschema.
package schemacheck

//go:generate go run ./gentable -schema dialect.schema.json -package schemacheck -var metaschemaNodes -o metaschema_table.go

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/templates/goruntime"
)

// Schema is a validation table, compiled the first time a document is checked against it.
type Schema struct {
	// Nodes is the table as tablegen writes it: node 0 unused, node 1 the root. It is never
	// modified; compilation works on a copy.
	Nodes []goruntime.Node

	once     sync.Once
	compiled []goruntime.Node
}

// table returns the compiled table. Compiling copies the nodes first, so that Nodes stays the
// literal it was written as.
func (s *Schema) table() []goruntime.Node {
	s.once.Do(func() { s.compiled = goruntime.Compile(slices.Clone(s.Nodes)) })
	return s.compiled
}

var metaschema = &Schema{Nodes: metaschemaNodes}

// Metaschema returns the draft 2020-12 metaschema as contractgen checks it (dialect.schema.json):
// every keyword of the official metaschema's vocabularies constrained as there, unknown keywords
// allowed, formats not asserted.
func Metaschema() *Schema { return metaschema }

// Check validates tree (parsed from data, named file in messages) against s. Each violation
// becomes a diagnostic at the offending value's pointer and position, its message after prefix.
func Check(s *Schema, file string, data []byte, tree *jsontree.Node, prefix string) diag.List {
	violations, err := goruntime.ValidateJSON(s.table(), 1, data)
	if err != nil {
		// The loader parsed data already, so this is not expected; it is still reported.
		var l diag.List
		l.Add(file, "", "%s%v", prefix, err)
		return l
	}
	var out diag.List
	for _, v := range violations {
		msg := v.Message
		if underPropertyNames(v.KeywordLocation) {
			// The interpreter checks a member's name at the member's pointer: say that it is the
			// name, not the value there, that is wrong.
			msg = "member name " + strconv.Quote(lastToken(v.InstanceLocation)) + ": " + msg
		}
		d := diag.Diagnostic{File: file, Pointer: v.InstanceLocation, Message: prefix + msg}
		if n := tree.Resolve(d.Pointer); n != nil {
			d.Line, d.Column = jsontree.Position(data, n.Offset)
		}
		out = append(out, d)
	}
	return out
}

// underPropertyNames reports whether a keyword location (as the interpreter writes it) passes
// through a propertyNames keyword. Tokens after properties, patternProperties, dependentSchemas and
// dependentRequired are names, and after the array applicators indexes, so a property that happens
// to be called "propertyNames" is not mistaken for the keyword.
func underPropertyNames(kwLoc string) bool {
	tokens := strings.Split(kwLoc, "/")
	for i := 1; i < len(tokens); i++ {
		switch tokens[i] {
		case "propertyNames":
			return true
		case "properties", "patternProperties", "dependentSchemas", "dependentRequired",
			"prefixItems", "allOf", "anyOf", "oneOf":
			i++ // skip the name or index
		}
	}
	return false
}

// lastToken returns the last token of a JSON pointer, unescaped.
func lastToken(ptr string) string {
	return jsontree.UnescapePointerToken(ptr[strings.LastIndexByte(ptr, '/')+1:])
}
