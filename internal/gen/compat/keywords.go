package compat

import (
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// compareType reports any difference in the allowed types. Widening and narrowing are both
// breaking: either way the generated Go type of the member changes.
func (c *comparer) compareType(x context, o, n *schema) error {
	ot, err := c.old.typeSet(o)
	if err != nil {
		return err
	}
	nt, err := c.new.typeSet(n)
	if err != nil {
		return err
	}
	if ot == nt {
		return nil
	}
	c.emit(x, pickPointer(o, n, "type"), RuleTypeChanged, Breaking, "type changed from %s to %s", ot, nt)
	return nil
}

// typeSet renders the type keyword as a sorted list, "any" when absent.
func (d *document) typeSet(s *schema) (string, error) {
	raw, ok := s.kw["type"]
	if !ok {
		return "any", nil
	}
	var names []string
	switch t := raw.(type) {
	case string:
		names = []string{t}
	case []any:
		for _, e := range t {
			name, ok := e.(string)
			if !ok {
				return "", d.errorf(s.kwPointer("type"), "type must be a string or an array of strings")
			}
			names = append(names, name)
		}
	default:
		return "", d.errorf(s.kwPointer("type"), "type must be a string or an array of strings")
	}
	sort.Strings(names)
	return strings.Join(dedupe(names), "|"), nil
}

// dedupe drops repeats from a sorted slice.
func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// pickPointer is where a keyword change is reported: in the new document when the keyword is
// there, in the old one when it was removed.
func pickPointer(o, n *schema, k string) string {
	if n.has(k) {
		return n.kwPointer(k)
	}
	return o.kwPointer(k)
}

// compareEnum reports values added to and removed from an enum, one change per value so each
// points at its own element.
func (c *comparer) compareEnum(x context, o, n *schema) error {
	if !o.has("enum") && !n.has("enum") {
		return nil
	}
	if !o.has("enum") {
		c.emit(x, n.kwPointer("enum"), RuleConstraintTightened, Breaking, "enum added: only the listed values are accepted now")
		return nil
	}
	if !n.has("enum") {
		c.emit(x, o.kwPointer("enum"), RuleConstraintRelaxed, widening(x), "enum removed: any value is accepted now%s", memberNote(x))
		return nil
	}
	ov, err := c.old.enumValues(o)
	if err != nil {
		return err
	}
	nv, err := c.new.enumValues(n)
	if err != nil {
		return err
	}
	c.enumDiff(x, o, n, ov, nv)
	return nil
}

// enumDiff emits the per-value changes between two decoded enums.
func (c *comparer) enumDiff(x context, o, n *schema, ov, nv []any) {
	oldSet, newSet := indexValues(ov), indexValues(nv)
	for i, v := range nv {
		if _, ok := oldSet[canonical(v)]; !ok {
			c.emit(x, n.kwPointer("enum")+"/"+strconv.Itoa(i), RuleEnumValueAdded, widening(x),
				"value %s added%s", show(v), memberNote(x))
		}
	}
	for i, v := range ov {
		if _, ok := newSet[canonical(v)]; !ok {
			c.emit(x, o.kwPointer("enum")+"/"+strconv.Itoa(i), RuleEnumValueRemoved, Breaking,
				"value %s removed", show(v))
		}
	}
}

// enumValues checks that enum is an array and returns it.
func (d *document) enumValues(s *schema) ([]any, error) {
	a, ok := s.kw["enum"].([]any)
	if !ok {
		return nil, d.errorf(s.kwPointer("enum"), "enum must be an array")
	}
	return a, nil
}

// indexValues maps each value's canonical form to its first index.
func indexValues(values []any) map[string]int {
	m := make(map[string]int, len(values))
	for i, v := range values {
		if _, ok := m[canonical(v)]; !ok {
			m[canonical(v)] = i
		}
	}
	return m
}

// compareConst reports a const that appears, disappears or changes. A higher root
// contract_version is the one const change that answers breaking changes instead of being one.
func (c *comparer) compareConst(x context, o, n *schema) error {
	ov, hasO := o.kw["const"]
	nv, hasN := n.kw["const"]
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.emit(x, n.kwPointer("const"), RuleConstraintTightened, Breaking, "const %s added", show(nv))
	case !hasN:
		c.emit(x, o.kwPointer("const"), RuleConstraintRelaxed, widening(x), "const removed (was %s)%s", show(ov), memberNote(x))
	case equalValues(ov, nv):
	case x.version != "" && versionRaised(ov, nv):
		c.emit(x, n.kwPointer("const"), RuleContractVersionBumped, Annotation,
			"%s bumped from %s to %s", x.version, show(ov), show(nv))
	default:
		c.emit(x, n.kwPointer("const"), RuleConstChanged, Breaking, "const changed from %s to %s", show(ov), show(nv))
	}
	return nil
}

