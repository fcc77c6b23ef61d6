// Package schemacheck validates documents against JSON Schemas with the reference validator
// (santhosh-tekuri/jsonschema) and turns its findings into pointed diagnostics. The loader uses it
// with the 2020-12 metaschema, the catalog with the extension vocabulary's schema.
package schemacheck

import (
	"errors"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

var (
	metaOnce sync.Once
	meta     *jsonschema.Schema
)

// Metaschema returns the draft 2020-12 metaschema, compiled once from the copy the validator
// library embeds; nothing is fetched.
func Metaschema() *jsonschema.Schema {
	metaOnce.Do(func() {
		meta = jsonschema.NewCompiler().MustCompile("https://json-schema.org/draft/2020-12/schema")
	})
	return meta
}

// MustCompile compiles an embedded schema document; a broken one is a bug in contractgen.
func MustCompile(name string, doc []byte) *jsonschema.Schema {
	value, err := jsonschema.UnmarshalJSON(strings.NewReader(string(doc)))
	if err != nil {
		panic("schemacheck: embedded schema " + name + " is not JSON: " + err.Error())
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, value); err != nil {
		panic("schemacheck: embedded schema " + name + ": " + err.Error())
	}
	return c.MustCompile(name)
}

// Check validates tree (parsed from data, named file in messages) against s. Each violation
// becomes a diagnostic at the offending value's pointer and position, its message after prefix.
func Check(s *jsonschema.Schema, file string, data []byte, tree *jsontree.Node, prefix string) diag.List {
	err := s.Validate(tree.Value())
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		var l diag.List
		l.Add(file, "", "%s%v", prefix, err)
		return l
	}
	printer := message.NewPrinter(language.English)
	var out diag.List
	for _, leaf := range leaves(verr) {
		var ptr strings.Builder
		for _, tok := range leaf.InstanceLocation {
			ptr.WriteString("/" + jsontree.EscapePointerToken(tok))
		}
		d := diag.Diagnostic{File: file, Pointer: ptr.String(), Message: prefix + leaf.ErrorKind.LocalizedString(printer)}
		if n := tree.Resolve(d.Pointer); n != nil {
			d.Line, d.Column = jsontree.Position(data, n.Offset)
		}
		out = append(out, d)
	}
	return out
}

// leaves returns the innermost errors: the parents only say that a child failed.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}
