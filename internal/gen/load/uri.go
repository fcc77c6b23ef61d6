package load

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
	"github.com/contractgen/contractgen/internal/gen/schemaref"
)

// Resource is a schema resource: a document's root or a subschema with its own identifier ("$id",
// "id" in draft-04). Relative references inside it resolve against its URI.
type Resource struct {
	// URI is the resource's absolute URI, without fragment.
	URI string
	// Doc and Pointer locate the resource's root schema.
	Doc     *Document
	Pointer string
	// Dialect is the resource's dialect: its own "$schema" or its parent's.
	Dialect Dialect
	// DynamicAnchors maps each "$dynamicAnchor" name in the resource to its pointer.
	DynamicAnchors map[string]string
	// RecursiveAnchor reports a 2019-09 "$recursiveAnchor": true at the resource's root.
	RecursiveAnchor bool
}

// Location is a schema in a loaded document.
type Location struct {
	Doc     *Document
	Pointer string
}

// RefMap maps remote URIs that start with Prefix to files under Dir (--ref-map PREFIX=DIR).
type RefMap struct {
	Prefix, Dir string
}

// ParseRefMap reads "PREFIX=DIR".
func ParseRefMap(s string) (RefMap, error) {
	prefix, dir, ok := strings.Cut(s, "=")
	if !ok || prefix == "" || dir == "" {
		return RefMap{}, fmt.Errorf("--ref-map %q: want PREFIX=DIR, such as https://example.com/schemas/=./schemas", s)
	}
	if u, err := url.Parse(prefix); err != nil || !u.IsAbs() {
		return RefMap{}, fmt.Errorf("--ref-map %q: the prefix must be an absolute URI", s)
	}
	return RefMap{Prefix: prefix, Dir: dir}, nil
}

// pendingRef is a reference found while indexing a document.
type pendingRef struct {
	doc      *Document
	ptr, ref string
}

func fileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// subschemaKeywords say where a schema object holds subschemas: one schema, a list, or a map.
var (
	oneSchema = []string{"additionalItems", "items", "additionalProperties", "contains", "propertyNames", "not",
		"if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema"}
	schemaList = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
	schemaMap  = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
)

// SchemaChildren calls fn for every subschema of the schema object node (at ptr) that dialect d
// defines, with its pointer. Members that are data (enum, const) or unknown keywords are skipped:
// an identifier inside them identifies nothing.
func SchemaChildren(d Dialect, node *jsontree.Node, ptr string, fn func(child *jsontree.Node, childPtr string)) {
	if node.Kind != jsontree.Object {
		return
	}
	kws := d.Keywords()
	for _, m := range node.Members {
		if !kws[m.Name] && m.Name != "definitions" {
			continue
		}
		p := ptr + "/" + jsonpointer.Escape(m.Name)
		v := m.Value
		switch {
		case slices.Contains(schemaList, m.Name) && v.Kind == jsontree.Array:
			for i, item := range v.Items {
				fn(item, p+"/"+strconv.Itoa(i))
			}
		case slices.Contains(oneSchema, m.Name) && (v.Kind == jsontree.Object || v.Kind == jsontree.Bool):
			fn(v, p)
		case slices.Contains(schemaMap, m.Name) && v.Kind == jsontree.Object:
			for _, e := range v.Members {
				if e.Value.Kind == jsontree.Object || e.Value.Kind == jsontree.Bool {
					fn(e.Value, p+"/"+jsonpointer.Escape(e.Name))
				}
			}
		}
	}
}

// index registers the document's resources and anchors and queues its references.
func (l *loader) index(doc *Document) {
	root := &Resource{URI: doc.URI, Doc: doc, Dialect: doc.Dialect}
	l.set.index.SetResource(doc.URI, root)
	l.walk(doc, doc.Tree, "", root)
	slices.SortFunc(doc.Resources, func(a, b *Resource) int { return strings.Compare(a.Pointer, b.Pointer) })
}

