package compat

import (
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
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

// compareOthers compares every remaining keyword as a value. Keywords unknown to 2020-12 are
// annotations there, so they are annotations here too, as are title, description, examples,
// default, format, deprecated, $comment, $id, $anchor and x-enum-descriptions.
func (c *comparer) compareOthers(x context, o, n *schema) error {
	for _, k := range unionKeys(o.kw, n.kw) {
		if handled[k] || (c.profileKeywords[k] && atRoot(o, n, k)) {
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
		c.diffValue(x, r, Slot{ov, hasO, o.where(k)}, Slot{nv, hasN, n.where(k)})
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

// diffValue compares two plain JSON values, descending into objects so that a change to one
// x-enum-descriptions entry points at that entry.
func (c *comparer) diffValue(x context, r extraRule, o, n Slot) {
	om, objO := o.Value.(map[string]any)
	nm, objN := n.Value.(map[string]any)
	switch {
	case o.Present && n.Present && objO && objN:
		for _, k := range unionKeys(om, nm) {
			ov, hasO := om[k]
			nv, hasN := nm[k]
			c.diffValue(x, r, Slot{ov, hasO, o.Pointer + "/" + jsonpointer.Escape(k)},
				Slot{nv, hasN, n.Pointer + "/" + jsonpointer.Escape(k)})
		}
	case !o.Present && !n.Present:
	case !o.Present:
		c.emit(x, n.Pointer, r.rule, r.class, "added: %s", show(n.Value))
	case !n.Present:
		c.emit(x, o.Pointer, r.rule, r.class, "removed (was %s)", show(o.Value))
	case !equalValues(o.Value, n.Value):
		c.emit(x, n.Pointer, r.rule, r.class, "changed from %s to %s", show(o.Value), show(n.Value))
	}
}
