// Package load reads schema files (JSON or YAML) from the file system (never the network), decides
// each document's dialect, checks it against that dialect's metaschema, parses it into an ordered
// tree with positions, and indexes its schema resources and anchors so that references resolve
// against base URIs (uri.go). Remote URIs are read only through --ref-map mappings.
//
// The ordered tree is what the IR is built from. go-jsonschema's model keeps properties in Go maps
// (schema order lost), reads bounds into float64 (big literals lost), drops zero values such as
// "maxLength": 0 and "const": null through omitempty, and matches keywords case-insensitively through
// encoding/json. The model is still available (Document.Model, loaded on first use) through a loader
// built from go-jsonschema's file loader alone: its default loader would fetch http references.
package load

import (
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
	"github.com/contractgen/contractgen/internal/gen/schemaref"
)

// MaxFileSize bounds what is read, so a runaway input fails with a message instead of exhausting memory.
const MaxFileSize = 64 << 20

// Document is one loaded schema file.
type Document struct {
	// Path is the file's path as the user named it (or as a $ref reached it), used in messages.
	Path string
	// Abs is the absolute, cleaned path, used to resolve relative references.
	Abs string
	// URI is the document's retrieval URI: file:///abs/path, or the remote URI a --ref-map
	// mapping read it for. Its root $id, if any, is resolved against it.
	URI string
	// Bytes is the file's content.
	Bytes []byte
	// Tree is the ordered document with positions.
	Tree *jsontree.Node
	// Dialect is the document's dialect: its "$schema", the referring document's, or the default.
	Dialect Dialect
	// Resources are the schema resources in the document (the root and every subschema with an
	// identifier), ordered by pointer.
	Resources []*Resource
}

// Set is every document reachable from the inputs, roots first in the order given.
type Set struct {
	Roots []*Document
	// ByAbs maps an absolute path to its document, for resolving file references.
	ByAbs map[string]*Document

	// Dynamic reports that some document uses "$dynamicRef" or "$recursiveRef": their targets
	// depend on the dynamic scope, which only validation of the whole document keeps.
	Dynamic bool

	// index names each resource by its absolute URI (no fragment) and holds the anchors of each:
	// what references resolve against (schemaref, the resolver compat shares).
	index *schemaref.Index[*Resource]
	opts  Options
}

// Options are the loader's choices.
type Options struct {
	// Dialect applies to documents that declare no "$schema" (2020-12 when zero).
	Dialect Dialect
	// RefMap maps remote URI prefixes to local directories; without a mapping a remote
	// reference is an error. The network is never used.
	RefMap []RefMap
	// RefRoot is the directory under which a "$ref" may read files; "" means the directories of
	// the schemas given (see confine.go). The directories of RefMap may be read as well.
	RefRoot string
	// SkipMetaschema skips the metaschema check: for tablegen alone, which writes the very
	// tables the check runs on, so that a broken table cannot keep itself from being rewritten.
	SkipMetaschema bool
}

// Files loads the given schema files and every file they reference by relative $ref, with the
// default options. All problems are returned together as a diag.List.
func Files(paths []string) (*Set, error) { return Load(paths, Options{}) }

// Load loads the given schema files and every document they reference.
func Load(paths []string, opts Options) (*Set, error) {
	set, err := LoadPartial(paths, opts)
	if err != nil {
		return nil, err
	}
	return set, nil
}

// LoadPartial is Load that also returns, with the problems it found, what it could load: every
// document that parsed, its references followed, even when it fails its metaschema. A caller can
// then look for the problems a later stage would find (the builder's), so that one run reports
// them all; the set must not be used for anything else. The set is nil when loading could not
// start.
func LoadPartial(paths []string, opts Options) (*Set, error) {
	l := &loader{set: &Set{ByAbs: map[string]*Document{}, index: newIndex(), opts: opts}}
	dirs := []string{opts.RefRoot}
	if opts.RefRoot == "" {
		dirs = dirs[:0]
		for _, p := range paths {
			// A schema whose directory is missing cannot be read either, and is reported as such
			// below, where every unreadable schema is.
			if _, err := os.Stat(filepath.Dir(p)); err == nil {
				dirs = append(dirs, filepath.Dir(p))
			}
		}
	}
	for _, m := range opts.RefMap {
		// A --ref-map directory is the user's explicit grant: the files under it may be read.
		dirs = append(dirs, m.Dir)
	}
	roots, err := newRefRoots(dirs)
	if err != nil {
		return nil, err
	}
	l.roots = roots
	for _, p := range paths {
		if doc := l.load(p, p, "", opts.Dialect, nil); doc != nil && !slices.Contains(l.set.Roots, doc) {
			l.set.Roots = append(l.set.Roots, doc)
		}
	}
	l.followRefs()
	return l.set, l.diags.Err()
}

