package schemaref

import (
	"errors"
	"testing"
)

// res is a test resource: a document name and the pointer of its root there.
type res struct{ doc, root string }

func testIndex() *Index[res] {
	x := NewIndex(func(r res) string { return r.root })
	root := res{"a.json", ""}
	embedded := res{"a.json", "/$defs/e"}
	x.SetResource("https://example.com/s/a.json", root)
	x.SetResource("https://example.com/s/e.json", embedded)
	x.SetResource("urn:example:u", res{"u.json", ""})
	x.SetResource("file:///schemas/b.json", res{"b.json", ""})
	x.AddAnchor("https://example.com/s/a.json", "top", root, "/$defs/t")
	x.AddAnchor("https://example.com/s/e.json", "inner", embedded, "/$defs/e/$defs/i")
	x.AddAnchor("urn:example:u", "name", res{"u.json", ""}, "/$defs/n")
	return x
}

func TestResolve(t *testing.T) {
	x := testIndex()
	for _, c := range []struct {
		base, ref string
		doc, ptr  string
	}{
		{"https://example.com/s/a.json", "#", "a.json", ""},
		{"https://example.com/s/a.json", "", "a.json", ""},
		{"https://example.com/s/a.json", "#/$defs/x", "a.json", "/$defs/x"},
		// A pointer is read from the root of the resource the URI names, not the document's.
		{"https://example.com/s/a.json", "e.json#/type", "a.json", "/$defs/e/type"},
		{"https://example.com/s/e.json", "#", "a.json", "/$defs/e"},
		{"https://example.com/s/e.json", "a.json#top", "a.json", "/$defs/t"},
		{"https://example.com/s/e.json", "#inner", "a.json", "/$defs/e/$defs/i"},
		{"https://example.com/s/e.json", "./sub/../e.json#inner", "a.json", "/$defs/e/$defs/i"},
		// Percent-escapes in a fragment are decoded before it is read.
		{"https://example.com/s/a.json", "#/$defs/a%20b", "a.json", "/$defs/a b"},
		// A URN base resolves only fragments.
		{"urn:example:u", "#name", "u.json", "/$defs/n"},
		{"urn:example:u", "#/x", "u.json", "/x"},
		{"https://example.com/s/a.json", "urn:example:u#name", "u.json", "/$defs/n"},
		{"file:///schemas/c.json", "b.json#/p", "b.json", "/p"},
	} {
		got, err := x.Resolve(c.base, c.ref)
		if err != nil {
			t.Errorf("Resolve(%q, %q): %v", c.base, c.ref, err)
			continue
		}
		if got.Resource.doc != c.doc || got.Pointer != c.ptr {
			t.Errorf("Resolve(%q, %q) = %s#%s, want %s#%s", c.base, c.ref, got.Resource.doc, got.Pointer, c.doc, c.ptr)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	x := testIndex()
	for _, c := range []struct {
		base, ref string
		kind      Kind
		uri       string
	}{
		{"https://example.com/s/a.json", "other.json", UnknownResource, "https://example.com/s/other.json"},
		{"https://example.com/s/a.json", "https://other.example/a.json#/x", UnknownResource, "https://other.example/a.json"},
		// Anchors belong to their resource: inner is e.json's, not a.json's.
		{"https://example.com/s/a.json", "#inner", UnknownAnchor, "https://example.com/s/a.json"},
		{"https://example.com/s/a.json", "#/a%zz", BadURI, ""},
		{"https://example.com/s/a.json", "::", BadURI, ""},
	} {
		_, err := x.Resolve(c.base, c.ref)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Resolve(%q, %q): err = %v, want an *Error", c.base, c.ref, err)
			continue
		}
		if e.Kind != c.kind || e.URI != c.uri {
			t.Errorf("Resolve(%q, %q): kind %d uri %q, want %d %q (%v)", c.base, c.ref, e.Kind, e.URI, c.kind, c.uri, err)
		}
		if c.kind == BadURI && e.Unwrap() == nil {
			t.Errorf("Resolve(%q, %q): a BadURI error without the parser's error", c.base, c.ref)
		}
		if c.kind == UnknownAnchor && e.Anchor != "inner" {
			t.Errorf("Resolve(%q, %q): anchor %q", c.base, c.ref, e.Anchor)
		}
	}
}

// TestAddAnchorKeepsTheFirst: a second declaration of a name in one resource changes nothing and
// reports the first, so that the loader can name both places and compat can keep the innermost.
func TestAddAnchorKeepsTheFirst(t *testing.T) {
	x := NewIndex(func(r res) string { return r.root })
	r := res{"a.json", ""}
	x.SetResource("https://example.com/a.json", r)
	if _, added := x.AddAnchor("https://example.com/a.json", "n", r, "/first"); !added {
		t.Fatal("the first declaration was not added")
	}
	prev, added := x.AddAnchor("https://example.com/a.json", "n", r, "/second")
	if added || prev.Pointer != "/first" {
		t.Errorf("second declaration: added %v, prev %q", added, prev.Pointer)
	}
	if got, err := x.Resolve("https://example.com/a.json", "#n"); err != nil || got.Pointer != "/first" {
		t.Errorf("#n resolves to %q, %v; want /first", got.Pointer, err)
	}
	// The same name in another resource is another anchor.
	x.SetResource("https://example.com/b.json", res{"b.json", ""})
	if _, added := x.AddAnchor("https://example.com/b.json", "n", res{"b.json", ""}, "/b"); !added {
		t.Error("an anchor of another resource was refused")
	}
}

func TestResolveURI(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"https://example.com/a/b.json", "c.json", "https://example.com/a/c.json"},
		{"https://example.com/a/b.json", "../c.json#/x", "https://example.com/c.json#/x"},
		{"https://example.com/a/b.json", "urn:x:y", "urn:x:y"},
		{"urn:example:root", "#frag", "urn:example:root#frag"},
		{"urn:example:root", "other.json", "urn:example:root"},
		{"file:///s/a.json", "sub/b.json", "file:///s/sub/b.json"},
	} {
		u, err := ResolveURI(c.base, c.ref)
		if err != nil || u.String() != c.want {
			t.Errorf("ResolveURI(%q, %q) = %v, %v; want %s", c.base, c.ref, u, err, c.want)
		}
	}
}