func (l *loader) walk(doc *Document, n *jsontree.Node, ptr string, res *Resource) {
	if n.Kind != jsontree.Object {
		if ptr == "" {
			doc.Resources = append(doc.Resources, res)
		}
		return
	}
	d := res.Dialect
	if s := n.Get("$schema"); s != nil && s.Kind == jsontree.String && ptr != "" {
		// "$schema" below the root counts only at the root of an embedded resource (a subschema
		// with its own identifier, which the declared dialect names).
		if sd, ok := dialectOfURI(s.Text); ok && n.Get(sd.IDKeyword()) != nil {
			d = sd
		}
	}
	if ref := n.Get("$ref"); ref != nil && ref.Kind == jsontree.String {
		l.pending = append(l.pending, pendingRef{doc, ptr + "/$ref", ref.Text})
		if d.RefOverrides() {
			// Beside "$ref", draft-07 and older ignore every keyword, identifiers included.
			if ptr == "" {
				doc.Resources = append(doc.Resources, res)
			}
			return
		}
	}
	if id := n.Get(d.IDKeyword()); id != nil && id.Kind == jsontree.String {
		u, err := schemaref.ResolveURI(res.URI, id.Text)
		switch {
		case err != nil:
			l.diags.Add(doc.Path, ptr+"/"+d.IDKeyword(), "%s %q is not a URI reference: %v", d.IDKeyword(), id.Text, err)
		case u.Fragment != "" && strings.TrimPrefix(id.Text, "#") == u.Fragment && d.RefOverrides():
			// "#name" in draft-07 and older is a plain-name fragment: an anchor.
			l.anchor(doc, res, u.Fragment, ptr)
		default:
			u.Fragment, u.RawFragment = "", ""
			key := u.String()
			if key != res.URI || ptr == "" {
				if prev, dup := l.set.index.Resource(key); dup && !(prev.Doc == doc && prev.Pointer == ptr) && !(prev.Doc == doc && ptr == "") {
					l.diags.Add(doc.Path, ptr+"/"+d.IDKeyword(), "%s %q is already the identifier of %s#%s", d.IDKeyword(), id.Text, prev.Doc.Path, prev.Pointer)
				}
				res = &Resource{URI: key, Doc: doc, Pointer: ptr, Dialect: d}
				l.set.index.SetResource(key, res)
			}
		}
	}
	if ptr == "" || res.Pointer == ptr {
		res.Dialect = d
		doc.Resources = append(doc.Resources, res)
	}
	if a := n.Get("$anchor"); a != nil && a.Kind == jsontree.String && d.Keywords()["$anchor"] {
		l.anchor(doc, res, a.Text, ptr)
	}
	if a := n.Get("$dynamicAnchor"); a != nil && a.Kind == jsontree.String && d.Keywords()["$dynamicAnchor"] {
		l.anchor(doc, res, a.Text, ptr)
		if res.DynamicAnchors == nil {
			res.DynamicAnchors = map[string]string{}
		}
		res.DynamicAnchors[a.Text] = ptr
	}
	if a := n.Get("$recursiveAnchor"); a != nil && a.Kind == jsontree.Bool && a.Bool && d == Draft2019 && res.Pointer == ptr {
		res.RecursiveAnchor = true
	}
	for _, kw := range []string{"$dynamicRef", "$recursiveRef"} {
		if r := n.Get(kw); r != nil && r.Kind == jsontree.String && d.Keywords()[kw] {
			l.pending = append(l.pending, pendingRef{doc, ptr + "/" + kw, r.Text})
			l.set.Dynamic = true
		}
	}
	SchemaChildren(d, n, ptr, func(child *jsontree.Node, childPtr string) {
		l.walk(doc, child, childPtr, res)
	})
}

func (l *loader) anchor(doc *Document, res *Resource, name, ptr string) {
	if prev, added := l.set.index.AddAnchor(res.URI, name, res, ptr); !added && (prev.Resource.Doc != doc || prev.Pointer != ptr) {
		l.diags.Add(doc.Path, ptr, "anchor %q is defined twice in %s (also at %s)", name, res.URI, prev.Pointer)
	}
}