// versionRaised reports whether both values are integers and the new one is larger.
func versionRaised(ov, nv any) bool {
	a, okA := integerOf(ov)
	b, okB := integerOf(nv)
	return okA && okB && b > a
}

// integerOf reads a JSON number that is an int64.
func integerOf(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

// bound describes a numeric keyword whose larger value accepts fewer instances (lower bounds)
// or more instances (upper bounds).
type bound struct {
	keyword string
	lower   bool
}

// bounds lists the numeric and length limits of 2020-12.
var bounds = []bound{
	{"minimum", true}, {"exclusiveMinimum", true}, {"minLength", true}, {"minItems", true},
	{"minProperties", true}, {"minContains", true},
	{"maximum", false}, {"exclusiveMaximum", false}, {"maxLength", false}, {"maxItems", false},
	{"maxProperties", false}, {"maxContains", false},
}

// compareBounds reports each limit that appears, disappears or moves. Keywords are compared
// one by one, so minimum 0 becoming exclusiveMinimum 0 shows as one relaxed and one tightened.
func (c *comparer) compareBounds(x context, o, n *schema) error {
	for _, b := range bounds {
		if err := c.compareBound(x, o, n, b); err != nil {
			return err
		}
	}
	return nil
}

// compareBound handles one limit keyword.
func (c *comparer) compareBound(x context, o, n *schema, b bound) error {
	if _, flagO := o.kw[b.keyword].(bool); flagO || isBool(n.kw[b.keyword]) {
		return c.compareExclusiveFlag(x, o, n, b.keyword)
	}
	ov, hasO, err := c.old.number(o, b.keyword)
	if err != nil {
		return err
	}
	nv, hasN, err := c.new.number(n, b.keyword)
	if err != nil {
		return err
	}
	k := b.keyword
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.tightened(x, n.kwPointer(k), "%s %s added", k, nv)
	case !hasN:
		c.relaxed(x, o.kwPointer(k), "%s removed (was %s)", k, ov)
	default:
		c.moveBound(x, n.kwPointer(k), b, ov, nv)
	}
	return nil
}

// isBool reports whether v is a JSON boolean.
func isBool(v any) bool {
	_, ok := v.(bool)
	return ok
}

// compareExclusiveFlag compares draft-04's exclusiveMinimum or exclusiveMaximum, a boolean that
// makes minimum or maximum exclude the bound itself: turning it on narrows, turning it off
// widens, and false is the same as absent. A flag on one side and a number on the other (the
// dialect changed) is a constraint change.
func (c *comparer) compareExclusiveFlag(x context, o, n *schema, k string) error {
	flag := func(d *document, s *schema) (on, ok bool, err error) {
		v, has := s.kw[k]
		if !has {
			return false, true, nil
		}
		if b, isFlag := v.(bool); isFlag {
			if d.dialect != load.Draft4 {
				return false, false, d.errorf(s.kwPointer(k), "%s must be a number in %s", k, d.dialect.Title())
			}
			return b, true, nil
		}
		_, _, err = d.number(s, k) // a number beside a flag; anything else is refused as a number
		return false, false, err
	}
	on0, ok0, err := flag(c.old, o)
	if err != nil {
		return err
	}
	on1, ok1, err := flag(c.new, n)
	if err != nil {
		return err
	}
	switch {
	case !ok0 || !ok1:
		c.emit(x, pickPointer(o, n, k), RuleConstraintChanged, Breaking, "%s changed from %s to %s", k, show(o.kw[k]), show(n.kw[k]))
	case !on0 && on1:
		c.tightened(x, n.kwPointer(k), "%s turned on", k)
	case on0 && !on1:
		c.relaxed(x, o.kwPointer(k), "%s turned off", k)
	}
	return nil
}

// moveBound classifies a limit whose value changed.
func (c *comparer) moveBound(x context, pointer string, b bound, ov, nv json.Number) {
	cmp, ok := compareNumbers(ov, nv)
	switch {
	case !ok && ov != nv:
		c.emit(x, pointer, RuleConstraintChanged, Breaking, "%s changed from %s to %s; too large to compare", b.keyword, ov, nv)
	case !ok || cmp == 0:
	case (cmp < 0) == b.lower:
		c.tightened(x, pointer, "%s moved from %s to %s", b.keyword, ov, nv)
	default:
		c.relaxed(x, pointer, "%s moved from %s to %s", b.keyword, ov, nv)
	}
}

// tightened records a narrowing. It is breaking whatever the member's required-ness: an
// instance an old producer was allowed to send may now be refused.
func (c *comparer) tightened(x context, pointer, format string, args ...any) {
	c.emit(x, pointer, RuleConstraintTightened, Breaking, format+memberNote(x), args...)
}

// relaxed records a widening, classed by widening.
func (c *comparer) relaxed(x context, pointer, format string, args ...any) {
	c.emit(x, pointer, RuleConstraintRelaxed, widening(x), format+memberNote(x), args...)
}

