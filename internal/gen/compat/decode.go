package compat

import (
	"errors"
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
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

// document is one parsed schema with what $ref resolution needs: the index of its resources (the
// root, and every subschema with an "$id") and their anchors, which the one resolver (schemaref)
// reads. A reference that names anything else leaves the document.
type document struct {
	label string
	root  any
	// dialect is the root's dialect: its "$schema", or the caller's default.
	dialect load.Dialect
	// set, rootDoc and values are there when the loader read the document (CompareFiles):
	// references then resolve among every file it loaded.
	set     *load.Set
	rootDoc *load.Document
	values  map[*load.Document]any
	// byPrefix finds a loaded document by the prefix its pointers carry (see prefixOf).
	byPrefix map[string]*load.Document
	// effective2 caches the semantic engine's effective schemas by location.
	effective2 map[string]*schema
	index      *schemaref.Index[string] // resources are their root pointers
	// resources are the document's resources, the root first; a reference resolves against the
	// URI of the innermost one that holds it.
	resources []resource
	// tree is the root document as parsed, which profiles read their words from.
	tree *jsontree.Node
	// versionMember is the name of the contract's version member, as the first profile that
	// names one reads it from the document; "" when none does.
	versionMember string
}

// resource is a schema resource of the document: its root's pointer and its absolute URI.
type resource struct{ pointer, uri string }

// errorf builds a docError for a pointer in this document.
func (d *document) errorf(pointer, format string, args ...any) error {
	return &docError{doc: d.label, pointer: pointer, msg: fmt.Sprintf(format, args...)}
}

// parseDocument parses data with the generator's JSON parser (jsontree: duplicate members and
// runaway nesting refused, every error with its pointer, line and column) and keeps the values as
// encoding/json's generic decoding with UseNumber would give them.
func parseDocument(label string, data []byte) (*document, error) {
	return parseDialect(label, data, load.Draft2020)
}

// parseDialect is parseDocument for a document whose dialect, when it declares none, is def.
func parseDialect(label string, data []byte, def load.Dialect) (*document, error) {
	doc := &document{label: label, dialect: def, index: schemaref.NewIndex(func(root string) string { return root })}
	tree, err := jsontree.Parse(data)
	if err != nil {
		var se *jsontree.SyntaxError
		if errors.As(err, &se) {
			return nil, &docError{doc: label, pointer: se.Pointer, line: se.Line, column: se.Column, msg: se.Msg, err: se}
		}
		return nil, &docError{doc: label, msg: err.Error(), err: err}
	}
	doc.root, doc.tree = tree.Value(), tree
	if m, ok := doc.root.(map[string]any); ok {
		if uri, ok := m["$schema"].(string); ok {
			if d, ok := dialectOf(uri); ok {
				doc.dialect = d
			}
		}
	}
	// The base is spelled as the resolver spells the URIs it looks up: parsed and printed.
	u, err := schemaref.ResolveURI(documentBase, doc.rootID())
	if err != nil {
		u, _ = schemaref.ResolveURI(documentBase, "") // an $id that is no URI names nothing
	}
	u.Fragment, u.RawFragment = "", ""
	doc.addResource("", u.String())
	doc.indexSchema(tree, "", doc.resources[0])
	switch doc.root.(type) {
	case map[string]any, bool:
	default:
		return nil, doc.errorf("", "a schema must be an object or a boolean")
	}
	return doc, nil
}

// dataKeywords hold instance values, not schemas: an "$id" or "$anchor" inside them declares
// nothing.
var dataKeywords = map[string]bool{"enum": true, "const": true, "default": true, "examples": true}

// addResource records a resource; the first to claim a URI keeps it.
func (d *document) addResource(pointer, uri string) resource {
	r := resource{pointer, uri}
	if _, taken := d.index.Resource(uri); !taken {
		d.index.SetResource(uri, pointer)
	}
	d.resources = append(d.resources, r)
	return r
}

// indexSchema records the resources (subschemas with an "$id" naming a URI without fragment)
// and plain-name anchors ("$anchor", "$dynamicAnchor") below n, each anchor in the resource that holds it; when a name is
// declared twice in one resource, the innermost, then first, declaration wins.
func (d *document) indexSchema(n *jsontree.Node, pointer string, res resource) {
	switch n.Kind {
	case jsontree.Array:
		for i, item := range n.Items {
			d.indexSchema(item, fmt.Sprintf("%s/%d", pointer, i), res)
		}
	case jsontree.Object:
		if id := n.Get(d.dialect.IDKeyword()); id != nil && id.Kind == jsontree.String && pointer != "" {
			if u, err := schemaref.ResolveURI(res.uri, id.Text); err == nil && u.Fragment == "" {
				u.RawFragment = ""
				res = d.addResource(pointer, u.String())
			} else if err == nil && d.dialect.RefOverrides() && !strings.HasPrefix(u.Fragment, "/") {
				// Up to draft-07 an identifier with a plain-name fragment is how anchors are written.
				frag := u.Fragment
				u.Fragment, u.RawFragment = "", ""
				d.index.AddAnchor(u.String(), frag, d.baseAt(pointer).pointer, pointer)
			}
		}
		for _, m := range n.Members {
			if !dataKeywords[m.Name] {
				d.indexSchema(m.Value, pointer+"/"+jsonpointer.Escape(m.Name), res)
			}
		}
		// A "$dynamicAnchor" is a plain-name anchor as well (2020-12, section 8.2.2).
		for _, kw := range []string{"$anchor", "$dynamicAnchor"} {
			if a := n.Get(kw); a != nil && a.Kind == jsontree.String {
				d.index.AddAnchor(res.uri, a.Text, res.pointer, pointer)
			}
		}
	}
}

// baseAt returns the URI of the innermost resource that holds pointer.
func (d *document) baseAt(pointer string) resource {
	best := d.resources[0]
	for _, r := range d.resources[1:] {
		if (pointer == r.pointer || strings.HasPrefix(pointer, r.pointer+"/")) && len(r.pointer) > len(best.pointer) {
			best = r
		}
	}
	return best
}
