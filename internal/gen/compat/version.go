package compat

import (
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// rootMember reads a member of the root object.
func rootMember(d *document, k string) (any, bool) {
	root, _ := d.root.(map[string]any)
	v, ok := root[k]
	return v, ok
}

// version returns the const of the root's version member, or nil when the document has none. It
// never fails: a malformed document is reported by the walk instead.
func (d *document) version() *int64 {
	if d.versionMember == "" {
		return nil
	}
	root, err := d.effective(node{d.root, ""})
	if err != nil {
		return nil
	}
	props, _ := root.kw["properties"].(map[string]any)
	raw, ok := props[d.versionMember]
	if !ok {
		return nil
	}
	member, err := d.effective(node{raw, root.kwPointer("properties") + "/" + jsonpointer.Escape(d.versionMember)})
	if err != nil {
		return nil
	}
	v, ok := integerOf(member.kw["const"])
	if !ok {
		return nil
	}
	return &v
}
