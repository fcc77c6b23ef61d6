package compat

import (
	"fmt"
	"sort"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// node is a schema position before $ref is followed: its value and its real location.
type node struct {
	value   any
	pointer string
}

// absent stands for a keyword that one side lacks. It means the same as the schema true, but
// has no location of its own: its pointer is where the keyword would be written, and such
// pointers would grow without end along a $ref cycle on the other side.
type absent struct{}

// identity is what visits are remembered by: the real location, or one shared name for every
// absent schema, which has no children and so compares the same wherever it stands.
func (n node) identity() string {
	if _, ok := n.value.(absent); ok {
		return "\x00absent"
	}
	return n.pointer
}

// schema is a node with its $ref chain merged in. In 2020-12 a $ref applies next to its sibling
// keywords; merging lets an inline schema and the same schema moved into $defs compare equal.
// Where a keyword appears at several levels the outermost wins, which is right for the usual
// siblings (description, title) and a fair reading for the rest.
type schema struct {
	pointer string            // location of the node before dereferencing
	kw      map[string]any    // effective keywords
	at      map[string]string // keyword -> pointer of the object that holds it
	never   bool              // the chain ends in the boolean schema false

	// The semantic engine's view (effectiveSem).
	target  string           // the location the $ref chain ended at
	dialect load.Dialect     // the dialect the keywords are read in
	raw     any              // the value before dereferencing
	hasRef  bool             // the chain has a $ref
	multi   map[string]any   // keywords given at several levels with different values
	values  map[string][]any // every value each keyword had along the chain
}

// has reports whether the schema carries keyword k.
func (s *schema) has(k string) bool {
	_, ok := s.kw[k]
	return ok
}

// kwPointer is the location of keyword k in this schema.
func (s *schema) kwPointer(k string) string {
	return s.at[k] + "/" + jsonpointer.Escape(k)
}

// where is the location of keyword k, or where it would be written when the schema lacks it.
func (s *schema) where(k string) string {
	if s.has(k) {
		return s.kwPointer(k)
	}
	return s.pointer + "/" + jsonpointer.Escape(k)
}

// effective follows the $ref chain of n and merges it into one schema.
func (d *document) effective(n node) (*schema, error) {
	s := &schema{pointer: n.pointer, kw: map[string]any{}, at: map[string]string{}}
	seen := map[string]bool{n.pointer: true}
	cur, at := n.value, n.pointer
	for {
		switch v := cur.(type) {
		case bool:
			s.never = s.never || !v
			return s, nil
		case absent:
			return s, nil
		case map[string]any:
			next, nextAt, more, err := d.mergeLevel(s, v, at, seen)
			if err != nil {
				return nil, err
			}
			if !more {
				return s, nil
			}
			cur, at = next, nextAt
		default:
			return nil, d.errorf(at, "a schema must be an object or a boolean")
		}
	}
}

// mergeLevel adds one object's keywords to s and, when the object has a $ref, returns its
// target with more set.
func (d *document) mergeLevel(s *schema, v map[string]any, at string, seen map[string]bool) (any, string, bool, error) {
	for k, val := range v {
		if k == "$ref" || s.has(k) {
			continue
		}
		s.kw[k] = val
		s.at[k] = at
	}
	raw, ok := v["$ref"]
	if !ok {
		return nil, "", false, nil
	}
	ref, ok := raw.(string)
	if !ok {
		return nil, "", false, d.errorf(at+"/$ref", "$ref must be a string")
	}
	target, pointer, err := d.resolve(ref, at+"/$ref")
	if err != nil {
		return nil, "", false, err
	}
	if seen[pointer] {
		return nil, "", false, d.errorf(at+"/$ref", "$ref %q leads back to itself without an intervening schema", ref)
	}
	seen[pointer] = true
	return target, pointer, true, nil
}

// context carries what decides a change's class at the current position.
type context struct {
	required   bool   // the value is always present: the root, or a required member
	applicator string // set inside allOf/anyOf/oneOf/not and friends, where direction is unclear
	version    string // the version member's name when the value is the root's version member, else ""
}

// visitKey identifies one paired visit; real pointers repeat along a $ref cycle, so this set
// both ends cycles and stops shared $defs from being walked more than once per context.
type visitKey struct {
	old, new string
	ctx      context
}

// comparer holds the two documents and the findings.
type comparer struct {
	old, new *document
	profiles []Profile
	// profileKeywords are the root keywords the profiles compare, which the walk leaves to them.
	profileKeywords map[string]bool
	visited         map[visitKey]bool
	changes         map[string]Change // keyed by pointer and rule
}

// newComparer prepares an empty comparison.
func newComparer(od, nd *document, profiles []Profile) *comparer {
	c := &comparer{old: od, new: nd, profiles: profiles, profileKeywords: map[string]bool{},
		visited: map[visitKey]bool{}, changes: map[string]Change{}}
	for _, p := range profiles {
		for _, k := range p.Keywords() {
			c.profileKeywords[k] = true
		}
	}
	return c
}

// run compares the schemas from the root, then lets each profile compare its root keywords.
func (c *comparer) run() error {
	root := context{required: true}
	if err := c.walk(root, node{c.old.root, ""}, node{c.new.root, ""}); err != nil {
		return err
	}
	for _, p := range c.profiles {
		if err := p.Compare(Root{c.old}, Root{c.new}, Differ{c}); err != nil {
			return err
		}
	}
	return nil
}

// emit records a change. Inside an applicator the effect of a change on which instances pass
// can flip (a tightening under not is a relaxation), so anything but an annotation is breaking.
func (c *comparer) emit(x context, pointer, rule string, class Class, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if x.applicator != "" && class != Annotation {
		class = Breaking
		msg += fmt.Sprintf(" (inside %s, so treated as breaking)", x.applicator)
	}
	c.add(Change{Pointer: pointer, Rule: rule, Class: class, Message: msg})
}

// add merges a change with an earlier one at the same pointer and rule, which happens when one
// $defs entry is reached from several places: the most severe class wins, then the first message
// in byte order, so the outcome does not depend on map order.
func (c *comparer) add(ch Change) {
	key := ch.Pointer + "\x00" + ch.Rule
	prev, ok := c.changes[key]
	if ok && (prev.Class.severity() > ch.Class.severity() ||
		(prev.Class == ch.Class && prev.Message <= ch.Message)) {
		return
	}
	c.changes[key] = ch
}

// sorted returns the changes in report order.
func (c *comparer) sorted() []Change {
	out := make([]Change, 0, len(c.changes))
	for _, ch := range c.changes {
		out = append(out, ch)
	}
	sortChanges(out)
	return out
}

// sortChanges orders by pointer, comparing numeric tokens as numbers, then by rule.
func sortChanges(changes []Change) {
	sort.SliceStable(changes, func(i, j int) bool {
		a, b := changes[i], changes[j]
		if a.Pointer != b.Pointer {
			return pointerLess(a.Pointer, b.Pointer)
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// pointerLess compares token by token so that /enum/2 sorts before /enum/10.
func pointerLess(a, b string) bool {
	ta, tb := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if ta[i] == tb[i] {
			continue
		}
		if isIndex(ta[i]) && isIndex(tb[i]) && len(ta[i]) != len(tb[i]) {
			return len(ta[i]) < len(tb[i])
		}
		return ta[i] < tb[i]
	}
	return len(ta) < len(tb)
}

// isIndex reports whether a pointer token is a decimal array index.
func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// walk compares two schema positions once per context.
func (c *comparer) walk(x context, o, n node) error {
	key := visitKey{old: o.identity(), new: n.identity(), ctx: x}
	if c.visited[key] {
		return nil
	}
	c.visited[key] = true
	oldSchema, err := c.old.effective(o)
	if err != nil {
		return err
	}
	newSchema, err := c.new.effective(n)
	if err != nil {
		return err
	}
	return c.compareSchemas(x, oldSchema, newSchema)
}

// compareSchemas runs every keyword comparison on a pair of effective schemas.
func (c *comparer) compareSchemas(x context, o, n *schema) error {
	if o.never || n.never {
		c.compareNever(x, o, n)
		return nil
	}
	if err := refuseUnmodelled(o, c.old, c.old.dialect); err != nil {
		return err
	}
	if err := refuseUnmodelled(n, c.new, c.new.dialect); err != nil {
		return err
	}
	steps := []func(context, *schema, *schema) error{
		c.compareType, c.compareEnum, c.compareConst, c.compareBounds, c.compareMultipleOf,
		c.compareSimpleConstraints, c.compareMembers, c.compareAdditional, c.compareItems,
		c.compareApplicators, c.compareOthers,
	}
	for _, step := range steps {
		if err := step(x, o, n); err != nil {
			return err
		}
	}
	return nil
}

// compareNever handles the boolean schema false on either side.
func (c *comparer) compareNever(x context, o, n *schema) {
	switch {
	case o.never && n.never:
	case n.never:
		c.tightened(x, n.pointer, "schema now rejects every value")
	default:
		c.relaxed(x, n.pointer, "schema no longer rejects every value")
	}
}

// widening is the class of a change that lets producers send more. Consumers of a required
// member must act on every value, so they break; an optional member's consumers already cope
// without the member and can treat a value they do not understand as absent.
func widening(x context) Class {
	if x.required {
		return Breaking
	}
	return Additive
}

// memberNote names the context that decided a widening change's class.
func memberNote(x context) string {
	if x.required {
		return " (required member)"
	}
	return " (optional member)"
}
