// Package schemaref is contractgen's one resolver of JSON Schema references ("$ref",
// "$dynamicRef"'s static target, "$recursiveRef"): a reference is resolved against the base URI
// where it stands (RFC 3986), and the absolute URI it names is looked up in an index of schema
// resources and the anchors they declare. A fragment that is empty or starts with "/" is a JSON
// pointer from the resource's root; any other fragment is a plain-name anchor.
//
// The loader indexes every resource of every document it reads (and build resolves through it);
// compat indexes the one document it compares. Each caller keeps its own resource type and walks
// the pointer in its own representation of the document; what a reference names is decided here.
package schemaref

import (
	"fmt"
	"net/url"
	"strings"
)

// ResolveURI resolves ref against base as RFC 3986 says. A URN base has no path to resolve
// against: only a fragment can be relative to it.
func ResolveURI(base, ref string) (*url.URL, error) {
	r, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	if b.Opaque != "" && !r.IsAbs() {
		out := *b
		out.Fragment, out.RawFragment = r.Fragment, r.RawFragment
		return &out, nil
	}
	return b.ResolveReference(r), nil
}

// Index holds the schema resources references resolve against, by absolute URI without fragment,
// and the anchors declared in each. R is the caller's resource type; root gives the JSON pointer
// of a resource's root schema in its document.
type Index[R any] struct {
	root      func(R) string
	resources map[string]R
	anchors   map[string]Target[R] // "uri#name"
}

// NewIndex returns an empty index.
func NewIndex[R any](root func(R) string) *Index[R] {
	return &Index[R]{root: root, resources: map[string]R{}, anchors: map[string]Target[R]{}}
}

// Target is where a reference leads: the resource that holds the schema, and the schema's JSON
// pointer in that resource's document.
type Target[R any] struct {
	Resource R
	Pointer  string
}

// SetResource names a resource by an absolute URI without fragment; a later call for the same URI
// replaces it (a document reached under a second name keeps both).
func (x *Index[R]) SetResource(uri string, r R) { x.resources[uri] = r }

// Resource returns the resource an absolute URI (without fragment) names.
func (x *Index[R]) Resource(uri string) (R, bool) {
	r, ok := x.resources[uri]
	return r, ok
}

// AddAnchor records that resource r (named uri) declares the anchor name at pointer. The first
// declaration of a name in a resource stays: when the name is taken, AddAnchor changes nothing and
// returns the declaration that holds it and false.
func (x *Index[R]) AddAnchor(uri, name string, r R, pointer string) (Target[R], bool) {
	key := uri + "#" + name
	if prev, dup := x.anchors[key]; dup {
		return prev, false
	}
	t := Target[R]{Resource: r, Pointer: pointer}
	x.anchors[key] = t
	return t, true
}

// Kind says why a reference does not resolve.
type Kind int

const (
	// BadURI: the reference, or the base it is resolved against, is not a URI reference.
	BadURI Kind = iota + 1
	// UnknownResource: no indexed resource has the URI the reference names.
	UnknownResource
	// UnknownAnchor: the resource exists but declares no such anchor.
	UnknownAnchor
)

// Error is a reference that does not resolve. Callers word it for their users (the loader names
// --ref-map and files; compat says that only local references are supported).
type Error struct {
	Kind Kind
	// URI is the absolute URI of the resource the reference names, without fragment ("" for
	// BadURI); Anchor is the anchor name for UnknownAnchor.
	URI, Anchor string
	// Err is the URI parser's error for BadURI.
	Err error
}

func (e *Error) Error() string {
	switch e.Kind {
	case BadURI:
		return fmt.Sprintf("not a valid URI reference: %v", e.Err)
	case UnknownAnchor:
		return fmt.Sprintf("%s declares no anchor %q", e.URI, e.Anchor)
	}
	return fmt.Sprintf("no schema resource %s", e.URI)
}

// Unwrap returns the URI parser's error, if any.
func (e *Error) Unwrap() error { return e.Err }

// Resolve finds the schema that ref, standing where the base URI is base, names. An error is
// always an *Error.
func (x *Index[R]) Resolve(base, ref string) (Target[R], error) {
	u, err := ResolveURI(base, ref)
	if err != nil {
		return Target[R]{}, &Error{Kind: BadURI, Err: err}
	}
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	uri := u.String()
	res, ok := x.resources[uri]
	if !ok {
		return Target[R]{}, &Error{Kind: UnknownResource, URI: uri}
	}
	if frag == "" || strings.HasPrefix(frag, "/") {
		return Target[R]{Resource: res, Pointer: x.root(res) + frag}, nil
	}
	t, ok := x.anchors[uri+"#"+frag]
	if !ok {
		return Target[R]{}, &Error{Kind: UnknownAnchor, URI: uri, Anchor: frag}
	}
	return t, nil
}
