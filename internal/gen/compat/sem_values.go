package compat

import (
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// allTypes are the JSON Schema types; integer is a subset of number.
var allTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// typesOf returns the set of types a schema allows, integer included wherever number is.
func (d *document) typesOf(s *schema) (map[string]bool, error) {
	set := map[string]bool{}
	raw, ok := s.get("type")
	if !ok {
		for _, t := range allTypes {
			set[t] = true
		}
		return set, nil
	}
	switch t := raw.(type) {
	case string:
		set[t] = true
	case []any:
		for _, e := range t {
			name, ok := e.(string)
			if !ok {
				return nil, d.errorf(s.kwPointer("type"), "type must be a string or an array of strings")
			}
			set[name] = true
		}
	default:
		return nil, d.errorf(s.kwPointer("type"), "type must be a string or an array of strings")
	}
	if set["number"] {
		set["integer"] = true
	}
	return set, nil
}

// subset reports whether every key of a is in b.
func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// setDir is the direction of replacing set a by set b of allowed things.
func setDir(a, b map[string]bool) dir {
	var d dir
	if !subset(a, b) {
		d |= shrank
	}
	if !subset(b, a) {
		d |= grew
	}
	return d
}

// typeWords renders a type set, "any" for all of them.
func typeWords(set map[string]bool) string {
	if len(set) == len(allTypes) {
		return "any"
	}
	var names []string
	for t := range set {
		if t == "integer" && set["number"] {
			continue
		}
		names = append(names, t)
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

func (c *semantic) compareTypeSem(pol polarity, o, n *schema) error {
	ot, err := c.old.typesOf(o)
	if err != nil {
		return err
	}
	nt, err := c.new.typesOf(n)
	if err != nil {
		return err
	}
	_, _, hasO, errO := c.old.enumOf(o)
	_, _, hasN, errN := c.new.enumOf(n)
	if errO == nil && errN == nil && (hasO || hasN) {
		return c.compareValueSets(pol, o, n, ot, nt)
	}
	if d := setDir(ot, nt); d != 0 {
		c.emit(pol, pickPointer(o, n, "type"), RuleTypeChanged, d, "type changed from %s to %s", typeWords(ot), typeWords(nt))
	}
	return nil
}

// enumOf returns the values a schema's enum and const allow together, with the pointer of each;
// ok is false when neither keyword is there.
func (d *document) enumOf(s *schema) (values []any, pointers []string, ok bool, err error) {
	if raw, has := s.get("enum"); has {
		list, isList := raw.([]any)
		if !isList {
			return nil, nil, false, d.errorf(s.kwPointer("enum"), "enum must be an array")
		}
		for i, v := range list {
			values = append(values, v)
			pointers = append(pointers, s.kwPointer("enum")+"/"+strconv.Itoa(i))
		}
		ok = true
	}
	if cv, has := s.get("const"); has {
		if !ok {
			return []any{cv}, []string{s.kwPointer("const")}, true, nil
		}
		var kept []any
		var keptAt []string
		for i, v := range values {
			if equalValues(v, cv) {
				kept, keptAt = append(kept, v), append(keptAt, pointers[i])
			}
		}
		values, pointers = kept, keptAt
	}
	return values, pointers, ok, nil
}

// compareValueSets compares schemas of which at least one lists its values (enum or const)
// together with type: a value the type does not admit is no value of the schema, and a type
// with finitely many values (null, boolean) can equal an enum, as {"type": "boolean"} equals
// {"enum": [true, false]}.
func (c *semantic) compareValueSets(pol polarity, o, n *schema, ot, nt map[string]bool) error {
	ov, op, hasO, _ := c.old.enumOf(o)
	nv, np, hasN, _ := c.new.enumOf(n)
	ov, op = admitted(ov, op, ot)
	nv, np = admitted(nv, np, nt)
	switch {
	case hasO && hasN:
		return c.enumDiffSem(pol, o, n, ov, op, nv, np)
	case hasO:
		// The new schema admits every value of its types.
		var d dir
		if !finiteWithin(nt, ov) {
			d |= grew
		}
		for _, v := range ov {
			if !anyOfTypes([]any{v}, nt) {
				d |= shrank
			}
		}
		c.emit(pol, enumPointer(o), RuleConstraintRelaxed, d, "%s removed: every %s value is accepted now", enumWord(o), typeWords(nt))
	default:
		var d dir
		if !finiteWithin(ot, nv) {
			d |= shrank
		}
		for _, v := range nv {
			if !anyOfTypes([]any{v}, ot) {
				d |= grew
			}
		}
		c.emit(pol, enumPointer(n), RuleConstraintTightened, d, "%s added: only the listed values are accepted now", enumWord(n))
	}
	return nil
}

// admitted keeps the values of a type in the set.
func admitted(values []any, pointers []string, types map[string]bool) ([]any, []string) {
	var v []any
	var p []string
	for i, x := range values {
		if anyOfTypes([]any{x}, types) {
			v, p = append(v, x), append(p, pointers[i])
		}
	}
	return v, p
}

// finiteWithin reports whether every value of the types is among values: only null and boolean
// have finitely many.
func finiteWithin(types map[string]bool, values []any) bool {
	have := indexValues(values)
	for t := range types {
		switch t {
		case "null":
			if _, ok := have[canonical(nil)]; !ok {
				return false
			}
		case "boolean":
			_, t1 := have[canonical(true)]
			_, f1 := have[canonical(false)]
			if !t1 || !f1 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (c *semantic) compareEnumSem(pol polarity, o, n *schema) error {
	return nil // compared with type in compareValueSets
}

// enumDiffSem reports the values added to and removed from an enum or const.
func (c *semantic) enumDiffSem(pol polarity, o, n *schema, ov []any, op []string, nv []any, np []string) error {
	hasO, hasN := true, true
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.emit(pol, enumPointer(n), RuleConstraintTightened, shrank, "%s added: only the listed values are accepted now", enumWord(n))
	case !hasN:
		c.emit(pol, enumPointer(o), RuleConstraintRelaxed, grew, "%s removed: any value is accepted now", enumWord(o))
	case len(ov) == 1 && len(nv) == 1 && o.has("const") && n.has("const"):
		if !equalValues(ov[0], nv[0]) {
			c.emit(pol, np[0], RuleConstChanged, grew|shrank, "const changed from %s to %s", show(ov[0]), show(nv[0]))
		}
	default:
		oldSet, newSet := indexValues(ov), indexValues(nv)
		for i, v := range nv {
			if _, ok := oldSet[canonical(v)]; !ok {
				c.emit(pol, np[i], RuleEnumValueAdded, grew, "value %s added", show(v))
			}
		}
		for i, v := range ov {
			if _, ok := newSet[canonical(v)]; !ok {
				c.emit(pol, op[i], RuleEnumValueRemoved, shrank, "value %s removed", show(v))
			}
		}
	}
	return nil
}

// enumWord and enumPointer name whichever of enum and const a schema has.
func enumWord(s *schema) string {
	if s.has("enum") {
		return "enum"
	}
	return "const"
}

func enumPointer(s *schema) string { return s.kwPointer(enumWord(s)) }

// limit is a numeric bound: its value, whether it is exclusive, and where it is written.
type limit struct {
	ok      bool
	v       *big.Rat
	raw     json.Number
	excl    bool
	pointer string
	huge    bool // too large to compare exactly
}

// numberBound reads the effective lower (or upper) bound of a schema: minimum with a draft-04
// boolean exclusiveMinimum, or the tighter of minimum and a numeric exclusiveMinimum.
func (d *document) numberBound(s *schema, lower bool) (limit, error) {
	inc, exc := "maximum", "exclusiveMaximum"
	if lower {
		inc, exc = "minimum", "exclusiveMinimum"
	}
	var out limit
	take := func(k string, raw any, excl bool) error {
		n, ok := raw.(json.Number)
		if !ok {
			return d.errorf(s.kwPointer(k), "%s must be a number", k)
		}
		r, ok := ratOf(n)
		cand := limit{ok: true, v: r, raw: n, excl: excl, pointer: s.kwPointer(k), huge: !ok}
		if !out.ok || out.huge || cand.huge || tighter(cand, out, lower) {
			out = cand
		}
		return nil
	}
	if raw, ok := s.get(inc); ok {
		excl := false
		if s.dialect == load.Draft4 {
			excl, _ = s.kw[exc].(bool)
		}
		if err := take(inc, raw, excl); err != nil {
			return out, err
		}
	}
	if raw, ok := s.get(exc); ok && s.dialect != load.Draft4 {
		if err := take(exc, raw, true); err != nil {
			return out, err
		}
	}
	return out, nil
}

// tighter reports whether bound a admits fewer numbers than bound b.
func tighter(a, b limit, lower bool) bool {
	cmp := a.v.Cmp(b.v)
	if !lower {
		cmp = -cmp
	}
	return cmp > 0 || (cmp == 0 && a.excl && !b.excl)
}

func (c *semantic) compareNumberSem(pol polarity, o, n *schema) error {
	for _, lower := range []bool{true, false} {
		ol, err := c.old.numberBound(o, lower)
		if err != nil {
			return err
		}
		nl, err := c.new.numberBound(n, lower)
		if err != nil {
			return err
		}
		word := "upper bound"
		if lower {
			word = "lower bound"
		}
		switch {
		case !ol.ok && !nl.ok:
		case !ol.ok:
			c.emit(pol, nl.pointer, RuleConstraintTightened, shrank, "%s %s added", word, boundWords(nl, lower))
		case !nl.ok:
			c.emit(pol, ol.pointer, RuleConstraintRelaxed, grew, "%s %s removed", word, boundWords(ol, lower))
		case ol.huge || nl.huge:
			if ol.raw != nl.raw || ol.excl != nl.excl {
				c.emit(pol, nl.pointer, RuleConstraintChanged, grew|shrank|undecided, "%s changed from %s to %s; too large to compare", word, boundWords(ol, lower), boundWords(nl, lower))
			}
		case tighter(nl, ol, lower):
			c.emit(pol, nl.pointer, RuleConstraintTightened, shrank, "%s moved from %s to %s", word, boundWords(ol, lower), boundWords(nl, lower))
		case tighter(ol, nl, lower):
			c.emit(pol, nl.pointer, RuleConstraintRelaxed, grew, "%s moved from %s to %s", word, boundWords(ol, lower), boundWords(nl, lower))
		}
	}
	return nil
}

// boundWords renders a bound as a comparison, such as ">= 0" or "< 10".
func boundWords(l limit, lower bool) string {
	op := "<"
	if lower {
		op = ">"
	}
	if !l.excl {
		op += "="
	}
	return op + " " + string(l.raw)
}

// sizeBounds are the length and count limits: the larger a lower one, the fewer instances.
var sizeBounds = []bound{
	{"minLength", true}, {"minItems", true}, {"minProperties", true},
	{"maxLength", false}, {"maxItems", false}, {"maxProperties", false},
}

// sizeType is the instance type each count limit applies to.
var sizeType = map[string]string{
	"minLength": "string", "maxLength": "string", "minItems": "array", "maxItems": "array",
	"minProperties": "object", "maxProperties": "object",
}

func (c *semantic) compareSizeSem(pol polarity, o, n *schema) error {
	types, err := c.typesEither(o, n)
	if err != nil {
		return err
	}
	for _, b := range sizeBounds {
		if !types[sizeType[b.keyword]] {
			continue
		}
		if err := c.compareLimit(pol, o, n, b.keyword, b.lower, "0"); err != nil {
			return err
		}
	}
	return nil
}

// compareLimit compares one count limit; a lower limit equal to its default (zero) is the same
// as none.
func (c *semantic) compareLimit(pol polarity, o, n *schema, k string, lower bool, def json.Number) error {
	read := func(d *document, s *schema) (json.Number, bool, error) {
		raw, ok := s.get(k)
		if !ok {
			if lower {
				return def, true, nil
			}
			return "", false, nil
		}
		v, isNum := raw.(json.Number)
		if !isNum {
			return "", false, d.errorf(s.kwPointer(k), "%s must be a number", k)
		}
		return v, true, nil
	}
	ov, hasO, err := read(c.old, o)
	if err != nil {
		return err
	}
	nv, hasN, err := read(c.new, n)
	if err != nil {
		return err
	}
	p := pickPointer(o, n, k)
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.emit(pol, p, RuleConstraintTightened, shrank, "%s %s added", k, nv)
	case !hasN:
		c.emit(pol, p, RuleConstraintRelaxed, grew, "%s removed (was %s)", k, ov)
	default:
		cmp, ok := compareNumbers(ov, nv)
		switch {
		case !ok && ov != nv:
			c.emit(pol, p, RuleConstraintChanged, grew|shrank|undecided, "%s changed from %s to %s; too large to compare", k, ov, nv)
		case !ok || cmp == 0:
		case (cmp < 0) == lower:
			c.emit(pol, p, RuleConstraintTightened, shrank, "%s moved from %s to %s", k, ov, nv)
		default:
			c.emit(pol, p, RuleConstraintRelaxed, grew, "%s moved from %s to %s", k, ov, nv)
		}
	}
	return nil
}

func (c *semantic) compareMultipleOfSem(pol polarity, o, n *schema) error {
	const k = "multipleOf"
	ovRaw, hasO := o.get(k)
	nvRaw, hasN := n.get(k)
	ov, okO := ovRaw.(json.Number)
	nv, okN := nvRaw.(json.Number)
	if (hasO && !okO) || (hasN && !okN) {
		return c.old.errorf(pickPointer(o, n, k), "multipleOf must be a number")
	}
	p := pickPointer(o, n, k)
	switch {
	case !hasO && !hasN:
	case !hasO:
		c.emit(pol, p, RuleConstraintTightened, shrank, "multipleOf %s added", nv)
	case !hasN:
		c.emit(pol, p, RuleConstraintRelaxed, grew, "multipleOf removed (was %s)", ov)
	default:
		ro, okO := ratOf(ov)
		rn, okN := ratOf(nv)
		switch {
		case okO && okN && ro.Cmp(rn) == 0:
		case okO && okN && divides(ro, rn):
			c.emit(pol, p, RuleConstraintTightened, shrank, "multipleOf moved from %s to %s, a multiple of it", ov, nv)
		case okO && okN && divides(rn, ro):
			c.emit(pol, p, RuleConstraintRelaxed, grew, "multipleOf moved from %s to %s, a divisor of it", ov, nv)
		case !okO || !okN:
			if ov != nv {
				c.emit(pol, p, RuleConstraintChanged, grew|shrank|undecided, "multipleOf changed from %s to %s; too large to compare", ov, nv)
			}
		default:
			c.emit(pol, p, RuleConstraintChanged, grew|shrank, "multipleOf changed from %s to %s; neither divides the other", ov, nv)
		}
	}
	return nil
}

func (c *semantic) comparePatternSem(pol polarity, o, n *schema) error {
	for _, k := range []string{"pattern", "format"} {
		ov, hasO := o.get(k)
		nv, hasN := n.get(k)
		hasO = hasO && constrains(k, o.dialect)
		hasN = hasN && constrains(k, n.dialect)
		p := pickPointer(o, n, k)
		switch {
		case !hasO && !hasN:
		case !hasO:
			c.emit(pol, p, RuleConstraintTightened, shrank, "%s %s added", k, show(nv))
		case !hasN:
			c.emit(pol, p, RuleConstraintRelaxed, grew, "%s removed (was %s)", k, show(ov))
		case !equalValues(ov, nv):
			c.emit(pol, p, RuleConstraintChanged, grew|shrank|undecided,
				"%s changed from %s to %s; whether one contains the other cannot be decided", k, show(ov), show(nv))
		}
	}
	return nil
}

func (c *semantic) compareUniqueSem(pol polarity, o, n *schema) error {
	ov, _ := o.get("uniqueItems")
	nv, _ := n.get("uniqueItems")
	ob, nb := ov == true, nv == true
	switch {
	case ob == nb:
	case nb:
		c.emit(pol, pickPointer(o, n, "uniqueItems"), RuleConstraintTightened, shrank, "uniqueItems now required")
	default:
		c.emit(pol, pickPointer(o, n, "uniqueItems"), RuleConstraintRelaxed, grew, "uniqueItems no longer required")
	}
	return nil
}

// requiredOf reads a schema's required names with the index of each.
func (d *document) requiredOf(s *schema) (map[string]int, error) {
	out := map[string]int{}
	raw, ok := s.get("required")
	if !ok {
		return out, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, d.errorf(s.kwPointer("required"), "required must be an array of strings")
	}
	for i, e := range list {
		name, ok := e.(string)
		if !ok {
			return nil, d.errorf(s.kwPointer("required"), "required must be an array of strings")
		}
		if _, seen := out[name]; !seen {
			out[name] = i
		}
	}
	return out, nil
}

func (c *semantic) compareRequiredSem(pol polarity, o, n *schema) error {
	or, err := c.old.requiredOf(o)
	if err != nil {
		return err
	}
	nr, err := c.new.requiredOf(n)
	if err != nil {
		return err
	}
	for _, name := range sortedKeys(nr) {
		if _, ok := or[name]; !ok {
			c.emit(pol, n.kwPointer("required")+"/"+strconv.Itoa(nr[name]), RuleMemberMadeRequired, shrank,
				"member %q is now required", name)
		}
	}
	for _, name := range sortedKeys(or) {
		if _, ok := nr[name]; !ok {
			c.emit(pol, o.kwPointer("required")+"/"+strconv.Itoa(or[name]), RuleMemberMadeOptional, grew,
				"member %q is no longer required", name)
		}
	}
	return nil
}