// followRefs loads the documents that references name, until every reference is resolved or
// reported: a file by its path, a remote URI through a --ref-map mapping, never the network.
func (l *loader) followRefs() {
	for len(l.pending) > 0 {
		batch := l.pending
		l.pending = nil
		for _, p := range batch {
			u, err := schemaref.ResolveURI(l.set.ResourceAt(p.doc, p.ptr).URI, p.ref)
			if err != nil {
				l.diags.Add(p.doc.Path, p.ptr, "$ref %q is not a valid URI reference: %v", p.ref, err)
				continue
			}
			u.Fragment, u.RawFragment = "", ""
			key := u.String()
			if _, ok := l.set.index.Resource(key); ok {
				continue
			}
			if data, name, ok := schemacheck.Builtin(key); ok {
				// A metaschema: contractgen's own copy, never the network.
				if _, seen := l.set.ByAbs[name]; !seen {
					l.parse(name, name, key, data, l.set.ResourceAt(p.doc, p.ptr).Dialect)
				}
				continue
			}
			path, ok := l.set.LocalFile(key)
			if !ok {
				path, ok = l.besideRoot(u, p.ref)
			}
			if !ok {
				path, ok = besideReferrer(p.doc, u, p.ref)
			}
			if !ok {
				l.diags.Add(p.doc.Path, p.ptr, "$ref %q is remote (%s); contractgen never uses the network: %s", p.ref, key, l.suggestMapping(u))
				continue
			}
			display := path
			if rel, err := filepath.Rel(filepath.Dir(p.doc.Abs), path); err == nil {
				display = filepath.Join(filepath.Dir(p.doc.Path), rel)
			}
			var data []byte // nil for a file loaded already, under another URI
			if abs, _ := filepath.Abs(path); l.set.ByAbs[filepath.Clean(abs)] == nil {
				var err error
				if data, err = readSchemaFile(path, l.roots); err != nil {
					// Said at the $ref, without the file's content: the file may be none of the user's.
					l.diags.Add(p.doc.Path, p.ptr, "$ref %q names a file that cannot be read (%s): %v", p.ref, filepath.ToSlash(display), err)
					continue
				}
			}
			doc := l.load(display, path, key, l.set.ResourceAt(p.doc, p.ptr).Dialect, data)
			if doc != nil && doc.URI != key {
				// The same file reached under another URI: it is one document with two names.
				l.set.index.SetResource(key, doc.Resources[0])
			}
		}
	}
}

// suggestPrefix proposes a --ref-map prefix for a remote URI: its folder.
func suggestPrefix(u *url.URL) string {
	c := *u
	c.Path = c.Path[:strings.LastIndexByte(c.Path, '/')+1]
	c.RawQuery, c.ForceQuery = "", false
	return c.String()
}

