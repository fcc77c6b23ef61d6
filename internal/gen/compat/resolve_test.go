package compat

import (
	"strings"
	"testing"
)

// TestResolveLocalReferences pins which references compat follows, now through the shared
// resolver (schemaref): a fragment alone, the root $id (absolute, relative, or a URN) followed by
// a fragment, and anchors; every reference is followed to a schema whose maximum changes.
func TestResolveLocalReferences(t *testing.T) {
	for _, c := range []struct{ name, id, ref string }{
		{"pointer", "", "#/$defs/n"},
		{"empty reference is the root's own", "", ""},
		{"anchor", "", "#num"},
		{"absolute $id and pointer", "https://example.com/s/a.json", "https://example.com/s/a.json#/$defs/n"},
		{"absolute $id, relative reference", "https://example.com/s/a.json", "a.json#/$defs/n"},
		{"absolute $id and anchor", "https://example.com/s/a.json", "https://example.com/s/a.json#num"},
		{"relative $id", "schemas/a.json", "a.json#/$defs/n"},
		{"URN $id", "urn:example:a", "urn:example:a#num"},
		{"percent-escaped pointer", "", "#/$defs/%6E"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := func(max int) []byte {
				id := ""
				if c.id != "" {
					id = `"$id": "` + c.id + `", `
				}
				target := `{"$ref": "` + c.ref + `"}`
				if c.ref == "" {
					// "" names the root itself, whose maximum changes.
					return []byte(`{` + id + `"type": "object", "maximum": ` + string(rune('0'+max)) + `, "properties": {"x": {"$ref": ""}}}`)
				}
				return []byte(`{` + id + `"type": "object", "properties": {"x": ` + target + `}, "$defs": {"n": {"$anchor": "num", "type": "integer", "maximum": ` + string(rune('0'+max)) + `}}}`)
			}
			r, err := compareContract(doc(5), doc(4))
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, ch := range r.Changes {
				found = found || ch.Rule == RuleConstraintTightened
			}
			if !found {
				t.Errorf("the reference was not followed to the changed maximum: %+v", r.Changes)
			}
		})
	}
}

// TestResolveRefusesOtherDocuments: a reference whose URI names anything but this document is an
// error at the reference, whether or not the document has an $id.
func TestResolveRefusesOtherDocuments(t *testing.T) {
	for _, c := range []struct{ id, ref, want string }{
		{"", "other.json#/a", "only local references"},
		{"", "document#/a", "only local references"},
		{"https://example.com/s/a.json", "b.json#/a", "only local references"},
		{"https://example.com/s/a.json", "https://example.com/t/a.json", "only local references"},
		{"urn:example:a", "urn:example:b#/a", "only local references"},
		{"https://example.com/s/a.json", "#nope", "anchor that does not exist"},
		{"", "#/a%zz", "not a valid URI reference"},
	} {
		id := ""
		if c.id != "" {
			id = `"$id": "` + c.id + `", `
		}
		doc := []byte(`{` + id + `"properties": {"x": {"$ref": "` + c.ref + `"}}}`)
		_, err := compareContract(doc, doc)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"/properties/x/$ref"`) {
			t.Errorf("$id %q, $ref %q: err = %v, want %q at /properties/x/$ref", c.id, c.ref, err, c.want)
		}
	}
}

// embeddedDoc has a resource of its own under $defs/inner ("$id" below the root): its references
// resolve against its own URI, as RFC 3986 and the loader (so build) resolve them.
func embeddedDoc(rootID, max string) []byte {
	id := ""
	if rootID != "" {
		id = `"$id": "` + rootID + `", `
	}
	return []byte(`{` + id + `"type": "object",
		"properties": {"x": {"$ref": "https://example.com/inner.json"}, "y": {"$ref": "https://example.com/inner.json#num"}},
		"$defs": {
			"num": {"type": "string"},
			"inner": {"$id": "https://example.com/inner.json", "type": "object",
				"properties": {"n": {"$ref": "#/$defs/num"}, "a": {"$ref": "#num"}},
				"$defs": {"num": {"$anchor": "num", "type": "integer", "maximum": ` + max + `}}}}}`)
}

// TestResolveEmbeddedResources: a reference to an embedded resource's URI is followed, and the
// references inside it are read against that URI (its own $defs, its own anchors), whether or
// not the root has an $id.
func TestResolveEmbeddedResources(t *testing.T) {
	for _, rootID := range []string{"https://example.com/root.json", ""} {
		r, err := compareContract(embeddedDoc(rootID, "5"), embeddedDoc(rootID, "4"))
		if err != nil {
			t.Fatalf("root $id %q: %v", rootID, err)
		}
		var got []string
		for _, ch := range r.Changes {
			got = append(got, ch.Rule+" "+ch.Pointer)
		}
		want := RuleConstraintTightened + " /$defs/inner/$defs/num/maximum"
		if len(got) != 1 || got[0] != want {
			t.Errorf("root $id %q: changes %q, want one: %s", rootID, got, want)
		}
	}
}

// TestResolveAnchorsBelongToTheirResource: an anchor declared inside an embedded resource is that
// resource's, not the root's; and an "$anchor" or "$id" inside data (enum, const) declares nothing.
func TestResolveAnchorsBelongToTheirResource(t *testing.T) {
	doc := []byte(`{"$id": "https://example.com/root.json", "properties": {"x": {"$ref": "#num"}},
		"$defs": {"inner": {"$id": "https://example.com/inner.json", "$defs": {"num": {"$anchor": "num"}}}}}`)
	if _, err := compareContract(doc, doc); err == nil || !strings.Contains(err.Error(), "anchor that does not exist") {
		t.Errorf("#num from the root found the embedded resource's anchor: err = %v", err)
	}
	doc = []byte(`{"properties": {"x": {"$ref": "#num"}}, "enum": [{"$anchor": "num"}]}`)
	if _, err := compareContract(doc, doc); err == nil || !strings.Contains(err.Error(), "anchor that does not exist") {
		t.Errorf("an $anchor inside enum was taken for an anchor: err = %v", err)
	}
	doc = []byte(`{"properties": {"y": {"$ref": "https://example.com/data.json"}}, "const": {"$id": "https://example.com/data.json"}}`)
	if _, err := compareContract(doc, doc); err == nil || !strings.Contains(err.Error(), "only local references") {
		t.Errorf("an $id inside const was taken for a resource: err = %v", err)
	}
}
