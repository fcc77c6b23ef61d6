package compat

import (
	"encoding/json"
	"regexp"
	"strconv"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// jsonZero is the number 0 as decoded documents hold it.
var jsonZero = json.Number("0")

// escape and itoa spell pointer tokens.
func escape(s string) string { return jsonpointer.Escape(s) }
func itoa(i int) string      { return strconv.Itoa(i) }

// dryRun measures the direction of what f would report at polarity +1, without reporting it.
func (c *semantic) dryRun(f func(sub *semantic) error) (dir, error) {
	sub := &semantic{old: c.old, new: c.new, mode: c.mode, visited: map[semKey]bool{},
		changes: map[string]Change{}, dry: true, reached: map[string]bool{}}
	if err := f(sub); err != nil {
		return 0, err
	}
	return sub.dirs, nil
}

// compareConj compares two conjunctions of schemas (what a member, a dependency or an item
// position must match). Schemas that accept everything are dropped; equal ones pair up; what is
// left pairs in order and is walked; a schema left over on one side only was removed (the
// conjunction grew) or added (it shrank), and is reported at pointer under rule.
func (c *semantic) compareConj(pol polarity, on, nn []node, pointer, rule, what string) error {
	on, nn = c.dedupe(c.old, c.nonTrivial(c.old, on)), c.dedupe(c.new, c.nonTrivial(c.new, nn))
	if len(on) > 1 || len(nn) > 1 {
		var err error
		if on, nn, err = c.pairEqual(pol, on, nn); err != nil {
			return err
		}
	}
	for len(on) > 0 && len(nn) > 0 {
		if _, err := c.walk(pol, on[0], nn[0]); err != nil {
			return err
		}
		on, nn = on[1:], nn[1:]
	}
	if len(on) > 0 {
		c.emit(pol, pointer, rule, grew, "%s: a constraint was removed", what)
	}
	if len(nn) > 0 {
		c.emit(pol, pointer, rule, shrank, "%s: a constraint was added", what)
	}
	return nil
}

// nonTrivial drops the schemas that accept everything.
func (c *semantic) nonTrivial(d *document, list []node) []node {
	var out []node
	for _, n := range list {
		if !d.isTrue(n) {
			out = append(out, n)
		}
	}
	return out
}

// pairEqual walks the pairs of structurally equal schemas (for their annotations) and returns
// the schemas left on each side.
func (c *semantic) pairEqual(pol polarity, on, nn []node) ([]node, []node, error) {
	used := make([]bool, len(on))
	var restN []node
	for _, n := range nn {
		found := -1
		for i, o := range on {
			if !used[i] && sameSchema(c.old, o, c.new, n, map[[2]string]bool{}) {
				found = i
				break
			}
		}
		if found < 0 {
			restN = append(restN, n)
			continue
		}
		used[found] = true
		if _, err := c.walk(pol, on[found], n); err != nil {
			return nil, nil, err
		}
	}
	var restO []node
	for i, o := range on {
		if !used[i] {
			restO = append(restO, o)
		}
	}
	return restO, restN, nil
}

// objectView is what an object schema says about each member name.
type objectView struct {
	props    map[string]any
	propsAt  string
	patterns map[string]any
	patAt    string
	regexps  map[string]*regexp.Regexp
	extra    node // additionalProperties, or unevaluatedProperties where it acts the same
}

// objectOf reads properties, patternProperties and what applies to other members.
func (d *document) objectOf(s *schema, unevaluatedAsExtra bool) (*objectView, error) {
	v := &objectView{props: map[string]any{}, patterns: map[string]any{}, regexps: map[string]*regexp.Regexp{},
		propsAt: s.where("properties"), patAt: s.where("patternProperties")}
	if raw, ok := s.get("properties"); ok {
		m, ok := raw.(map[string]any)
		if !ok {
			return nil, d.errorf(v.propsAt, "properties must be an object")
		}
		v.props = m
	}
	if raw, ok := s.get("patternProperties"); ok {
		m, ok := raw.(map[string]any)
		if !ok {
			return nil, d.errorf(v.patAt, "patternProperties must be an object")
		}
		v.patterns = m
		for p := range m {
			if re, err := regexp.Compile(p); err == nil {
				v.regexps[p] = re
			}
		}
	}
	v.extra = s.child("additionalProperties")
	if _, ok := s.get("additionalProperties"); !ok && unevaluatedAsExtra {
		v.extra = s.child("unevaluatedProperties")
	}
	return v, nil
}

// memberConj lists what member name must match, and whether that could be decided (a pattern
// that Go's regexp cannot read may or may not match it).
func (v *objectView) memberConj(name string) ([]node, bool) {
	var out []node
	decided := true
	p, inProps := v.props[name]
	if inProps {
		out = append(out, node{p, v.propsAt + "/" + escape(name)})
	}
	matched := false
	for _, pat := range sortedKeys(v.patterns) {
		re, ok := v.regexps[pat]
		if !ok {
			decided = false
			continue
		}
		if re.MatchString(name) {
			matched = true
			out = append(out, node{v.patterns[pat], v.patAt + "/" + escape(pat)})
		}
	}
	if !inProps && !matched {
		out = append(out, v.extra)
	}
	return out, decided
}

// unevaluatedActsAsAdditional reports whether, in both schemas, nothing but the schema's own
// keywords evaluates members or items: then unevaluatedProperties is additionalProperties and
// unevaluatedItems is the rest of the items.
func unevaluatedActsAsAdditional(o, n *schema) bool {
	return !inPlace(o) && !inPlace(n)
}

// inPlace reports whether a schema has applicators whose annotations unevaluated* would read.
func inPlace(s *schema) bool {
	if s.hasRef {
		return true
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas",
		"$dynamicRef", "$recursiveRef", "contains"} {
		if _, ok := s.get(k); ok {
			return true
		}
	}
	return false
}

func (c *semantic) compareObjectSem(pol polarity, o, n *schema) error {
	asExtra := unevaluatedActsAsAdditional(o, n)
	ov, err := c.old.objectOf(o, asExtra)
	if err != nil {
		return err
	}
	nv, err := c.new.objectOf(n, asExtra)
	if err != nil {
		return err
	}
	for _, name := range unionKeys(ov.props, nv.props) {
		oc, okO := ov.memberConj(name)
		nc, okN := nv.memberConj(name)
		_, inO := ov.props[name]
		_, inN := nv.props[name]
		if !okO || !okN {
			c.emit(pol, pickMember(ov, nv, name), RuleConstraintChanged, grew|shrank|undecided,
				"member %q: a patternProperties regular expression cannot be read", name)
		}
		switch {
		case inO && inN:
			if err := c.compareConj(pol, oc, nc, nv.propsAt+"/"+escape(name), RuleConstraintChanged, "member "+strconv.Quote(name)); err != nil {
				return err
			}
			// compareConj drops schemas that accept everything; their annotations still count.
			if op, np := oc[0], nc[0]; c.old.isTrue(op) || c.new.isTrue(np) {
				if _, err := c.walk(pol, op, np); err != nil {
					return err
				}
			}
		case inN:
			d, err := c.dryRun(func(s *semantic) error { return s.compareConj(1, oc, nc, "", "", "") })
			if err != nil {
				return err
			}
			c.emit(pol, nv.propsAt+"/"+escape(name), RuleMemberAdded, d, "member %q added to properties", name)
		default:
			d, err := c.dryRun(func(s *semantic) error { return s.compareConj(1, oc, nc, "", "", "") })
			if err != nil {
				return err
			}
			c.emit(pol, ov.propsAt+"/"+escape(name), RuleMemberRemoved, d, "member %q removed from properties", name)
		}
	}
	others := len(ov.patterns)+len(nv.patterns) > 1
	for _, pat := range unionKeys(ov.patterns, nv.patterns) {
		op, hasO := ov.patterns[pat]
		np, hasN := nv.patterns[pat]
		opn, npn := node{op, ov.patAt + "/" + escape(pat)}, node{np, nv.patAt + "/" + escape(pat)}
		switch {
		case hasO && hasN:
			if _, err := c.walk(pol, opn, npn); err != nil {
				return err
			}
		case hasN:
			d, err := c.dryRun(func(s *semantic) error { return s.compareConj(1, []node{ov.extra}, []node{npn}, "", "", "") })
			if err != nil {
				return err
			}
			if others && !c.new.isTrue(npn) {
				d |= shrank
			}
			c.emit(pol, npn.pointer, RulePatternPropertyAdded, d, "patternProperties entry %q added", pat)
		default:
			d, err := c.dryRun(func(s *semantic) error { return s.compareConj(1, []node{opn}, []node{nv.extra}, "", "", "") })
			if err != nil {
				return err
			}
			if others && !c.old.isTrue(opn) {
				d |= grew
			}
			c.emit(pol, opn.pointer, RulePatternPropertyRemoved, d, "patternProperties entry %q removed", pat)
		}
	}
	return c.compareExtra(pol, ov.extra, nv.extra, RuleAdditionalPropertiesOpened, RuleAdditionalPropertiesClosed, "members outside properties and patternProperties")
}

// pickMember is where a member is reported: its new property, or its old one.
func pickMember(ov, nv *objectView, name string) string {
	if _, ok := nv.props[name]; ok {
		return nv.propsAt + "/" + escape(name)
	}
	return ov.propsAt + "/" + escape(name)
}

// compareExtra compares what applies to members (or items) no other keyword names: walked when
// both sides are schemas with constraints, else reported as opened or closed.
func (c *semantic) compareExtra(pol polarity, o, n node, opened, closed, what string) error {
	trivial := func(d *document, x node) bool { return d.isTrue(x) || d.isNever(x) }
	if (c.old.isTrue(o) && c.new.isTrue(n)) || (c.old.isNever(o) && c.new.isNever(n)) {
		_, err := c.walk(pol, o, n) // annotations
		return err
	}
	if !trivial(c.old, o) && !trivial(c.new, n) {
		_, err := c.walk(pol, o, n)
		return err
	}
	d, err := c.relation(o, n)
	if err != nil {
		return err
	}
	p := n.pointer
	if _, ok := n.value.(absent); ok {
		p = o.pointer
	}
	switch d &^ undecided {
	case 0:
		if _, err := c.walk(pol, o, n); err != nil { // annotations
			return err
		}
	case grew:
		c.emit(pol, p, opened, d, "%s are now accepted more freely", what)
	case shrank:
		c.emit(pol, p, closed, d, "%s are now accepted less freely", what)
	default:
		c.emit(pol, p, RuleConstraintChanged, d, "%s are now checked differently", what)
	}
	return nil
}

// dependency is one entry of dependencies, dependentRequired or dependentSchemas.
type dependency struct {
	conj    []node
	pointer string
}

// dependenciesOf reads every dependency of a schema by the member that triggers it; the array
// form becomes the schema {"required": [...]}, so the two forms compare by meaning.
func (d *document) dependenciesOf(s *schema) (map[string]*dependency, error) {
	out := map[string]*dependency{}
	add := func(k string, raw any) error {
		m, ok := raw.(map[string]any)
		if !ok {
			return d.errorf(s.kwPointer(k), "%s must be an object", k)
		}
		for name, v := range m {
			p := s.kwPointer(k) + "/" + escape(name)
			dep := out[name]
			if dep == nil {
				dep = &dependency{pointer: p}
				out[name] = dep
			}
			if list, isList := v.([]any); isList {
				dep.conj = append(dep.conj, node{map[string]any{"required": list}, p})
			} else if k == "dependentRequired" {
				return d.errorf(p, "dependentRequired entries must be arrays of strings")
			} else {
				dep.conj = append(dep.conj, node{v, p})
			}
		}
		return nil
	}
	for _, k := range []string{"dependencies", "dependentRequired", "dependentSchemas"} {
		if raw, ok := s.get(k); ok {
			if err := add(k, raw); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func (c *semantic) compareDependentSem(pol polarity, o, n *schema) error {
	od, err := c.old.dependenciesOf(o)
	if err != nil {
		return err
	}
	nd, err := c.new.dependenciesOf(n)
	if err != nil {
		return err
	}
	for _, name := range unionKeys(od, nd) {
		var oc, nc []node
		p := ""
		if dep := od[name]; dep != nil {
			oc, p = dep.conj, dep.pointer
		}
		if dep := nd[name]; dep != nil {
			nc, p = dep.conj, dep.pointer
		}
		if err := c.compareConj(pol, oc, nc, p, RuleDependencyChanged, "dependency of member "+strconv.Quote(name)); err != nil {
			return err
		}
	}
	return nil
}

func (c *semantic) compareNamesSem(pol polarity, o, n *schema) error {
	_, err := c.walk(pol, o.child("propertyNames"), n.child("propertyNames"))
	return err
}

// arrayOf reads the item schemas by position: the tuple part and what applies after it.
func (d *document) arrayOf(s *schema, unevaluatedAsRest bool) ([]node, node, error) {
	var prefix []node
	var rest node
	tuple := func(k string) error {
		raw, _ := s.get(k)
		list, ok := raw.([]any)
		if !ok {
			return d.errorf(s.kwPointer(k), "%s must be an array of schemas", k)
		}
		for i, v := range list {
			prefix = append(prefix, node{v, s.kwPointer(k) + "/" + itoa(i)})
		}
		return nil
	}
	if s.dialect.ArrayItems() {
		raw, ok := s.get("items")
		switch {
		case !ok:
			rest = node{absent{}, s.where("items")}
		case isArray(raw):
			if err := tuple("items"); err != nil {
				return nil, rest, err
			}
			rest = s.child("additionalItems")
		default:
			rest = s.child("items")
		}
	} else {
		if _, ok := s.get("prefixItems"); ok {
			if err := tuple("prefixItems"); err != nil {
				return nil, rest, err
			}
		}
		rest = s.child("items")
	}
	if _, ok := rest.value.(absent); ok && unevaluatedAsRest {
		rest = s.child("unevaluatedItems")
	}
	return prefix, rest, nil
}

// isArray reports whether a value is a JSON array.
func isArray(v any) bool {
	_, ok := v.([]any)
	return ok
}

func (c *semantic) compareArraySem(pol polarity, o, n *schema) error {
	asRest := unevaluatedActsAsAdditional(o, n)
	op, or, err := c.old.arrayOf(o, asRest)
	if err != nil {
		return err
	}
	np, nr, err := c.new.arrayOf(n, asRest)
	if err != nil {
		return err
	}
	at := func(prefix []node, rest node, i int) node {
		if i < len(prefix) {
			return prefix[i]
		}
		return rest
	}
	for i := 0; i < len(op) || i < len(np); i++ {
		oi, ni := at(op, or, i), at(np, nr, i)
		if i >= len(op) || i >= len(np) {
			d, err := c.relation(oi, ni)
			if err != nil {
				return err
			}
			p := ni.pointer
			if i >= len(np) {
				p = oi.pointer
			}
			c.emit(pol, p, RuleItemsChanged, d, "item %d is now checked by another schema", i)
			continue
		}
		if _, err := c.walk(pol, oi, ni); err != nil {
			return err
		}
	}
	return c.compareExtra(pol, or, nr, RuleItemsChanged, RuleItemsChanged, "items after the tuple")
}

// containsOf reads contains and its counts; active is false when it constrains nothing.
func (d *document) containsOf(s *schema) (active bool, err error) {
	if _, ok := s.get("contains"); !ok {
		return false, nil
	}
	minRaw, hasMin := s.get("minContains")
	_, hasMax := s.get("maxContains")
	if hasMin && !hasMax && equalValues(minRaw, jsonZero) {
		return false, nil
	}
	return true, nil
}

func (c *semantic) compareContainsSem(pol polarity, o, n *schema) error {
	ao, err := c.old.containsOf(o)
	if err != nil {
		return err
	}
	an, err := c.new.containsOf(n)
	if err != nil {
		return err
	}
	switch {
	case !ao && !an:
		return nil
	case !ao:
		c.emit(pol, n.kwPointer("contains"), RuleApplicatorChanged, shrank, "contains added")
		return nil
	case !an:
		c.emit(pol, o.kwPointer("contains"), RuleApplicatorChanged, grew, "contains removed")
		return nil
	}
	inner := pol
	_, maxO := o.get("maxContains")
	_, maxN := n.get("maxContains")
	if maxO || maxN {
		inner = 0 // more matching items can exceed maxContains
	}
	if _, err := c.walk(inner, o.child("contains"), n.child("contains")); err != nil {
		return err
	}
	if err := c.compareLimit(pol, o, n, "minContains", true, "1"); err != nil {
		return err
	}
	return c.compareLimit(pol, o, n, "maxContains", false, "")
}

// branches reads an array applicator.
func (d *document) branches(s *schema, k string) ([]node, bool, error) {
	raw, ok := s.get(k)
	if !ok {
		return nil, false, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, false, d.errorf(s.kwPointer(k), "%s must be an array of schemas", k)
	}
	out := make([]node, len(list))
	for i, v := range list {
		out[i] = node{v, s.kwPointer(k) + "/" + itoa(i)}
	}
	return out, true, nil
}

// dedupe drops branches equal to an earlier one: allOf and anyOf mean the same without them.
func (c *semantic) dedupe(d *document, list []node) []node {
	if len(list) < 2 {
		return list
	}
	var out []node
	for _, n := range list {
		dup := false
		for _, m := range out {
			if sameSchema(d, m, d, n, map[[2]string]bool{}) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, n)
		}
	}
	return out
}

func (c *semantic) compareAllOfSem(pol polarity, o, n *schema) error {
	ob, _, err := c.old.branches(o, "allOf")
	if err != nil {
		return err
	}
	nb, _, err := c.new.branches(n, "allOf")
	if err != nil {
		return err
	}
	return c.compareConj(pol, c.dedupe(c.old, ob), c.dedupe(c.new, nb), pickPointer(o, n, "allOf"), RuleBranchChanged, "allOf")
}

// switched reports a oneOf that became an anyOf (or the reverse) over the same branches.
func (c *semantic) switched(o, n *schema) (from, to string, ok bool, err error) {
	for _, pair := range [][2]string{{"oneOf", "anyOf"}, {"anyOf", "oneOf"}} {
		_, a1 := o.get(pair[0])
		_, a2 := o.get(pair[1])
		_, b1 := n.get(pair[0])
		_, b2 := n.get(pair[1])
		if !(a1 && !a2 && !b1 && b2) {
			continue
		}
		ob, _, err := c.old.branches(o, pair[0])
		if err != nil {
			return "", "", false, err
		}
		nb, _, err := c.new.branches(n, pair[1])
		if err != nil {
			return "", "", false, err
		}
		rest, restN, err := c.pairEqual(1, ob, nb)
		if err != nil {
			return "", "", false, err
		}
		if len(rest) == 0 && len(restN) == 0 {
			return pair[0], pair[1], true, nil
		}
	}
	return "", "", false, nil
}

func (c *semantic) compareAnyOfSem(pol polarity, o, n *schema) error {
	if _, _, ok, err := c.switched(o, n); ok || err != nil {
		return err
	}
	return c.compareDisjunction(pol, o, n, "anyOf", true)
}

// compareDisjunction compares anyOf (or a oneOf whose branches exclude each other): a branch
// added accepts more, one removed accepts less, a changed branch moves the whole its way.
func (c *semantic) compareDisjunction(pol polarity, o, n *schema, k string, dedupe bool) error {
	ob, hasO, err := c.old.branches(o, k)
	if err != nil {
		return err
	}
	nb, hasN, err := c.new.branches(n, k)
	if err != nil {
		return err
	}
	switch {
	case !hasO && !hasN:
		return nil
	case !hasO:
		d := shrank
		if dedupe && c.anyTrue(c.new, nb) { // an anyOf with a branch that accepts everything
			d = 0
		}
		c.emit(pol, n.kwPointer(k), RuleApplicatorChanged, d, "%s added", k)
		return nil
	case !hasN:
		d := grew
		if dedupe && c.anyTrue(c.old, ob) {
			d = 0
		}
		c.emit(pol, o.kwPointer(k), RuleApplicatorChanged, d, "%s removed", k)
		return nil
	}
	if dedupe {
		ob, nb = c.dedupe(c.old, ob), c.dedupe(c.new, nb)
	}
	ob, nb, err = c.pairEqual(pol, ob, nb)
	if err != nil {
		return err
	}
	for len(ob) > 0 && len(nb) > 0 {
		if _, err := c.walk(pol, ob[0], nb[0]); err != nil {
			return err
		}
		ob, nb = ob[1:], nb[1:]
	}
	for _, b := range ob {
		if !c.old.isNever(b) {
			c.emit(pol, b.pointer, RuleBranchRemoved, shrank, "%s branch removed", k)
		}
	}
	for _, b := range nb {
		if !c.new.isNever(b) {
			c.emit(pol, b.pointer, RuleBranchAdded, grew, "%s branch added", k)
		}
	}
	return nil
}

// anyTrue reports whether some branch accepts everything.
func (c *semantic) anyTrue(d *document, list []node) bool {
	for _, b := range list {
		if d.isTrue(b) {
			return true
		}
	}
	return false
}

func (c *semantic) compareOneOfSem(pol polarity, o, n *schema) error {
	if from, to, ok, err := c.switched(o, n); err != nil {
		return err
	} else if ok {
		branches, _, err := c.old.branches(o, from)
		if err != nil {
			return err
		}
		if c.pairwiseDisjoint(c.old, branches) {
			c.emit(pol, n.kwPointer(to), RuleApplicatorChanged, 0, "%s became %s; its branches exclude each other, so nothing changes", from, to)
			return nil
		}
		d := grew
		if from == "anyOf" {
			d = shrank
		}
		c.emit(pol, n.kwPointer(to), RuleApplicatorChanged, d, "%s became %s over the same branches", from, to)
		return nil
	}
	ob, hasO, err := c.old.branches(o, "oneOf")
	if err != nil {
		return err
	}
	nb, hasN, err := c.new.branches(n, "oneOf")
	if err != nil {
		return err
	}
	if !hasO || !hasN || (c.pairwiseDisjoint(c.old, ob) && c.pairwiseDisjoint(c.new, nb)) {
		return c.compareDisjunction(pol, o, n, "oneOf", false)
	}
	ob, nb, err = c.pairEqual(pol, ob, nb)
	if err != nil {
		return err
	}
	for len(ob) > 0 && len(nb) > 0 {
		if _, err := c.walk(0, ob[0], nb[0]); err != nil {
			return err
		}
		ob, nb = ob[1:], nb[1:]
	}
	for _, b := range ob {
		c.emit(pol, b.pointer, RuleBranchRemoved, grew|shrank, "oneOf branch removed; the branches may overlap, so instances matching two of them change too")
	}
	for _, b := range nb {
		c.emit(pol, b.pointer, RuleBranchAdded, grew|shrank, "oneOf branch added; the branches may overlap, so instances matching two of them change too")
	}
	return nil
}

// pairwiseDisjoint reports whether no two branches can both match one instance.
func (c *semantic) pairwiseDisjoint(d *document, list []node) bool {
	for i := range list {
		for j := i + 1; j < len(list); j++ {
			if !d.disjoint(list[i], list[j], 4) {
				return false
			}
		}
	}
	return true
}

func (c *semantic) compareNotSem(pol polarity, o, n *schema) error {
	_, hasO := o.get("not")
	_, hasN := n.get("not")
	switch {
	case !hasO && !hasN:
	case !hasO:
		if !c.new.isNever(n.child("not")) {
			c.emit(pol, n.kwPointer("not"), RuleApplicatorChanged, shrank, "not added")
		}
	case !hasN:
		if !c.old.isNever(o.child("not")) {
			c.emit(pol, o.kwPointer("not"), RuleApplicatorChanged, grew, "not removed")
		}
	default:
		_, err := c.walk(-pol, o.child("not"), n.child("not"))
		return err
	}
	return nil
}

func (c *semantic) compareConditionalSem(pol polarity, o, n *schema) error {
	active := func(s *schema) bool {
		_, i := s.get("if")
		_, t := s.get("then")
		_, e := s.get("else")
		return i && (t || e)
	}
	ao, an := active(o), active(n)
	switch {
	case !ao && !an:
		return nil
	case !ao:
		c.emit(pol, n.kwPointer("if"), RuleApplicatorChanged, shrank, "if/then/else added")
		return nil
	case !an:
		c.emit(pol, o.kwPointer("if"), RuleApplicatorChanged, grew, "if/then/else removed")
		return nil
	}
	if !sameSchema(c.old, o.child("if"), c.new, n.child("if"), map[[2]string]bool{}) {
		// Which branch applies to an instance changes: no direction can be told.
		c.emit(pol, n.kwPointer("if"), RuleApplicatorChanged, grew|shrank|undecided, "the if condition changed")
	}
	if _, err := c.walk(pol, o.child("if"), n.child("if")); err != nil {
		return err
	}
	if _, err := c.walk(pol, o.child("then"), n.child("then")); err != nil {
		return err
	}
	_, err := c.walk(pol, o.child("else"), n.child("else"))
	return err
}

func (c *semantic) compareDynamicSem(pol polarity, o, n *schema) error {
	for _, k := range []string{"$dynamicRef", "$recursiveRef"} {
		ov, hasO := o.get(k)
		nv, hasN := n.get(k)
		switch {
		case !hasO && !hasN:
			continue
		case !hasO || !hasN || !equalValues(ov, nv):
			c.emit(pol, pickPointer(o, n, k), RuleApplicatorChanged, grew|shrank|undecided,
				"%s changed; its target depends on the dynamic scope", k)
			continue
		}
		ref, ok := ov.(string)
		if !ok {
			return c.old.errorf(o.kwPointer(k), "%s must be a string", k)
		}
		ot, op, err := c.old.resolve(ref, o.kwPointer(k))
		if err != nil {
			return err
		}
		nt, np, err := c.new.resolve(ref, n.kwPointer(k))
		if err != nil {
			return err
		}
		if _, err := c.walk(pol, node{ot, op}, node{nt, np}); err != nil {
			return err
		}
	}
	return nil
}

func (c *semantic) compareAnnotationsSem(pol polarity, o, n *schema) error {
	for _, k := range unionKeys(o.kw, n.kw) {
		if constrains(k, o.dialect) || constrains(k, n.dialect) || k == "$defs" || k == "definitions" {
			continue
		}
		ov, hasO := o.kw[k]
		nv, hasN := n.kw[k]
		rule := RuleAnnotationChanged
		if k == "$schema" || k == "$vocabulary" {
			rule = RuleDialectChanged
		}
		switch {
		case !hasO:
			c.emit(pol, n.kwPointer(k), rule, 0, "%s added: %s", k, show(nv))
		case !hasN:
			c.emit(pol, o.kwPointer(k), rule, 0, "%s removed (was %s)", k, show(ov))
		case !equalValues(ov, nv):
			c.emit(pol, n.kwPointer(k), rule, 0, "%s changed from %s to %s", k, show(ov), show(nv))
		}
	}
	return nil
}

// compareUnevaluatedSem compares unevaluatedProperties and unevaluatedItems where they do not act
// as additionalProperties or the rest of the items. Which members or items they apply to
// depends on every applicator beside them, so any other change in the schema makes their effect
// undecided.
func (c *semantic) compareUnevaluatedSem(pol polarity, o, n *schema, changedBeside bool) error {
	if unevaluatedActsAsAdditional(o, n) {
		return nil
	}
	_, po := o.get("unevaluatedProperties")
	_, pn := n.get("unevaluatedProperties")
	_, io := o.get("unevaluatedItems")
	_, in := n.get("unevaluatedItems")
	if !po && !pn && !io && !in {
		return nil
	}
	// A member or item that is now evaluated by a schema accepting it changes nothing else, but
	// changes what unevaluated* sees: compare structure, not only findings.
	changedBeside = changedBeside || !sameExcept(c.old, o, c.new, n, "unevaluatedProperties", "unevaluatedItems")
	for _, k := range []string{"unevaluatedProperties", "unevaluatedItems"} {
		_, hasO := o.get(k)
		_, hasN := n.get(k)
		if !hasO && !hasN {
			continue
		}
		on, nn := o.child(k), n.child(k)
		if changedBeside && !(c.old.isTrue(on) && c.new.isTrue(nn)) {
			c.emit(pol, pickPointer(o, n, k), RuleApplicatorChanged, grew|shrank|undecided,
				"other keywords of this schema changed, which changes what %s applies to", k)
		}
		if _, err := c.walk(pol, on, nn); err != nil {
			return err
		}
	}
	return nil
}