// suggestMapping says how to serve a remote URI that no mapping serves: the --ref-map mapping
// that would read it from a file already beside an input schema (or under --ref-root) when there
// is one of that name, else a mapping of its folder to a directory of the user's.
func (l *loader) suggestMapping(u *url.URL) string {
	prefix := suggestPrefix(u)
	name := u.Path[strings.LastIndexByte(u.Path, '/')+1:]
	if name != "" && !strings.ContainsAny(name, `\`) && u.RawQuery == "" {
		var dirs []string
		if l.set.opts.RefRoot != "" {
			dirs = append(dirs, l.set.opts.RefRoot)
		}
		for _, doc := range l.set.Roots {
			dirs = append(dirs, filepath.Dir(filepath.FromSlash(doc.Path)))
		}
		for _, dir := range dirs {
			if file, ok := existingFile(filepath.Join(dir, name)); ok {
				return fmt.Sprintf("%s would serve it with --ref-map %s=%s", filepath.ToSlash(file), prefix, filepath.ToSlash(dir))
			}
		}
	}
	return fmt.Sprintf("map it to local files with --ref-map %s=DIR", prefix)
}

// besideRoot maps a relative reference that resolved (to u) under the base of an input schema's
// own "$id" to the file at the same relative place beside that schema on disk: a schema whose
// "$id" is https://example.com/ref/ref.json and that references ../other/other.json, kept in
// the same layout, reads ref/../other/other.json. The reference root still confines the read. An
// absolute reference is the author's choice of a remote document and is left to --ref-map; so is
// a URI whose file is not there.
func (l *loader) besideRoot(u *url.URL, ref string) (string, bool) {
	if r, err := url.Parse(ref); err != nil || r.Scheme != "" || r.Host != "" || u.RawQuery != "" {
		return "", false
	}
	for _, doc := range l.set.Roots {
		if doc.Tree == nil || len(doc.Resources) == 0 {
			continue
		}
		id, err := url.Parse(doc.Resources[0].URI)
		if err != nil || id.Scheme == "file" || id.Scheme != u.Scheme || id.Host != u.Host || !strings.HasPrefix(id.Path, "/") {
			continue
		}
		rel, err := filepath.Rel(filepath.FromSlash(pathDir(id.Path)), filepath.FromSlash(u.Path))
		if err != nil {
			continue
		}
		if file, ok := existingFile(filepath.Join(filepath.Dir(doc.Abs), rel)); ok {
			return file, true
		}
	}
	return "", false
}

// besideReferrer serves a relative reference that no mapping and no root's $id folder serves from
// the file it names relative to the referring document on disk, as go-jsonschema reads it: a
// schema whose $id has no folder of its own (https://example.com/refExternalFile) still finds
// "../ref/ref.json" where its author put it. Like besideRoot, it never reads through a query, and
// the loader confines what it reads to the reference root.
func besideReferrer(doc *Document, u *url.URL, ref string) (string, bool) {
	r, err := url.Parse(ref)
	if err != nil || r.Scheme != "" || r.Host != "" || r.Path == "" || u.RawQuery != "" || doc.Abs == "" || strings.HasPrefix(r.Path, "/") {
		return "", false
	}
	return existingFile(filepath.Join(filepath.Dir(doc.Abs), filepath.FromSlash(r.Path)))
}

// pathDir is the folder of a URI path, which ends in "/" when the path names a folder.
func pathDir(p string) string {
	return p[:strings.LastIndexByte(p, '/')+1]
}

// existingFile returns name when it exists, or name.json when name has no extension and that
// exists: schemas are published under extensionless URIs (https://json.schemastore.org/tsconfig)
// and kept as NAME.json.
func existingFile(name string) (string, bool) {
	if _, err := os.Stat(name); err == nil {
		return name, true
	}
	if filepath.Ext(name) == "" {
		if _, err := os.Stat(name + ".json"); err == nil {
			return name + ".json", true
		}
	}
	return "", false
}

// LocalFile maps an absolute URI to the local file it stands for: a file: URI's path, or the
// file a --ref-map mapping gives. It only computes the path; the loader opens it.
func (s *Set) LocalFile(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", false
	}
	if u.Scheme == "file" {
		return filepath.FromSlash(u.Path), true
	}
	best := -1
	for i, m := range s.opts.RefMap {
		if strings.HasPrefix(uri, m.Prefix) && (best < 0 || len(m.Prefix) > len(s.opts.RefMap[best].Prefix)) {
			best = i
		}
	}
	if best < 0 {
		return "", false
	}
	m := s.opts.RefMap[best]
	rest := strings.TrimPrefix(uri, m.Prefix)
	if strings.Contains("/"+rest+"/", "/../") {
		return "", false
	}
	file := filepath.Join(m.Dir, filepath.FromSlash(rest))
	if json, ok := existingFile(file); ok {
		return json, true
	}
	return file, true // read and reported as missing
}

// ResourceAt returns the innermost resource that contains the schema at ptr in doc.
func (s *Set) ResourceAt(doc *Document, ptr string) *Resource {
	var best *Resource
	for _, r := range doc.Resources {
		if (ptr == r.Pointer || strings.HasPrefix(ptr, r.Pointer+"/") || r.Pointer == "") &&
			(best == nil || len(r.Pointer) >= len(best.Pointer)) {
			best = r
		}
	}
	return best
}

// Resource returns the resource with the given absolute URI (no fragment), or nil.
func (s *Set) Resource(uri string) *Resource {
	r, _ := s.index.Resource(uri)
	return r
}

// newIndex returns an empty index of resources, whose roots are their pointers.
func newIndex() *schemaref.Index[*Resource] {
	return schemaref.NewIndex(func(r *Resource) string { return r.Pointer })
}

// Resolve finds the schema a reference at (doc, refPtr) names: the one resolver (schemaref)
// resolves it against the base URI there, among the loaded resources, its fragment read as a JSON
// pointer from the resource's root or as an anchor. Errors name the keyword (the last token of
// refPtr).
func (s *Set) Resolve(doc *Document, refPtr, ref string) (Location, *Resource, error) {
	kw := refPtr[strings.LastIndexByte(refPtr, '/')+1:]
	t, err := s.index.Resolve(s.ResourceAt(doc, refPtr).URI, ref)
	if err != nil {
		return Location{}, nil, s.refError(kw, ref, err)
	}
	return Location{t.Resource.Doc, t.Pointer}, t.Resource, nil
}

// refError words the resolver's error for the loader's users. It is a function of its own so that
// the *schemaref.Error errors.As fills is allocated only when a reference fails.
func (s *Set) refError(kw, ref string, err error) error {
	var e *schemaref.Error
	switch {
	case !errors.As(err, &e):
		return err
	case e.Kind == schemaref.BadURI:
		return fmt.Errorf("%s %q is not a valid URI reference: %v", kw, ref, e.Err)
	case e.Kind == schemaref.UnknownAnchor:
		res := s.Resource(e.URI)
		return fmt.Errorf("%s %q names anchor %q, which %s#%s does not define", kw, ref, e.Anchor, res.Doc.Path, res.Pointer)
	}
	return fmt.Errorf("%s %q names %s, which was not loaded", kw, ref, e.URI)
}
