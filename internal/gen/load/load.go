// Package load reads schema files from the file system (never the network), checks them against
// the JSON Schema 2020-12 metaschema and parses them into an ordered tree with positions.
//
// The ordered tree is what the IR is built from, not go-jsonschema's model: that keeps properties in
// Go maps (schema order lost), reads bounds into float64 (big literals lost), drops zero values such
// as "maxLength": 0 and "const": null through omitempty, and matches keywords case-insensitively
// through encoding/json.
package load

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
)

// MaxFileSize bounds what is read, so a runaway input fails with a message instead of exhausting memory.
const MaxFileSize = 64 << 20

// Document is one loaded schema file.
type Document struct {
	// Path is the file's path as the user named it (or as a $ref reached it), used in messages.
	Path string
	// Abs is the absolute, cleaned path, used to resolve relative references.
	Abs string
	// Bytes is the file's content.
	Bytes []byte
	// Tree is the ordered document with positions.
	Tree *jsontree.Node
}

// Set is every document reachable from the inputs, roots first in the order given.
type Set struct {
	Roots []*Document
	// ByAbs maps an absolute path to its document, for resolving file references.
	ByAbs map[string]*Document
}

// Files loads the given schema files and every file they reference by relative $ref.
// All problems are returned together as a diag.List.
func Files(paths []string) (*Set, error) { return FilesUnder("", paths) }

// FilesUnder is Files with references confined to refRoot; "" confines them to the directories
// of the given schemas (see confine.go).
func FilesUnder(refRoot string, paths []string) (*Set, error) {
	l := &loader{set: &Set{ByAbs: map[string]*Document{}}}
	dirs := []string{refRoot}
	if refRoot == "" {
		dirs = dirs[:0]
		for _, p := range paths {
			dirs = append(dirs, filepath.Dir(p))
		}
	}
	roots, err := newRefRoots(dirs)
	if err != nil {
		return nil, err
	}
	l.roots = roots
	for _, p := range paths {
		if doc := l.load(p, p, "", nil); doc != nil && !slices.Contains(l.set.Roots, doc) {
			l.set.Roots = append(l.set.Roots, doc)
		}
	}
	if err := l.diags.Err(); err != nil {
		return nil, err
	}
	return l.set, nil
}

type loader struct {
	set   *Set
	diags diag.List
	// roots confine the files a $ref may read.
	roots []refRoot
}

// load reads one file, unless its content is given (a $ref target, read under confinement by
// followRef); fromPtr names the $ref that asked for it (empty for a root).
func (l *loader) load(display, path, fromPtr string, data []byte) *Document {
	abs, err := filepath.Abs(path)
	if err != nil {
		l.diags.Add(display, fromPtr, "cannot resolve path: %v", err)
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
	doc := &Document{Path: filepath.ToSlash(display), Abs: abs, Bytes: data}
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
	if !l.checkMetaschema(doc) {
		return nil
	}
	l.followFileRefs(doc, tree, "")
	return doc
}

// followFileRefs walks the tree for "$ref" values that name another file and loads those files.
// Remote references are reported; local ones ("#...") are left to the IR builder.
func (l *loader) followFileRefs(doc *Document, n *jsontree.Node, ptr string) {
	switch n.Kind {
	case jsontree.Array:
		for i, item := range n.Items {
			l.followFileRefs(doc, item, fmt.Sprintf("%s/%d", ptr, i))
		}
	case jsontree.Object:
		for _, m := range n.Members {
			childPtr := ptr + "/" + jsonpointer.Escape(m.Name)
			if m.Name == "$ref" && m.Value.Kind == jsontree.String && !isInsideData(ptr) {
				l.followRef(doc, m.Value.Text, childPtr)
				continue
			}
			l.followFileRefs(doc, m.Value, childPtr)
		}
	}
}

// isInsideData reports whether a pointer lies inside a keyword whose value is data, not schema
// (a "$ref" member inside "const" or "examples" is just data).
func isInsideData(ptr string) bool {
	for _, tok := range strings.Split(ptr, "/") {
		switch tok {
		case "const", "enum", "examples", "default":
			return true
		}
		if strings.HasPrefix(tok, "x-") {
			return true
		}
	}
	return false
}

func (l *loader) followRef(doc *Document, ref, ptr string) {
	file, _, _ := strings.Cut(ref, "#")
	if file == "" {
		return
	}
	u, err := url.Parse(file)
	if err != nil {
		l.diags.Add(doc.Path, ptr, "$ref %q is not a valid URI reference: %v", ref, err)
		return
	}
	if u.Scheme != "" || u.Host != "" {
		if id := rootID(doc.Tree); id != "" && file == id {
			return // a reference to this document by its own $id is local
		}
		l.diags.Add(doc.Path, ptr, "$ref %q is remote; contractgen reads only local files", ref)
		return
	}
	target := filepath.Join(filepath.Dir(doc.Abs), filepath.FromSlash(u.Path))
	display := filepath.Join(filepath.Dir(doc.Path), filepath.FromSlash(u.Path))
	if path.IsAbs(u.Path) {
		// An absolute reference names that file, not one below the schema's directory.
		target, display = filepath.FromSlash(u.Path), filepath.FromSlash(u.Path)
	}
	if abs, _ := filepath.Abs(target); l.set.ByAbs[filepath.Clean(abs)] != nil {
		return
	}
	data, err := readSchemaFile(target, l.roots)
	if err != nil {
		// Said at the $ref, without the file's content: the file may be none of the user's.
		l.diags.Add(doc.Path, ptr, "$ref %q names a file that cannot be read: %v", ref, err)
		return
	}
	l.load(display, target, ptr, data)
}

// rootID returns the document's root "$id", or "".
func rootID(tree *jsontree.Node) string {
	if id := tree.Get("$id"); id != nil && id.Kind == jsontree.String {
		return id.Text
	}
	return ""
}

// RootID returns the document's root "$id", or "".
func (d *Document) RootID() string { return rootID(d.Tree) }

// checkMetaschema validates the document against the draft 2020-12 metaschema (as schemacheck
// carries it: the official keywords' constraints, checked by contractgen's own interpreter) and
// records every violation with its pointer and position.
func (l *loader) checkMetaschema(doc *Document) bool {
	if s := doc.Tree.Get("$schema"); s != nil && s.Kind == jsontree.String &&
		strings.TrimSuffix(s.Text, "#") != "https://json-schema.org/draft/2020-12/schema" {
		l.diags.Add(doc.Path, "/$schema", "only JSON Schema draft 2020-12 is supported, not %q", s.Text)
		return false
	}
	diags := schemacheck.Check(schemacheck.Metaschema(), doc.Path, doc.Bytes, doc.Tree, "not a valid 2020-12 schema: ")
	l.diags = append(l.diags, diags...)
	return len(diags) == 0
}
