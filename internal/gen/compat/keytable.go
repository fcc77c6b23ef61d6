package compat

import (
	"strings"

	"github.com/contractgen/contractgen/internal/gen/keywords"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// keyword is what compat reads of one row of the keyword table (internal/gen/keywords): the
// dialects in which it compares the keyword, the comparison that models it and where it holds
// subschemas.
type keyword struct {
	dialects keywords.Dialects
	group    keywords.Compat
	shape    keywords.Holds
}

// known is the keyword table as compat reads it: every keyword of every dialect from draft-04 to
// 2020-12. A keyword that a schema's dialect does not define is ignored there, as the
// specification says, and so compared as an annotation; a keyword no dialect defines (vendor
// extensions such as x-go-name) is an annotation in every dialect.
var known = func() map[string]keyword {
	m := map[string]keyword{}
	for _, k := range keywords.Table() {
		m[k.Name] = keyword{dialects: k.Dialects | k.CompatAlso, group: k.Compat, shape: k.Holds}
	}
	return m
}()

// modelled lists the comparisons compat has. A keyword whose comparison is missing here (a new
// one in the table, or CompatUndecided) makes Compare fail with its name instead of passing as
// an annotation.
var modelled = map[keywords.Compat]bool{
	keywords.CompatAnnotation: true, keywords.CompatFormat: true, keywords.CompatIdentifier: true,
	keywords.CompatDialect: true, keywords.CompatType: true, keywords.CompatEnum: true,
	keywords.CompatNumberBounds: true, keywords.CompatSizeBounds: true, keywords.CompatMultipleOf: true,
	keywords.CompatPattern: true, keywords.CompatUniqueItems: true, keywords.CompatObject: true,
	keywords.CompatRequired: true, keywords.CompatDependencies: true, keywords.CompatPropertyNames: true,
	keywords.CompatArray: true, keywords.CompatContains: true, keywords.CompatAllOf: true,
	keywords.CompatAnyOf: true, keywords.CompatOneOf: true, keywords.CompatNot: true,
	keywords.CompatConditional: true, keywords.CompatUnevaluated: true, keywords.CompatRef: true,
	keywords.CompatDynamicRef: true,
}

// meaning returns what keyword k means in dialect d; ok is false when d does not define it, in
// which case the keyword is an annotation there.
func meaning(k string, d load.Dialect) (keyword, bool) {
	kw, ok := known[k]
	if !ok || !kw.dialects.Has(d.Set()) {
		return keyword{}, false
	}
	return kw, true
}

// refuseUnmodelled refuses a keyword of s whose meaning in dialect d compat does not model (its
// comparison is undecided in the keyword table, or not one compat has), naming it: passing a
// change to it as an annotation, or as an opaque constraint change, would judge what compat
// cannot read. Both the contract rules and the semantic engine call it on every schema they
// compare.
func refuseUnmodelled(s *schema, doc *document, d load.Dialect) error {
	first := ""
	for k := range s.kw {
		if kw, ok := meaning(k, d); ok && !modelled[kw.group] && (first == "" || k < first) {
			first = k
		}
	}
	if first == "" {
		return nil
	}
	return doc.errorf(s.kwPointer(first), "compat does not model keyword %q (%s)", first, d.Title())
}

// constrains reports whether keyword k can change which instances are valid in dialect d.
func constrains(k string, d load.Dialect) bool {
	kw, ok := meaning(k, d)
	if kw.group == keywords.CompatFormat {
		return ok && formatAsserts(d)
	}
	return ok && kw.group.Constrains()
}

// formatAsserts reports whether format is compared as an assertion in dialect d: up to
// draft-07, where validators may assert it.
func formatAsserts(d load.Dialect) bool {
	return d == load.Draft4 || d == load.Draft6 || d == load.Draft7
}

// dialectOf reads a "$schema" value; ok is false for one that names no dialect.
func dialectOf(uri string) (load.Dialect, bool) {
	u := strings.TrimSuffix(uri, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
	for _, d := range load.Dialects {
		if strings.TrimPrefix(strings.TrimPrefix(d.URI(), "http://"), "https://") == u {
			return d, true
		}
	}
	return 0, false
}
