package compat

import (
	"errors"
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemaref"
)

// docError is every error Compare returns: it names the document, the JSON pointer and, for
// syntax errors, the line and column. A syntax error wraps the parser's *jsontree.SyntaxError.
type docError struct {
	doc     string
	pointer string
	line    int
	column  int
	msg     string
	err     error
}

// Error formats the location first so a reader can jump to it.
func (e *docError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("compat: %s schema at %q (line %d, column %d): %s",
			e.doc, e.pointer, e.line, e.column, e.msg)
	}
	return fmt.Sprintf("compat: %s schema at %q: %s", e.doc, e.pointer, e.msg)
}

// Unwrap returns the parser's error for a syntax error, else nil.
func (e *docError) Unwrap() error { return e.err }

// document is one parsed schema with what $ref resolution needs: its base URI and the index of
// its resource and anchors, which the one resolver (schemaref) reads. Only the root is a
// resource: a reference that names another leaves the document.
type document struct {
	label string
	root  any
	base  string
	index *schemaref.Index[string] // resources are their root pointers
}

// errorf builds a docError for a pointer in this document.
func (d *document) errorf(pointer, format string, args ...any) error {
	return &docError{doc: d.label, pointer: pointer, msg: fmt.Sprintf(format, args...)}
}

// parseDocument parses data with the generator's JSON parser (jsontree: duplicate members and
// runaway nesting refused, every error with its pointer, line and column) and keeps the values as
// encoding/json's generic decoding with UseNumber would give them.
func parseDocument(label string, data []byte) (*document, error) {
	doc := &document{label: label, index: schemaref.NewIndex(func(root string) string { return root })}
	tree, err := jsontree.Parse(data)
	if err != nil {
		var se *jsontree.SyntaxError
		if errors.As(err, &se) {
			return nil, &docError{doc: label, pointer: se.Pointer, line: se.Line, column: se.Column, msg: se.Msg, err: se}
		}
		return nil, &docError{doc: label, msg: err.Error(), err: err}
	}
	doc.root = tree.Value()
	// The base is spelled as the resolver spells the URIs it looks up: parsed and printed.
	u, err := schemaref.ResolveURI(documentBase, doc.rootID())
	if err != nil {
		u, _ = schemaref.ResolveURI(documentBase, "") // an $id that is no URI names nothing
	}
	u.Fragment, u.RawFragment = "", ""
	doc.base = u.String()
	doc.index.SetResource(doc.base, "")
	doc.noteAnchors(tree, "")
	switch doc.root.(type) {
	case map[string]any, bool:
	default:
		return nil, doc.errorf("", "a schema must be an object or a boolean")
	}
	return doc, nil
}

// noteAnchors remembers every plain-name $anchor so that "#name" references resolve; when a name
// is declared twice, the innermost, then first, declaration wins.
func (d *document) noteAnchors(n *jsontree.Node, pointer string) {
	switch n.Kind {
	case jsontree.Array:
		for i, item := range n.Items {
			d.noteAnchors(item, fmt.Sprintf("%s/%d", pointer, i))
		}
	case jsontree.Object:
		for _, m := range n.Members {
			d.noteAnchors(m.Value, pointer+"/"+jsonpointer.Escape(m.Name))
		}
		if a := n.Get("$anchor"); a != nil && a.Kind == jsontree.String {
			d.index.AddAnchor(d.base, a.Text, "", pointer)
		}
	}
}
