package compat

import (
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// members is one object schema's view of its members: properties and required together.
type members struct {
	props    map[string]any
	required map[string]int // name -> index in the required array
	propsAt  string         // pointer of the properties keyword
	reqAt    string         // pointer of the required keyword
}

// members reads properties and required, refusing malformed ones.
func (d *document) members(s *schema) (*members, error) {
	m := &members{props: map[string]any{}, required: map[string]int{},
		propsAt: s.where("properties"), reqAt: s.where("required")}
	if raw, ok := s.kw["properties"]; ok {
		props, ok := raw.(map[string]any)
		if !ok {
			return nil, d.errorf(m.propsAt, "properties must be an object")
		}
		m.props = props
	}
	if raw, ok := s.kw["required"]; ok {
		if err := d.readRequired(m, raw); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// readRequired fills m.required from the required keyword's value.
func (d *document) readRequired(m *members, raw any) error {
	list, ok := raw.([]any)
	if !ok {
		return d.errorf(m.reqAt, "required must be an array of strings")
	}
	for i, e := range list {
		name, ok := e.(string)
		if !ok {
			return d.errorf(fmt.Sprintf("%s/%d", m.reqAt, i), "required must be an array of strings")
		}
		if _, seen := m.required[name]; !seen {
			m.required[name] = i
		}
	}
	return nil
}

// exists reports whether the object speaks of name at all: as a property or as required.
func (m *members) exists(name string) bool {
	_, p := m.props[name]
	_, r := m.required[name]
	return p || r
}

// isRequired reports whether name is listed in required.
func (m *members) isRequired(name string) bool {
	_, r := m.required[name]
	return r
}

// pointer locates a member: its property schema, or its entry in required when it has none.
func (m *members) pointer(name string) string {
	if _, ok := m.props[name]; ok {
		return m.propsAt + "/" + jsonpointer.Escape(name)
	}
	return fmt.Sprintf("%s/%d", m.reqAt, m.required[name])
}

// node returns a member's schema position; a required name without a property is an absent
// schema, placed where its property would be.
func (m *members) node(name string) node {
	if v, ok := m.props[name]; ok {
		return node{v, m.pointer(name)}
	}
	return node{absent{}, m.propsAt + "/" + jsonpointer.Escape(name)}
}

// names lists every member either side speaks of, in byte order.
func names(a, b *members) []string {
	set := map[string]bool{}
	for _, m := range []*members{a, b} {
		for k := range m.props {
			set[k] = true
		}
		for k := range m.required {
			set[k] = true
		}
	}
	return sortedKeys(set)
}

// compareMembers walks members both sides have and reports the rest as added, removed or
// renamed.
func (c *comparer) compareMembers(x context, o, n *schema) error {
	om, err := c.old.members(o)
	if err != nil {
		return err
	}
	nm, err := c.new.members(n)
	if err != nil {
		return err
	}
	var added, removed []string
	for _, name := range names(om, nm) {
		switch {
		case !om.exists(name):
			added = append(added, name)
		case !nm.exists(name):
			removed = append(removed, name)
		default:
			if err := c.compareMember(x, o, om, nm, name); err != nil {
				return err
			}
		}
	}
	return c.addedAndRemoved(x, om, nm, added, removed)
}

// compareMember compares one member present on both sides.
func (c *comparer) compareMember(x context, o *schema, om, nm *members, name string) error {
	or, nr := om.isRequired(name), nm.isRequired(name)
	child := context{
		// A change is judged by the stricter of the two sides; a change of required-ness
		// itself is reported below.
		required:   or || nr,
		applicator: x.applicator,
		version:    c.versionMember(o, name),
	}
	if err := c.walk(child, om.node(name), nm.node(name)); err != nil {
		return err
	}
	switch {
	case !or && nr:
		c.emit(x, nm.pointer(name), RuleMemberMadeRequired, Breaking,
			"member %q is now required; instances from older producers may lack it", name)
	case or && !nr:
		c.emit(x, nm.pointer(name), RuleMemberMadeOptional, Breaking,
			"member %q is no longer required; consumers relying on it may not find it", name)
	}
	return nil
}

// versionMember returns name when the member is the root's version member (the profile's version
// member, as either document's x-catalog names it), else "".
func (c *comparer) versionMember(o *schema, name string) string {
	if o.pointer == "" && (name == c.old.versionMember || name == c.new.versionMember) {
		return name
	}
	return ""
}

// addedAndRemoved pairs renames first, then reports what is left.
func (c *comparer) addedAndRemoved(x context, om, nm *members, added, removed []string) error {
	renames, err := c.pairRenames(om, nm, added, removed)
	if err != nil {
		return err
	}
	for _, name := range added {
		if from, ok := renames[name]; ok {
			c.emit(x, nm.pointer(name), RuleMemberRenamed, Breaking,
				"member %q renamed to %q (same schema and required-ness)", from, name)
			continue
		}
		c.reportAdded(x, nm, name)
	}
	paired := map[string]bool{}
	for _, from := range renames {
		paired[from] = true
	}
	for _, name := range removed {
		if !paired[name] {
			c.emit(x, om.pointer(name), RuleMemberRemoved, Breaking, "member %q removed", name)
		}
	}
	return nil
}

// reportAdded classifies a new member by whether it is required.
func (c *comparer) reportAdded(x context, nm *members, name string) {
	if nm.isRequired(name) {
		c.emit(x, nm.pointer(name), RuleMemberAddedRequired, Breaking,
			"required member %q added; instances from older producers lack it", name)
		return
	}
	c.emit(x, nm.pointer(name), RuleMemberAddedOptional, Additive, "optional member %q added", name)
}

// pairRenames maps an added name to the removed name it replaces. A pair needs the same
// effective schema and the same required-ness, and must be the only candidate on both sides:
// two string members swapped for two others are not guessed at.
func (c *comparer) pairRenames(om, nm *members, added, removed []string) (map[string]string, error) {
	bySig := map[string][2][]string{}
	for _, name := range removed {
		sig, err := c.old.signature(om, name)
		if err != nil {
			return nil, err
		}
		entry := bySig[sig]
		entry[0] = append(entry[0], name)
		bySig[sig] = entry
	}
	for _, name := range added {
		sig, err := c.new.signature(nm, name)
		if err != nil {
			return nil, err
		}
		entry := bySig[sig]
		entry[1] = append(entry[1], name)
		bySig[sig] = entry
	}
	renames := map[string]string{}
	for _, entry := range bySig {
		if len(entry[0]) == 1 && len(entry[1]) == 1 {
			renames[entry[1][0]] = entry[0][0]
		}
	}
	return renames, nil
}

// signature summarises a member for rename matching: its merged keywords and required-ness.
func (d *document) signature(m *members, name string) (string, error) {
	s, err := d.effective(m.node(name))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%t|%t|%s", m.isRequired(name), s.never, canonical(s.kw)), nil
}

// apState is what an additionalProperties keyword allows.
type apState int

const (
	apOpen   apState = iota // absent, true or {}: any extra member
	apSchema                // extra members must match a schema
	apClosed                // false: no extra member
)

// additional reads the additionalProperties state of a schema.
func (d *document) additional(s *schema) (apState, error) {
	raw, ok := s.kw["additionalProperties"]
	if !ok {
		return apOpen, nil
	}
	switch v := raw.(type) {
	case bool:
		if v {
			return apOpen, nil
		}
		return apClosed, nil
	case map[string]any:
		if len(v) == 0 {
			return apOpen, nil
		}
		return apSchema, nil
	}
	return 0, d.errorf(s.kwPointer("additionalProperties"), "additionalProperties must be a schema")
}

// compareAdditional reports closing and opening of an object. Opening is additive: it only
// lets producers add members, which consumers must ignore (the contract's extension rule).
func (c *comparer) compareAdditional(x context, o, n *schema) error {
	const k = "additionalProperties"
	os, err := c.old.additional(o)
	if err != nil {
		return err
	}
	ns, err := c.new.additional(n)
	if err != nil {
		return err
	}
	switch {
	case os == apSchema && ns == apSchema:
		child := context{required: false, applicator: x.applicator}
		return c.walk(child, node{o.kw[k], o.kwPointer(k)}, node{n.kw[k], n.kwPointer(k)})
	case ns > os:
		c.emit(x, pickPointer(o, n, k), RuleAdditionalPropertiesClosed, Breaking,
			"members outside properties are now %s", apWords(ns))
	case ns < os:
		c.emit(x, pickPointer(o, n, k), RuleAdditionalPropertiesOpened, Additive,
			"members outside properties are now %s", apWords(ns))
	}
	return nil
}

// apWords describes a state for messages.
func apWords(s apState) string {
	switch s {
	case apClosed:
		return "rejected"
	case apSchema:
		return "checked against a schema"
	}
	return "accepted"
}

// compareItems walks the item schemas of arrays. A missing items is the schema true, so an
// items keyword that appears is reported as the constraints it brings.
func (c *comparer) compareItems(x context, o, n *schema) error {
	const k = "items"
	if !o.has(k) && !n.has(k) {
		return nil
	}
	_, arrO := o.kw[k].([]any)
	_, arrN := n.kw[k].([]any)
	if arrO && arrN {
		// The draft 2019-09 tuple form: positional, so only its branches can be compared.
		return c.compareSchemaArray(x, o, n, k)
	}
	if arrO || arrN {
		c.emit(x, pickPointer(o, n, k), RuleApplicatorChanged, Breaking,
			"items switched between the array form and the single-schema form")
		return nil
	}
	child := context{required: x.required, applicator: x.applicator}
	return c.walk(child, itemNode(o, k), itemNode(n, k))
}

// itemNode is the node of a single-schema keyword, or an absent schema where it is missing.
func itemNode(s *schema, k string) node {
	if v, ok := s.kw[k]; ok {
		return node{v, s.kwPointer(k)}
	}
	return node{absent{}, s.where(k)}
}
