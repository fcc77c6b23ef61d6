package compat

import (
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// handled lists the keywords the specific comparisons take care of; compareOthers treats every
// other keyword by its rule in extraRules, or as an annotation.
var handled = func() map[string]bool {
	m := map[string]bool{
		"type": true, "enum": true, "const": true, "multipleOf": true, "pattern": true,
		"uniqueItems": true, "dependentRequired": true, "properties": true, "required": true,
		"additionalProperties": true, "items": true, "$dynamicRef": true,
		// Definitions count only where a $ref reaches them, and are compared there.
		"$defs": true, "definitions": true,
	}
	for _, b := range bounds {
		m[b.keyword] = true
	}
	for _, list := range [][]string{singleApplicators, arrayApplicators, mapApplicators} {
		for _, k := range list {
			m[k] = true
		}
	}
	return m
}()

// extraRule is the rule and class of a keyword that is compared as a plain value.
type extraRule struct {
	rule  string
	class Class
}

// extraRules covers keywords that are neither validation nor plain annotation. x-fallback
// decides how consumers act on unknown values, x-go-name names generated Go API, x-go-type and
// goJSONSchema type (or name) it, and $schema or
// $vocabulary change the meaning of every other keyword.
var extraRules = map[string]extraRule{
	"x-fallback": {RuleFallbackChanged, Breaking},
	"x-go-name":  {RuleGoNameChanged, Breaking},
	// A Go type of the user's changes the generated Go API, not the JSON.
	"x-go-type":        {RuleGoTypeChanged, Breaking},
	"x-go-type-import": {RuleGoTypeChanged, Breaking},
	"goJSONSchema":     {RuleGoTypeChanged, Breaking},
	"$schema":          {RuleDialectChanged, Breaking},
	"$vocabulary":      {RuleDialectChanged, Breaking},
}

// rootExtensions are compared on their own, and only at the document root.
var rootExtensions = map[string]bool{errorcontract.CatalogKeyword: true, errorcontract.SurfacesKeyword: true}

// compareOthers compares every remaining keyword as a value. Keywords unknown to 2020-12 are
// annotations there, so they are annotations here too, as are title, description, examples,
// default, format, deprecated, $comment, $id, $anchor and x-enum-descriptions.
func (c *comparer) compareOthers(x context, o, n *schema) error {
	for _, k := range unionKeys(o.kw, n.kw) {
		if handled[k] || (rootExtensions[k] && atRoot(o, n, k)) {
			continue
		}
		if constrains(k, c.old.dialect) || constrains(k, c.new.dialect) {
			// A validation keyword the steps above do not analyse (dependencies,
			// additionalItems, format up to draft-07, ...): any difference is a constraint change.
			c.compareOpaque(x, o, n, k)
			continue
		}
		r, ok := extraRules[k]
		if !ok {
			r = extraRule{RuleAnnotationChanged, Annotation}
		}
		ov, hasO := o.kw[k]
		nv, hasN := n.kw[k]
		c.diffValue(x, r, slot{ov, hasO, o.where(k)}, slot{nv, hasN, n.where(k)})
	}
	return nil
}

// atRoot reports whether keyword k sits in the root object of whichever side has it.
func atRoot(o, n *schema, k string) bool {
	if n.has(k) {
		return n.at[k] == ""
	}
	return o.at[k] == ""
}

// slot is one side of a plain value comparison.
type slot struct {
	value   any
	present bool
	pointer string
}

// diffValue compares two plain JSON values, descending into objects so that a change to one
// x-enum-descriptions entry points at that entry.
func (c *comparer) diffValue(x context, r extraRule, o, n slot) {
	om, objO := o.value.(map[string]any)
	nm, objN := n.value.(map[string]any)
	switch {
	case o.present && n.present && objO && objN:
		for _, k := range unionKeys(om, nm) {
			ov, hasO := om[k]
			nv, hasN := nm[k]
			c.diffValue(x, r, slot{ov, hasO, o.pointer + "/" + jsonpointer.Escape(k)},
				slot{nv, hasN, n.pointer + "/" + jsonpointer.Escape(k)})
		}
	case !o.present && !n.present:
	case !o.present:
		c.emit(x, n.pointer, r.rule, r.class, "added: %s", show(n.value))
	case !n.present:
		c.emit(x, o.pointer, r.rule, r.class, "removed (was %s)", show(o.value))
	case !equalValues(o.value, n.value):
		c.emit(x, n.pointer, r.rule, r.class, "changed from %s to %s", show(o.value), show(n.value))
	}
}
