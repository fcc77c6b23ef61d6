// Package schemacheck validates documents against the schemas contractgen carries and turns each
// violation into a pointed diagnostic. The loader uses it with each dialect's metaschema, the
// catalog with the extension vocabulary's schema.
//
// The schemas run on the interpreter that generated packages use (the runtime module cgruntime),
// over tables written at go generate time (package tablegen) and compiled on first use: a run of
// contractgen compiles no schema and links no second validator. The 2020-12 metaschema is written
// in plain keywords (dialect.schema.json); draft-04, -06, -07 and 2019-09 are the official
// metaschemas (metaschemas/, also served to the loader for references to their URIs). The tests
// hold every table to the reference validator (santhosh-tekuri/jsonschema) with its own copy.
package schemacheck

//go:generate go run ../../tools/gentable -schema dialect.schema.json -package schemacheck -var metaschemaNodes -o metaschema_table.go
//go:generate go run ../../tools/gentable -schema metaschemas/draft-04/schema -package schemacheck -var draft4Nodes -o draft4_table.go
//go:generate go run ../../tools/gentable -schema metaschemas/draft-06/schema -package schemacheck -var draft6Nodes -o draft6_table.go
//go:generate go run ../../tools/gentable -schema metaschemas/draft-07/schema -package schemacheck -var draft7Nodes -o draft7_table.go
//go:generate go run ../../tools/gentable -schema metaschemas/draft/2019-09/schema -package schemacheck -var draft201909Nodes -o draft201909_table.go

import (
	"embed"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ecmaregexp"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

// Schema is a validation table, compiled the first time a document is checked against it.
type Schema struct {
	// Nodes is the table as tablegen writes it: node 0 unused, node 1 the root. It is never
	// modified; compilation works on a copy.
	Nodes []cgruntime.Node

	once     sync.Once
	compiled []cgruntime.Node
}

// table returns the compiled table. Compiling copies the nodes first, so that Nodes stays the
// literal it was written as.
func (s *Schema) table() []cgruntime.Node {
	s.once.Do(func() { s.compiled = cgruntime.CompileWith(slices.Clone(s.Nodes), ecmaregexp.Compile) })
	return s.compiled
}

var metaschema = &Schema{Nodes: metaschemaNodes}

// metaschemaFiles are the official metaschemas (see metaschemas/SOURCE).
//
//go:embed metaschemas/draft-04 metaschemas/draft-06 metaschemas/draft-07 metaschemas/draft
var metaschemaFiles embed.FS

// builtinPrefixes map the official metaschemas' URIs (http and https alike) to their files.
var builtinPrefixes = []struct{ uri, dir string }{
	{"json-schema.org/draft-04/", "metaschemas/draft-04/"},
	{"json-schema.org/draft-06/", "metaschemas/draft-06/"},
	{"json-schema.org/draft-07/", "metaschemas/draft-07/"},
	{"json-schema.org/draft/2019-09/", "metaschemas/draft/2019-09/"},
	{"json-schema.org/draft/2020-12/", "metaschemas/draft/2020-12/"},
}

// Builtin returns the official metaschema document with the given URI (no fragment), such as
// http://json-schema.org/draft-07/schema, and a name for messages: references to a metaschema
// resolve to contractgen's copy, never to the network.
func Builtin(uri string) (data []byte, name string, ok bool) {
	rest := strings.TrimPrefix(strings.TrimPrefix(uri, "https://"), "http://")
	for _, p := range builtinPrefixes {
		if file, found := strings.CutPrefix(rest, p.uri); found && file != "" {
			data, err := fs.ReadFile(metaschemaFiles, p.dir+file)
			if err != nil {
				return nil, "", false
			}
			return data, "(metaschema) " + uri, true
		}
	}
	return nil, "", false
}

// dialectMetaschemas are the metaschemas of the other dialects, by the loader's dialect name.
var dialectMetaschemas = map[string]*Schema{
	"draft4":       {Nodes: draft4Nodes},
	"draft6":       {Nodes: draft6Nodes},
	"draft7":       {Nodes: draft7Nodes},
	"draft2019-09": {Nodes: draft201909Nodes},
	"draft2020-12": metaschema,
}

// Metaschema returns the draft 2020-12 metaschema as contractgen checks it (dialect.schema.json):
// every keyword of the official metaschema's vocabularies constrained as there, unknown keywords
// allowed, formats not asserted.
func Metaschema() *Schema { return metaschema }

// MetaschemaFor returns the metaschema of a dialect, named as --dialect names it ("draft7"):
// the official draft-04, -06 and -07 metaschemas, and 2019-09 and 2020-12 as contractgen writes
// them (dialect-2019-09.schema.json, dialect.schema.json). An unknown name gets 2020-12's.
func MetaschemaFor(dialect string) *Schema {
	if s, ok := dialectMetaschemas[dialect]; ok {
		return s
	}
	return metaschema
}

// Check validates tree (parsed from data, named file in messages) against s. Each violation
// becomes a diagnostic at the offending value's pointer and position, its message after prefix.
func Check(s *Schema, file string, data []byte, tree *jsontree.Node, prefix string) diag.List {
	v := value(tree)
	var out diag.List
	for _, viol := range cgruntime.ValidateValue(s.table(), 1, &v) {
		msg := viol.Message
		if underPropertyNames(viol.KeywordLocation) {
			// The interpreter checks a member's name at the member's pointer: say that it is the
			// name, not the value there, that is wrong.
			msg = "member name " + strconv.Quote(lastToken(viol.InstanceLocation)) + ": " + msg
		}
		d := diag.Diagnostic{File: file, Pointer: viol.InstanceLocation, Message: prefix + msg}
		if n := tree.Resolve(d.Pointer); n != nil {
			d.Line, d.Column = jsontree.Position(data, n.Offset)
		}
		out = append(out, d)
	}
	return out
}

// value hands the interpreter the tree the loader parsed already: parsing the bytes again took
// most of a check's time. jsontree refuses duplicate member names, which the interpreter then
// need not look for.
func value(n *jsontree.Node) cgruntime.Value {
	switch n.Kind {
	case jsontree.Bool:
		return cgruntime.BoolValue(n.Bool)
	case jsontree.Number:
		return cgruntime.NumberValue(n.Text)
	case jsontree.String:
		return cgruntime.StringValue(n.Text)
	case jsontree.Array:
		items := make([]cgruntime.Value, len(n.Items))
		for i, item := range n.Items {
			items[i] = value(item)
		}
		return cgruntime.ArrayValue(items)
	case jsontree.Object:
		members := make([]cgruntime.ObjectMember, len(n.Members))
		for i, m := range n.Members {
			members[i] = cgruntime.NewMember(m.Name, value(m.Value))
		}
		return cgruntime.ObjectValue(members)
	}
	return cgruntime.NullValue()
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
	return jsonpointer.Unescape(ptr[strings.LastIndexByte(ptr, '/')+1:])
}