// number reads a numeric keyword, refusing other types.
func (d *document) number(s *schema, k string) (json.Number, bool, error) {
	raw, ok := s.kw[k]
	if !ok {
		return "", false, nil
	}
	n, ok := raw.(json.Number)
	if !ok {
		return "", false, d.errorf(s.kwPointer(k), "%s must be a number", k)
	}
	return n, true, nil
}

// compareMultipleOf: a new divisor that is a multiple of the old one accepts a subset, the
// reverse a superset; anything else moves in both directions at once.
func (c *comparer) compareMultipleOf(x context, o, n *schema) error {
	const k = "multipleOf"
	ov, hasO, err := c.old.number(o, k)
	if err != nil {
		return err
	}
	nv, hasN, err := c.new.number(n, k)
	if err != nil {
		return err
	}
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.tightened(x, n.kwPointer(k), "multipleOf %s added", nv)
	case !hasN:
		c.relaxed(x, o.kwPointer(k), "multipleOf removed (was %s)", ov)
	default:
		c.moveMultipleOf(x, n.kwPointer(k), ov, nv)
	}
	return nil
}

// moveMultipleOf classifies a changed divisor.
func (c *comparer) moveMultipleOf(x context, pointer string, ov, nv json.Number) {
	ro, okO := ratOf(ov)
	rn, okN := ratOf(nv)
	switch {
	case okO && okN && ro.Cmp(rn) == 0:
	case okO && okN && divides(ro, rn):
		c.tightened(x, pointer, "multipleOf moved from %s to %s, a multiple of it", ov, nv)
	case okO && okN && divides(rn, ro):
		c.relaxed(x, pointer, "multipleOf moved from %s to %s, a divisor of it", ov, nv)
	case !okO || !okN || ov != nv:
		c.emit(x, pointer, RuleConstraintChanged, Breaking, "multipleOf changed from %s to %s", ov, nv)
	}
}

// divides reports whether b is an integer multiple of a (both non-zero).
func divides(a, b *big.Rat) bool {
	if a.Sign() == 0 || b.Sign() == 0 {
		return false
	}
	return new(big.Rat).Quo(b, a).IsInt()
}

// compareSimpleConstraints covers pattern, uniqueItems and dependentRequired.
func (c *comparer) compareSimpleConstraints(x context, o, n *schema) error {
	c.comparePattern(x, o, n)
	c.compareUniqueItems(x, o, n)
	c.compareOpaque(x, o, n, "dependentRequired")
	return nil
}

// comparePattern: a different regular expression cannot be proven narrower or wider.
func (c *comparer) comparePattern(x context, o, n *schema) {
	ov, hasO := o.kw["pattern"]
	nv, hasN := n.kw["pattern"]
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.tightened(x, n.kwPointer("pattern"), "pattern %s added", show(nv))
	case !hasN:
		c.relaxed(x, o.kwPointer("pattern"), "pattern removed (was %s)", show(ov))
	case !equalValues(ov, nv):
		c.emit(x, n.kwPointer("pattern"), RuleConstraintChanged, Breaking,
			"pattern changed from %s to %s; neither is known to contain the other", show(ov), show(nv))
	}
}

// compareUniqueItems: absent means false, and true accepts fewer arrays.
func (c *comparer) compareUniqueItems(x context, o, n *schema) {
	ov, nv := o.kw["uniqueItems"] == true, n.kw["uniqueItems"] == true
	switch {
	case ov == nv:
		c.compareMalformedUniqueItems(x, o, n)
	case nv:
		c.tightened(x, pickPointer(o, n, "uniqueItems"), "uniqueItems now required")
	default:
		c.relaxed(x, pickPointer(o, n, "uniqueItems"), "uniqueItems no longer required")
	}
}

// compareMalformedUniqueItems still notices a non-boolean uniqueItems that changed.
func (c *comparer) compareMalformedUniqueItems(x context, o, n *schema) {
	_, boolO := o.kw["uniqueItems"].(bool)
	_, boolN := n.kw["uniqueItems"].(bool)
	if (o.has("uniqueItems") && !boolO) || (n.has("uniqueItems") && !boolN) {
		c.compareOpaque(x, o, n, "uniqueItems")
	}
}

// compareOpaque reports any difference in a validation keyword this package does not analyse.
func (c *comparer) compareOpaque(x context, o, n *schema, k string) {
	ov, hasO := o.kw[k]
	nv, hasN := n.kw[k]
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.tightened(x, n.kwPointer(k), "%s added", k)
	case !hasN:
		c.relaxed(x, o.kwPointer(k), "%s removed", k)
	case !equalValues(ov, nv):
		c.emit(x, n.kwPointer(k), RuleConstraintChanged, Breaking, "%s changed from %s to %s", k, show(ov), show(nv))
	}
}
