package compat

import (
	"strconv"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// Applicators whose value is one schema, an array of schemas, or an object of schemas. items
// and additionalProperties are handled on their own because their effect is well understood.
var (
	singleApplicators = []string{"not", "if", "then", "else", "contains", "propertyNames",
		"unevaluatedItems", "unevaluatedProperties"}
	arrayApplicators = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
	mapApplicators   = []string{"patternProperties", "dependentSchemas"}
)

// compareApplicators walks inside applicators where their shape still lines up, marking the
// context so that anything but an annotation found there is breaking.
func (c *comparer) compareApplicators(x context, o, n *schema) error {
	for _, k := range singleApplicators {
		if err := c.compareSingle(x, o, n, k); err != nil {
			return err
		}
	}
	for _, k := range arrayApplicators {
		if err := c.compareSchemaArray(x, o, n, k); err != nil {
			return err
		}
	}
	for _, k := range mapApplicators {
		if err := c.compareSchemaMap(x, o, n, k); err != nil {
			return err
		}
	}
	if !equalValues(o.kw["$dynamicRef"], n.kw["$dynamicRef"]) {
		// Dynamic references resolve at validation time; their targets cannot be paired here.
		c.emit(x, pickPointer(o, n, "$dynamicRef"), RuleApplicatorChanged, Breaking, "$dynamicRef changed")
	}
	return nil
}

// presence reports an applicator that exists on one side only and says whether to go on.
func (c *comparer) presence(x context, o, n *schema, k string) bool {
	switch {
	case !o.has(k) && !n.has(k):
		return false
	case !o.has(k):
		c.emit(x, n.kwPointer(k), RuleApplicatorChanged, Breaking, "%s added", k)
		return false
	case !n.has(k):
		c.emit(x, o.kwPointer(k), RuleApplicatorChanged, Breaking, "%s removed", k)
		return false
	}
	return true
}

// inside is the context for schemas nested in applicator k.
func inside(x context, k string) context {
	return context{required: x.required, applicator: k}
}

// compareSingle handles an applicator holding one schema.
func (c *comparer) compareSingle(x context, o, n *schema, k string) error {
	if !c.presence(x, o, n, k) {
		return nil
	}
	return c.walk(inside(x, k), node{o.kw[k], o.kwPointer(k)}, node{n.kw[k], n.kwPointer(k)})
}

// compareSchemaArray handles an applicator holding an array of schemas. Branches are paired by
// position only when the count is unchanged: an inserted branch would shift every pairing.
func (c *comparer) compareSchemaArray(x context, o, n *schema, k string) error {
	if !c.presence(x, o, n, k) {
		return nil
	}
	oa, err := c.old.schemaArray(o, k)
	if err != nil {
		return err
	}
	na, err := c.new.schemaArray(n, k)
	if err != nil {
		return err
	}
	if len(oa) != len(na) {
		c.emit(x, n.kwPointer(k), RuleApplicatorChanged, Breaking,
			"%s now has %d schemas instead of %d", k, len(na), len(oa))
		return nil
	}
	for i := range na {
		on := node{oa[i], o.kwPointer(k) + "/" + strconv.Itoa(i)}
		nn := node{na[i], n.kwPointer(k) + "/" + strconv.Itoa(i)}
		if err := c.walk(inside(x, k), on, nn); err != nil {
			return err
		}
	}
	return nil
}

// schemaArray reads an array-valued applicator.
func (d *document) schemaArray(s *schema, k string) ([]any, error) {
	a, ok := s.kw[k].([]any)
	if !ok {
		return nil, d.errorf(s.kwPointer(k), "%s must be an array of schemas", k)
	}
	return a, nil
}

// compareSchemaMap handles an applicator holding an object of schemas, pairing by key.
func (c *comparer) compareSchemaMap(x context, o, n *schema, k string) error {
	if !c.presence(x, o, n, k) {
		return nil
	}
	om, err := c.old.schemaMap(o, k)
	if err != nil {
		return err
	}
	nm, err := c.new.schemaMap(n, k)
	if err != nil {
		return err
	}
	for _, key := range unionKeys(om, nm) {
		ov, hasO := om[key]
		nv, hasN := nm[key]
		op, np := o.kwPointer(k)+"/"+jsonpointer.Escape(key), n.kwPointer(k)+"/"+jsonpointer.Escape(key)
		switch {
		case !hasO:
			c.emit(x, np, RuleApplicatorChanged, Breaking, "%s entry %q added", k, key)
		case !hasN:
			c.emit(x, op, RuleApplicatorChanged, Breaking, "%s entry %q removed", k, key)
		default:
			if err := c.walk(inside(x, k), node{ov, op}, node{nv, np}); err != nil {
				return err
			}
		}
	}
	return nil
}

// schemaMap reads an object-valued applicator.
func (d *document) schemaMap(s *schema, k string) (map[string]any, error) {
	m, ok := s.kw[k].(map[string]any)
	if !ok {
		return nil, d.errorf(s.kwPointer(k), "%s must be an object of schemas", k)
	}
	return m, nil
}

// unionKeys lists the keys of two maps in byte order.
func unionKeys[V any](a, b map[string]V) []string {
	set := make(map[string]bool, len(a)+len(b))
	for k := range a {
		set[k] = true
	}
	for k := range b {
		set[k] = true
	}
	return sortedKeys(set)
}
