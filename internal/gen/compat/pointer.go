package compat

import (
	"errors"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/schemaref"
)

// rootID returns the root's $id without its fragment, or "" when there is none.
func (d *document) rootID() string {
	m, ok := d.root.(map[string]any)
	if !ok {
		return ""
	}
	id, _ := m[d.dialect.IDKeyword()].(string)
	base, _, _ := strings.Cut(id, "#")
	return base
}

// documentBase is what a relative root $id resolves against, and the base URI of a document
// without one (where only a fragment stays inside the root resource: see resolve).
const documentBase = "contractgen-compat:/document"

// resolve follows a $ref found at pointer at and returns the target and its canonical pointer.
// Only references into the same document are supported: a fragment alone, resolved against the
// resource that holds the reference, or the URI of one of the document's resources (the root's
// $id, or an embedded resource's) followed by a fragment.
func (d *document) resolve(ref, at string) (any, string, error) {
	if d.set != nil {
		return d.resolveSet(ref, at)
	}
	t, err := d.index.Resolve(d.baseAt(at).uri, ref)
	if err != nil {
		return nil, "", d.refError(ref, at, err)
	}
	if base, _, _ := strings.Cut(ref, "#"); base != "" && t.Resource == "" && d.rootID() == "" {
		// Without an $id the root has no name a reference could use; documentBase is no name.
		return nil, "", d.errorf(at, "$ref %q leaves the document; only local references are supported", ref)
	}
	return d.lookup(t.Pointer, ref, at)
}

// refError words the resolver's error for compat's users; apart from resolve, so that the
// *schemaref.Error errors.As fills is allocated only when a reference fails.
func (d *document) refError(ref, at string, err error) error {
	var e *schemaref.Error
	switch {
	case !errors.As(err, &e):
		return d.errorf(at, "$ref %q: %v", ref, err)
	case e.Kind == schemaref.BadURI:
		return d.errorf(at, "$ref %q is not a valid URI reference: %v", ref, e.Err)
	case e.Kind == schemaref.UnknownAnchor:
		return d.errorf(at, "$ref %q names an anchor that does not exist", ref)
	}
	return d.errorf(at, "$ref %q leaves the document; only local references are supported", ref)
}

// lookup walks a JSON pointer from the root. The returned pointer is re-encoded so that two
// spellings of one location compare equal.
func (d *document) lookup(pointer, ref, at string) (any, string, error) {
	cur := d.root
	canonical := ""
	if pointer == "" {
		return cur, canonical, nil
	}
	for _, raw := range strings.Split(pointer[1:], "/") {
		token := jsonpointer.Unescape(raw)
		next, ok := step(cur, token)
		if !ok {
			return nil, "", d.errorf(at, "$ref %q does not resolve: nothing at %q", ref, canonical+"/"+raw)
		}
		cur = next
		canonical += "/" + jsonpointer.Escape(token)
	}
	return cur, canonical, nil
}

// step descends one pointer token into an object member or an array element.
func step(v any, token string) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		next, ok := t[token]
		return next, ok
	case []any:
		if token == "" || (len(token) > 1 && token[0] == '0') {
			return nil, false
		}
		i, err := strconv.Atoi(token)
		if err != nil || i < 0 || i >= len(t) {
			return nil, false
		}
		return t[i], true
	}
	return nil, false
}
