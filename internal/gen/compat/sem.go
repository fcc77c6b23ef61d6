package compat

import (
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// dir is what a change does to the set of instances a schema accepts, as a set of bits: grew (an
// instance the old schema rejected may now be accepted), shrank (one it accepted may now be
// rejected), undecided (compat cannot tell, which is reported as such and counts as both).
// A change without bits changes no instance's validity.
type dir uint8

const (
	grew dir = 1 << iota
	shrank
	undecided
)

// flip swaps growing and shrinking: what a change under "not" does to the whole.
func (d dir) flip() dir {
	r := d & undecided
	if d&grew != 0 {
		r |= shrank
	}
	if d&shrank != 0 {
		r |= grew
	}
	return r
}

// polarity is how the whole document responds to a change at the current position: +1 in the
// same direction, -1 in the opposite one (under "not"), 0 in no direction that can be told
// (the condition of "if", overlapping "oneOf" branches).
type polarity int8

// apply maps a local direction to the document's.
func (p polarity) apply(d dir) dir {
	switch {
	case d == 0:
		return 0
	case p > 0:
		return d
	case p < 0:
		return d.flip()
	}
	return grew | shrank | undecided
}

// semKey identifies one paired visit: the locations both sides reached after their $ref chains,
// and the polarity, so that recursion ends and a shared definition is compared once per polarity.
type semKey struct {
	old, new string
	pol      polarity
}

// semantic compares two documents by meaning: for every difference it decides whether the set of
// valid instances grew, shrank, both, or cannot be told, and classifies that under a mode.
type semantic struct {
	old, new *document
	mode     Mode
	// visited holds finished and running visits; a running visit counts as unchanged, which is
	// what ends a $ref cycle (its changes are found by the visit that is running).
	visited map[semKey]bool
	changes map[string]Change
	// dry is set while measuring a relation without reporting it (see relation).
	dry bool
	// dirs collects the directions found while dry.
	dirs dir
	// reached are the old document's locations some visit reached, so that definitions no visit
	// reached can be told apart from moved ones.
	reached map[string]bool
}

// newSemantic prepares a comparison under mode.
func newSemantic(od, nd *document, mode Mode) *semantic {
	return &semantic{old: od, new: nd, mode: mode, visited: map[semKey]bool{},
		changes: map[string]Change{}, reached: map[string]bool{}}
}

// run compares the roots, then the root's definitions that both documents keep under the same
// name: a document that is a library of definitions is used through them.
func (c *semantic) run() error {
	if _, err := c.walk(1, node{c.old.root, ""}, node{c.new.root, ""}); err != nil {
		return err
	}
	om, _ := c.old.root.(map[string]any)
	nm, _ := c.new.root.(map[string]any)
	for _, k := range []string{"$defs", "definitions"} {
		od, _ := om[k].(map[string]any)
		nd, _ := nm[k].(map[string]any)
		for _, name := range sortedKeys(od) {
			p := "/" + jsonpointer.Escape(k) + "/" + jsonpointer.Escape(name)
			nv, ok := nd[name]
			if !ok {
				if !c.reached[p] {
					c.emit(1, p, RuleDefinitionRemoved, 0,
						"definition %q removed; no reference in this document reached it, but references from other documents no longer resolve", name)
				}
				continue
			}
			if _, err := c.walk(1, node{od[name], p}, node{nv, p}); err != nil {
				return err
			}
		}
	}
	return nil
}

// emit records a change whose local direction is d at polarity pol.
func (c *semantic) emit(pol polarity, pointer, rule string, d dir, format string, args ...any) {
	d = pol.apply(d)
	if c.dry {
		c.dirs |= d
		return
	}
	class, why := classify(c.mode, d)
	msg := fmt.Sprintf(format, args...)
	if class == Breaking {
		msg += ": " + why
	}
	ch := Change{Pointer: pointer, Rule: rule, Class: class, Message: msg, Direction: directionName(d)}
	key := ch.Pointer + "\x00" + ch.Rule
	if prev, ok := c.changes[key]; ok {
		merged := dirOf(prev.Direction) | d
		if merged == dirOf(prev.Direction) {
			return
		}
		ch.Direction = directionName(merged)
		ch.Class, why = classify(c.mode, merged)
		ch.Message = fmt.Sprintf(format, args...)
		if ch.Class == Breaking {
			ch.Message += ": " + why
		}
	}
	c.changes[key] = ch
}

// dirOf reads a direction back from its name.
func dirOf(name string) dir {
	switch name {
	case "widened":
		return grew
	case "narrowed":
		return shrank
	case "both":
		return grew | shrank
	case "undecided":
		return grew | shrank | undecided
	}
	return 0
}

// sorted returns the changes in report order.
func (c *semantic) sorted() []Change {
	out := make([]Change, 0, len(c.changes))
	for _, ch := range c.changes {
		out = append(out, ch)
	}
	sortChanges(out)
	return out
}

// relation measures the direction of replacing o by n at polarity +1 without reporting it.
func (c *semantic) relation(o, n node) (dir, error) {
	if (c.old.isTrue(o) && c.new.isTrue(n)) || (c.old.isNever(o) && c.new.isNever(n)) {
		return 0, nil
	}
	sub := &semantic{old: c.old, new: c.new, mode: c.mode, visited: map[semKey]bool{},
		changes: map[string]Change{}, dry: true, reached: map[string]bool{}}
	if _, err := sub.walk(1, o, n); err != nil {
		return 0, err
	}
	return sub.dirs, nil
}

// walk compares two schema positions once per polarity and reports whether anything but an
// annotation differs below them.
func (c *semantic) walk(pol polarity, o, n node) (bool, error) {
	os, err := c.old.effectiveSem(o)
	if err != nil {
		return false, err
	}
	ns, err := c.new.effectiveSem(n)
	if err != nil {
		return false, err
	}
	c.reached[os.target] = true
	// Keyed by where each walk starts: the annotations beside a $ref belong to that place, and
	// the schemas below are keyed by their own locations, so a shared definition is still
	// compared once.
	key := semKey{o.identity(), n.identity(), pol}
	if done, ok := c.visited[key]; ok {
		return done, nil
	}
	c.visited[key] = false
	before := c.count()
	if err := c.compare(pol, os, ns); err != nil {
		return false, err
	}
	changed := c.count() != before
	c.visited[key] = changed
	return changed, nil
}

// count is a measure of the findings so far that changes whenever a finding with a direction is
// added or grows.
func (c *semantic) count() int {
	if c.dry {
		return int(c.dirs)
	}
	n := 0
	for _, ch := range c.changes {
		if ch.Direction != "none" {
			n += 1 + int(dirOf(ch.Direction))
		}
	}
	return n
}

// compare runs every keyword group on a pair of effective schemas.
func (c *semantic) compare(pol polarity, o, n *schema) error {
	if o.never || n.never {
		switch {
		case o.never && n.never:
		case n.never:
			c.emit(pol, n.pointer, RuleConstraintTightened, shrank, "schema now rejects every value")
		default:
			c.emit(pol, n.pointer, RuleConstraintRelaxed, grew, "schema no longer rejects every value")
		}
		return nil
	}
	if len(o.kw) == 0 && len(n.kw) == 0 {
		return nil
	}
	if err := c.checkModelled(o, c.old); err != nil {
		return err
	}
	if err := c.checkModelled(n, c.new); err != nil {
		return err
	}
	for _, k := range unionKeys(o.multi, n.multi) {
		if !equalValues(o.values[k], n.values[k]) {
			c.emit(pol, pickPointer(o, n, k), RuleConstraintChanged, grew|shrank|undecided,
				"%s is given at several levels of a $ref chain and changed", k)
		}
	}
	types, err := c.typesEither(o, n)
	if err != nil {
		return err
	}
	steps := []struct {
		only string // the instance type the step's keywords apply to, "" for every type
		run  func(polarity, *schema, *schema) error
	}{
		{"", c.compareTypeSem}, {"", c.compareEnumSem}, {"number", c.compareNumberSem},
		{"", c.compareSizeSem}, {"number", c.compareMultipleOfSem}, {"string", c.comparePatternSem},
		{"array", c.compareUniqueSem}, {"object", c.compareRequiredSem}, {"object", c.compareObjectSem},
		{"object", c.compareDependentSem}, {"object", c.compareNamesSem}, {"array", c.compareArraySem},
		{"array", c.compareContainsSem}, {"", c.compareAllOfSem}, {"", c.compareAnyOfSem},
		{"", c.compareOneOfSem}, {"", c.compareNotSem}, {"", c.compareConditionalSem},
		{"", c.compareDynamicSem}, {"", c.compareAnnotationsSem},
	}
	before := c.count()
	for _, step := range steps {
		// Keywords for a type that neither version's type keyword admits constrain no instance
		// either version accepts.
		if step.only != "" && !types[step.only] {
			continue
		}
		if err := step.run(pol, o, n); err != nil {
			return err
		}
	}
	return c.compareUnevaluatedSem(pol, o, n, c.count() != before)
}

// checkModelled refuses a keyword whose meaning in the schema's dialect compat does not model.
func (c *semantic) checkModelled(s *schema, d *document) error {
	return refuseUnmodelled(s, d, s.dialect)
}

// get returns keyword k when it means something in the schema's dialect: a keyword the dialect
// does not define is ignored there, as the specification says.
func (s *schema) get(k string) (any, bool) {
	v, ok := s.kw[k]
	if !ok {
		return nil, false
	}
	if _, known := meaning(k, s.dialect); !known {
		return nil, false
	}
	return v, true
}

// child is the node of schema-valued keyword k, or an absent schema where it is missing.
func (s *schema) child(k string) node {
	if v, ok := s.get(k); ok {
		return node{v, s.kwPointer(k)}
	}
	return node{absent{}, s.where(k)}
}

// effectiveSem follows the $ref chain of n as the dialect says: in draft-07 and earlier a $ref
// makes its siblings ignored, later it applies beside them, and the chain is merged. A keyword
// given at several levels with different values is marked in multi, and the keywords that act
// together (the object and array groups) are marked when they come from different levels, since
// the merge would misread them.
func (d *document) effectiveSem(n node) (*schema, error) {
	if _, ok := n.value.(map[string]any); ok {
		if s, ok := d.effective2[n.pointer]; ok {
			return s, nil
		}
		s, err := d.computeEffective(n)
		if err == nil {
			if d.effective2 == nil {
				d.effective2 = map[string]*schema{}
			}
			d.effective2[n.pointer] = s
		}
		return s, err
	}
	return d.computeEffective(n)
}

// computeEffective is effectiveSem without its cache.
func (d *document) computeEffective(n node) (*schema, error) {
	s := &schema{pointer: n.pointer, kw: map[string]any{}, at: map[string]string{},
		target: n.identity(), dialect: d.dialectAt(n.pointer), raw: n.value}
	seen := map[string]bool{n.pointer: true}
	levelOf := map[string]int{}
	cur, at := n.value, n.pointer
	for level := 0; ; level++ {
		s.target = at
		if _, ok := cur.(absent); ok {
			s.target = n.identity()
		}
		dl := d.dialectAt(at)
		switch v := cur.(type) {
		case bool:
			s.never = s.never || !v
			s.dialect = dl
			return s, nil
		case absent:
			return s, nil
		case map[string]any:
			_, hasRef := v["$ref"]
			if hasRef && dl.RefOverrides() {
				// The siblings of $ref are ignored for validation; their annotations are kept
				// so that a changed description is still reported.
				notes := map[string]any{}
				for k, val := range v {
					if k != "$ref" && !constrains(k, dl) {
						notes[k] = val
					}
				}
				d.mergeSem(s, notes, at, level, levelOf, dl)
			} else {
				d.mergeSem(s, v, at, level, levelOf, dl)
				s.dialect = dl
			}
			if !hasRef {
				s.markGroups(levelOf)
				return s, nil
			}
			ref, ok := v["$ref"].(string)
			if !ok {
				return nil, d.errorf(at+"/$ref", "$ref must be a string")
			}
			target, pointer, err := d.resolve(ref, at+"/$ref")
			if err != nil {
				return nil, err
			}
			if seen[pointer] {
				return nil, d.errorf(at+"/$ref", "$ref %q leads back to itself without an intervening schema", ref)
			}
			seen[pointer] = true
			s.hasRef = true
			cur, at = target, pointer
		default:
			return nil, d.errorf(at, "a schema must be an object or a boolean")
		}
	}
}

// mergeSem adds one level's keywords, remembering every value a keyword had.
func (d *document) mergeSem(s *schema, v map[string]any, at string, level int, levelOf map[string]int, dl load.Dialect) {
	for _, k := range sortedKeys(v) {
		if k == "$ref" {
			continue
		}
		val := v[k]
		if level > 0 {
			// Only a chain of several levels can give a keyword twice.
			if s.values == nil {
				s.values = map[string][]any{}
				for pk, pv := range s.kw {
					s.values[pk] = []any{pv}
				}
			}
			s.values[k] = append(s.values[k], val)
		}
		if prev, ok := s.kw[k]; ok {
			// An annotation given twice keeps its outermost value; only constraints conflict.
			if constrains(k, dl) && !equalValues(prev, val) {
				if s.multi == nil {
					s.multi = map[string]any{}
				}
				s.multi[k] = true
			}
			continue
		}
		s.kw[k] = val
		s.at[k] = at
		levelOf[k] = level
	}
}

// interacting are the keyword sets whose meaning depends on each other within one schema object.
var interacting = [][]string{
	{"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"},
	{"items", "prefixItems", "additionalItems", "unevaluatedItems", "contains"},
	{"contains", "minContains", "maxContains"},
	{"if", "then", "else"},
}

// markGroups marks interacting keywords that came from different levels of a $ref chain.
func (s *schema) markGroups(levelOf map[string]int) {
	for _, g := range interacting {
		first := -1
		split := false
		for _, k := range g {
			if l, ok := levelOf[k]; ok {
				if first >= 0 && l != first {
					split = true
				}
				first = l
			}
		}
		if !split {
			continue
		}
		for _, k := range g {
			if _, ok := s.kw[k]; ok {
				if s.multi == nil {
					s.multi = map[string]any{}
				}
				s.multi[k] = true
				s.values[k] = append(s.values[k], "level")
			}
		}
	}
}

// dialectAt is the dialect of the schema at pointer.
func (d *document) dialectAt(pointer string) load.Dialect {
	if d.set != nil {
		return d.setDialectAt(pointer)
	}
	return d.dialect
}

// typesEither is the set of types either schema's type keyword admits (integer counted as number).
func (c *semantic) typesEither(o, n *schema) (map[string]bool, error) {
	ot, err := c.old.typesOf(o)
	if err != nil {
		return nil, err
	}
	nt, err := c.new.typesOf(n)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, set := range []map[string]bool{ot, nt} {
		for t := range set {
			if t == "integer" {
				t = "number"
			}
			out[t] = true
		}
	}
	return out, nil
}
