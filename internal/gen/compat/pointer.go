package compat

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// rootID returns the root's $id without its fragment, or "" when there is none.
func (d *document) rootID() string {
	m, ok := d.root.(map[string]any)
	if !ok {
		return ""
	}
	id, _ := m["$id"].(string)
	base, _, _ := strings.Cut(id, "#")
	return base
}

// resolve follows a $ref found at pointer at and returns the target and its canonical pointer.
// Only references into the same document are supported: a fragment alone, or the root $id
// (absolute or relative to itself) followed by a fragment.
func (d *document) resolve(ref, at string) (any, string, error) {
	fragment, err := d.localFragment(ref, at)
	if err != nil {
		return nil, "", err
	}
	if fragment == "" || strings.HasPrefix(fragment, "/") {
		return d.lookup(fragment, ref, at)
	}
	target, ok := d.anchors[fragment]
	if !ok {
		return nil, "", d.errorf(at, "$ref %q names an anchor that does not exist", ref)
	}
	return d.lookup(target, ref, at)
}

// localFragment checks that ref points into this document and returns its decoded fragment.
func (d *document) localFragment(ref, at string) (string, error) {
	base, fragment, _ := strings.Cut(ref, "#")
	if base != "" && !d.sameResource(base) {
		return "", d.errorf(at, "$ref %q leaves the document; only local references are supported", ref)
	}
	decoded, err := url.PathUnescape(fragment)
	if err != nil {
		return "", d.errorf(at, "$ref %q has a malformed fragment: %v", ref, err)
	}
	return decoded, nil
}

// sameResource reports whether a reference's base names this document through its root $id.
func (d *document) sameResource(base string) bool {
	id := d.rootID()
	if id == "" {
		return false
	}
	if base == id {
		return true
	}
	idURL, err := url.Parse(id)
	if err != nil {
		return false
	}
	refURL, err := url.Parse(base)
	if err != nil {
		return false
	}
	resolved := idURL.ResolveReference(refURL)
	resolved.Fragment, resolved.RawFragment = "", ""
	return resolved.String() == id
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
