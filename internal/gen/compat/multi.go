package compat

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// CompareFiles loads both schemas with the loader, as generate does (JSON or YAML, every file
// their references reach, --ref-map, --ref-root, --dialect), and compares them. References into
// other files are followed like local ones, so schemas are compared by what references reach,
// not by where it is written; pointers into a file other than the root name it ("defs.json#/a").
func CompareFiles(oldPath, newPath string, lopts load.Options, opts Options) (*Report, error) {
	od, err := loadDocument("old", oldPath, lopts)
	if err != nil {
		return nil, err
	}
	nd, err := loadDocument("new", newPath, lopts)
	if err != nil {
		return nil, err
	}
	return compareDocuments(od, nd, opts)
}

// loadDocument loads one schema and the files it references.
func loadDocument(label, path string, lopts load.Options) (*document, error) {
	set, err := load.Load([]string{path}, lopts)
	if err != nil {
		var list diag.List
		if errors.As(err, &list) && len(list) > 0 {
			return nil, &docError{doc: label, pointer: list[0].Pointer, msg: err.Error(), err: err}
		}
		return nil, &docError{doc: label, msg: err.Error(), err: err}
	}
	root := set.Roots[0]
	d := &document{label: label, root: root.Tree.Value(), tree: root.Tree, dialect: root.Dialect, set: set,
		rootDoc: root, values: map[*load.Document]any{root: root.Tree.Value()}}
	return d, nil
}

// prefixOf is how pointers into a loaded document start: nothing for the root document, its
// path relative to the root document's directory and "#" for the others.
func (d *document) prefixOf(ld *load.Document) string {
	if ld == d.rootDoc {
		return ""
	}
	name := ld.Path
	if rel, err := filepath.Rel(filepath.Dir(d.rootDoc.Abs), ld.Abs); err == nil {
		name = filepath.ToSlash(rel)
	}
	return name + "#"
}

// split finds the loaded document a pointer is in and the pointer inside it.
func (d *document) split(pointer string) (*load.Document, string) {
	if i := strings.IndexByte(pointer, '#'); i >= 0 && !strings.HasPrefix(pointer, "/") {
		if d.byPrefix == nil {
			d.byPrefix = map[string]*load.Document{}
			for _, ld := range d.set.ByAbs {
				if ld != d.rootDoc {
					d.byPrefix[d.prefixOf(ld)] = ld
				}
			}
		}
		if ld, ok := d.byPrefix[pointer[:i+1]]; ok {
			return ld, pointer[i+1:]
		}
	}
	return d.rootDoc, pointer
}

// valueOf is a loaded document's decoded value.
func (d *document) valueOf(ld *load.Document) any {
	v, ok := d.values[ld]
	if !ok {
		v = ld.Tree.Value()
		d.values[ld] = v
	}
	return v
}

// resolveSet follows a reference with the loader's resolver.
func (d *document) resolveSet(ref, at string) (any, string, error) {
	ld, ptr := d.split(at)
	loc, _, err := d.set.Resolve(ld, ptr, ref)
	if err != nil {
		return nil, "", d.errorf(at, "%v", err)
	}
	cur := d.valueOf(loc.Doc)
	if loc.Pointer != "" {
		for _, raw := range strings.Split(loc.Pointer[1:], "/") {
			next, ok := step(cur, jsonpointer.Unescape(raw))
			if !ok {
				return nil, "", d.errorf(at, "$ref %q does not resolve: nothing at %q", ref, loc.Pointer)
			}
			cur = next
		}
	}
	return cur, d.prefixOf(loc.Doc) + loc.Pointer, nil
}

// setDialectAt is the dialect of the resource that holds pointer.
func (d *document) setDialectAt(pointer string) load.Dialect {
	ld, ptr := d.split(pointer)
	if r := d.set.ResourceAt(ld, ptr); r != nil {
		return r.Dialect
	}
	return ld.Dialect
}
