package compat

import (
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

// Profile is a vocabulary layered on JSON Schema whose root keywords compat compares by the
// profile's own rules, and which may name a version member. compat spells none of a profile's
// words: the caller lists the profiles in Options (internal/gen/profile/errorcontract/compatrules
// is the agent-error contract's).
type Profile interface {
	// Keywords are the root keywords the profile compares. The contract mode's walk leaves them
	// to Compare, and a document whose root carries one is a contract (Auto picks Contract).
	Keywords() []string
	// VersionMember names the root member whose const is the document's version, "" when the
	// profile gives none. A document with that member is a contract too.
	VersionMember(root *jsontree.Node) string
	// Compare reports, through d, the changes between the old and the new document to the
	// profile's keywords. An error is a document compat cannot compare (Root.Errorf).
	Compare(old, new Root, d Differ) error
	// Rules lists every rule Compare may report, for the documentation and its tests.
	Rules() []string
}

// Root is one document's root object as a profile reads it.
type Root struct {
	doc *document
}

// Member returns a member of the root object, as encoding/json decodes it with UseNumber, and
// whether it is there.
func (r Root) Member(name string) (any, bool) {
	return rootMember(r.doc, name)
}

// Errorf is an error at a JSON pointer of this document, which the report names as old or new.
func (r Root) Errorf(pointer, format string, args ...any) error {
	return r.doc.errorf(pointer, format, args...)
}

// Slot is one side of a value comparison: the value, whether it is there, and its pointer.
type Slot struct {
	Value   any
	Present bool
	Pointer string
}

// Differ records a profile's changes in the report, merged with the walk's.
type Differ struct {
	c *comparer
}

// Report records one change at pointer.
func (d Differ) Report(pointer, rule string, class Class, format string, args ...any) {
	d.c.emit(context{}, pointer, rule, class, format, args...)
}

// Diff compares two JSON values and reports each difference down to the leaf that changed, all
// with one rule and class.
func (d Differ) Diff(rule string, class Class, old, new Slot) {
	d.c.diffValue(context{}, extraRule{rule, class}, old, new)
}

// versionMemberOf is the first version member the profiles find in a document's root, or "".
func versionMemberOf(root *jsontree.Node, profiles []Profile) string {
	for _, p := range profiles {
		if name := p.VersionMember(root); name != "" {
			return name
		}
	}
	return ""
}

// checkProfiles refuses two profiles that claim one keyword, whose changes would be reported
// twice under different rules.
func checkProfiles(profiles []Profile) error {
	owner := map[string]int{}
	for i, p := range profiles {
		for _, k := range p.Keywords() {
			if j, ok := owner[k]; ok {
				return fmt.Errorf("compat: profiles %d and %d both compare the root keyword %q", j, i, k)
			}
			owner[k] = i
		}
	}
	return nil
}