type loader struct {
	set   *Set
	diags diag.List
	// pending are the references found in loaded documents, resolved once every document
	// they could name by $id is known.
	pending []pendingRef
	// roots confine the files a $ref may read.
	roots []refRoot
}

// load reads one file, unless its content is given (a $ref target, read under confinement by
// followRefs); display names it in messages, uri (when not "") is the URI it was reached by, and
// dialect applies when it declares none.
func (l *loader) load(display, path, uri string, dialect Dialect, data []byte) *Document {
	abs, err := filepath.Abs(path)
	if err != nil {
		l.diags.Add(display, "", "cannot resolve path: %v", err)
		return nil
	}
	abs = filepath.Clean(abs)
	if doc, ok := l.set.ByAbs[abs]; ok {
		return doc
	}
	if data == nil {
		if data, err = readSchemaFile(path, nil); err != nil {
			l.diags.Add(display, "", "cannot read schema: %v", err)
			return nil
		}
	}
	if uri == "" {
		uri = fileURI(abs)
	}
	if isYAML(path) {
		json, err := yamlToJSON(data)
		if err != nil {
			l.diags.Add(filepath.ToSlash(display), "", "invalid YAML: %v", err)
			return nil
		}
		before := len(l.diags)
		doc := l.parse(display, abs, uri, json, dialect)
		yamlPositions(data, l.diags[before:])
		return doc
	}
	return l.parse(display, abs, uri, data, dialect)
}

// parse makes a document of data read from abs (or, for a metaschema, from contractgen itself).
func (l *loader) parse(display, abs, uri string, data []byte, dialect Dialect) *Document {
	doc := &Document{Path: filepath.ToSlash(display), Abs: abs, URI: uri, Bytes: data, Dialect: dialect}
	l.set.ByAbs[abs] = doc
	tree, err := jsontree.Parse(data)
	if err != nil {
		var syn *jsontree.SyntaxError
		if errors.As(err, &syn) {
			l.diags = append(l.diags, diag.Diagnostic{File: doc.Path, Pointer: syn.Pointer,
				Line: syn.Line, Column: syn.Column, Message: "invalid JSON: " + syn.Msg})
		} else {
			l.diags.Add(doc.Path, "", "invalid JSON: %v", err)
		}
		return nil
	}
	doc.Tree = tree
	if !l.checkMetaschema(doc, l.set.opts.SkipMetaschema) && (doc.Tree.Kind != jsontree.Object || !knownDialect(doc.Tree)) {
		return nil
	}
	// A document that fails its metaschema is still indexed and its references followed, so
	// that a missing file or anchor is reported in the same run; Load then returns no set.
	l.index(doc)
	return doc
}

// knownDialect reports whether a document's "$schema", if any, names a dialect contractgen reads:
// in any other, its keywords mean what contractgen cannot know.
func knownDialect(tree *jsontree.Node) bool {
	s := tree.Get("$schema")
	if s == nil || s.Kind != jsontree.String {
		return true
	}
	_, ok := dialectOfURI(s.Text)
	return ok
}

// RootID returns the document's root identifier ("$id", or "id" in draft-04), or "".
func (d *Document) RootID() string {
	if id := d.Tree.Get(d.Dialect.IDKeyword()); id != nil && id.Kind == jsontree.String {
		return id.Text
	}
	return ""
}

// checkMetaschema validates the document against its dialect's metaschema (as schemacheck
// carries it, checked by contractgen's own interpreter) and records every violation with its
// pointer and position. A "$schema" naming no known dialect is refused: contractgen cannot know
// what such a metaschema's keywords mean.
func (l *loader) checkMetaschema(doc *Document, skip bool) bool {
	if s := doc.Tree.Get("$schema"); s != nil && s.Kind == jsontree.String {
		d, ok := dialectOfURI(s.Text)
		if !ok {
			l.diags.Add(doc.Path, "/$schema", "$schema %q names no dialect contractgen knows (draft-04, -06, -07, 2019-09, 2020-12); custom metaschemas are not supported", s.Text)
			return false
		}
		doc.Dialect = d
	}
	if skip {
		return true
	}
	diags := schemacheck.Check(schemacheck.MetaschemaFor(doc.Dialect.String()), doc.Path, doc.Bytes, doc.Tree,
		"not a valid "+doc.Dialect.Title()+" schema: ")
	l.diags = append(l.diags, diags...)
	return len(diags) == 0
}
