package cgruntime

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Node is one schema of the package's validation table. The generator writes the table as a Go
// literal (the generated package's cgNodes); Compile then prepares it once, at package
// initialization: regular expressions compiled, constants parsed, bounds made exact. References to
// other schemas are indexes into the table, with 0 meaning "absent" (entry 0 is never used), so
// recursive schemas need no pointers.
type Node struct {
	// Bool is TrueSchema or FalseSchema for the boolean schemas, 0 for an object schema.
	Bool int8
	// Ref is the schema "$ref" points at.
	Ref int32
	// Types is the "type" keyword as a set of Type* bits; 0 allows every type.
	Types uint8
	// Const and Enum hold compact JSON; HasConst tells "const": null from no const.
	HasConst bool
	Const    string
	Enum     []string

	MinLength, MaxLength Count
	Pattern              string
	// Format is set only when the generator asserts formats (one of AssertedFormats).
	Format string

	// Numeric bounds, as their literals ("" when absent).
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf string

	PrefixItems              []int32
	Items, Contains          int32
	MinContains, MaxContains Count
	MinItems, MaxItems       Count
	UniqueItems              bool

	Properties                   []Prop
	Required                     []string
	AdditionalProperties         int32
	PatternProperties            []Prop
	PropertyNames                int32
	MinProperties, MaxProperties Count
	DependentRequired            []Dependency
	DependentSchemas             []Prop

	AllOf, AnyOf, OneOf []int32
	Not, If, Then, Else int32

	// UnevaluatedProperties and UnevaluatedItems apply to what no other keyword of the node or
	// of its in-place applicators evaluated. Items that match contains count as evaluated, except
	// in 2019-09 (ContainsNotEvaluating).
	UnevaluatedProperties, UnevaluatedItems int32
	ContainsNotEvaluating                   bool

	// DynamicRef is the static target of $dynamicRef or $recursiveRef (DynamicKeyword). With
	// DynamicName (or Recursive) set, the outermost resource of the dynamic scope that declares
	// that dynamic anchor (or "$recursiveAnchor": true) is used instead.
	DynamicRef     int32
	DynamicKeyword string
	DynamicName    string
	Recursive      bool
	// Scope is the root node of the node's schema resource (only in tables with dynamic
	// references); a resource root lists its DynamicAnchors and RecursiveAnchor.
	Scope           int32
	DynamicAnchors  []Prop
	RecursiveAnchor bool

	c compiled
}

// The values of Node.Bool.
const (
	TrueSchema  = 1
	FalseSchema = 2
)

// The bits of Node.Types.
const (
	TypeNull uint8 = 1 << iota
	TypeBoolean
	TypeObject
	TypeArray
	TypeNumber
	TypeString
	TypeInteger
)

// typeNames lists the type names in the order of their bits.
var typeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// Count is an optional non-negative count (minLength, maxItems, ...).
type Count struct {
	Set bool
	N   int64
}

// N is a present count.
func N(n int64) Count { return Count{Set: true, N: n} }

// Prop names a subschema: a property, a pattern of patternProperties, or a dependentSchemas member.
type Prop struct {
	Name string
	Node int32
}

// Dependency is one member of dependentRequired.
type Dependency struct {
	Name     string
	Required []string
}

// compiled is what Compile derives from a node's literal fields.
type compiled struct {
	re        *pattern
	patterns  []*pattern
	constant  *Value
	enum      []Value
	bounds    [4]*decimal // minimum, maximum, exclusiveMinimum, exclusiveMaximum
	intBounds [4]intBound
	multiple  *multiple
	multLit   string
}

// The keyword names of the four bounds, in compiled.bounds order.
var boundKeywords = [4]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}

// Compile prepares every node of a table once. It panics on a pattern or literal the generator
// should have rejected: that is a contractgen bug, not bad input. A table with a pattern that
// only an ECMAScript engine can run needs CompileWith.
func Compile(nodes []Node) []Node { return CompileWith(nodes, nil) }

// CompileWith is Compile with the ECMAScript engine that runs the patterns RE2 cannot
// (lookaround, backreferences); the generator passes one when the table has such a pattern.
func CompileWith(nodes []Node, ecma ECMAEngine) []Node {
	for i := range nodes {
		n := &nodes[i]
		if n.Pattern != "" {
			n.c.re = mustPattern(n.Pattern, ecma)
		}
		for _, p := range n.PatternProperties {
			n.c.patterns = append(n.c.patterns, mustPattern(p.Name, ecma))
		}
		if n.HasConst {
			v := mustParse(n.Const)
			n.c.constant = &v
		}
		for _, e := range n.Enum {
			n.c.enum = append(n.c.enum, mustParse(e))
		}
		for k, lit := range [4]string{n.Minimum, n.Maximum, n.ExclusiveMinimum, n.ExclusiveMaximum} {
			if lit == "" {
				continue
			}
			d := mustDecimal(lit)
			n.c.bounds[k] = &d
			n.c.intBounds[k] = newIntBound(d, k%2 == 0, k >= 2)
		}
		if n.MultipleOf != "" {
			n.c.multiple = newMultiple(mustDecimal(n.MultipleOf))
			n.c.multLit = n.MultipleOf
		}
	}
	return nodes
}

func mustPattern(p string, ecma ECMAEngine) *pattern {
	re, err := compilePattern(p, ecma)
	if err != nil {
		panic("contractgen: pattern " + strconv.Quote(p) + " in the validation table: " + err.Error())
	}
	return re
}

func mustParse(lit string) Value {
	v, err := parseJSON([]byte(lit), "", nil)
	if err != nil {
		panic("contractgen: bad literal in the validation table: " + lit)
	}
	return v
}

func mustDecimal(lit string) decimal {
	d, ok := parseDecimal(lit)
	if !ok {
		panic("contractgen: bad number in the validation table: " + lit)
	}
	return d
}

// Path is one step of an instance or keyword location, linked to its parent. Locations are
// built on the stack as validation descends and turned into strings only when a violation is
// recorded, so validating a valid value allocates nothing.
type Path struct {
	up *Path
	// kw is a keyword name written before the token ("" for instance locations).
	kw string
	// name is the token when index < 0; index otherwise (-2: the keyword alone).
	name  string
	index int
	// str is the rendered location, once String has rendered it.
	str string
}

// Key is the step to a member (or, with kw, the keyword and member: "/properties/name").
func Key(up *Path, kw, name string) Path { return Path{up: up, kw: kw, name: name, index: -1} }

// Index is the step to an array item (or, with kw, "/prefixItems/2").
func Index(up *Path, kw string, i int) Path { return Path{up: up, kw: kw, index: i} }

// Kw is the step to a keyword alone ("/items", "/$ref").
func Kw(up *Path, kw string) Path { return Path{up: up, kw: kw, index: -2} }

// String renders the location as a JSON pointer.
func (p *Path) String() string {
	if p == nil {
		return ""
	}
	// A kept rendering is copied, not returned: returning it would let the steps of every caller
	// escape to the heap (escape analysis does not tell the fields of a step apart).
	var b strings.Builder
	p.write(&b)
	return b.String()
}

// memo is String that keeps the rendering, and its parent's, in the steps: the decoder reports
// the levels of a deep document in turn, and each then costs one copy, not a walk up every level.
// (The validator renders with String, which writes nothing, so its steps stay on the stack.)
func (p *Path) memo() string {
	if p == nil {
		return ""
	}
	if p.str == "" {
		up := p.up.memo()
		var b strings.Builder
		b.Grow(len(up) + len(p.kw) + len(p.name) + 24)
		b.WriteString(up)
		p.step(&b)
		p.str = b.String()
	}
	return p.str
}

func (p *Path) write(b *strings.Builder) {
	if p == nil {
		return
	}
	if p.str != "" {
		b.WriteString(p.str)
		return
	}
	p.up.write(b)
	p.step(b)
}

// step writes the path's own step.
func (p *Path) step(b *strings.Builder) {
	if p.kw != "" {
		b.WriteByte('/')
		b.WriteString(p.kw)
	}
	switch {
	case p.index >= 0:
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(p.index))
	case p.index == -1:
		b.WriteByte('/')
		b.WriteString(PointerToken(p.name))
	}
}

// Collector gathers violations. In quiet mode (inside anyOf, oneOf, not, if and contains, where
// only the verdict counts) it records only that something failed, so validation can stop early.
type Collector struct {
	// Nodes is the compiled validation table that node indexes refer to.
	Nodes      []Node
	violations []Violation
	// Quiet asks only for the verdict: the first failure is recorded as such and ends the work.
	Quiet bool
	// Failed reports that a keyword failed (in quiet mode, the verdict).
	Failed bool
	// scope is the dynamic scope: the root nodes of the schema resources entered, outermost
	// first. Only tables with dynamic references keep it.
	scope []int32
	// stack holds the location steps of the plan validator (see pathStack).
	stack *pathStack
	// first, when set on a quiet collector, receives the violation the verdict stopped at: a
	// failed union names each branch's first violation with it (see union).
	first *Violation
}

// annotations collects which members and items of one value the keywords evaluated, for
// unevaluatedProperties and unevaluatedItems. Annotations of a subschema that fails are dropped.
type annotations struct {
	props, items []bool
}

func newAnnotations(v *Value) *annotations {
	switch v.kind {
	case kindObject:
		return &annotations{props: make([]bool, len(v.obj))}
	case kindArray:
		return &annotations{items: make([]bool, len(v.items))}
	}
	return &annotations{}
}

// merge adds what o evaluated to a; a may be nil (nobody asked).
func (a *annotations) merge(o *annotations) {
	if a == nil || o == nil {
		return
	}
	for i, e := range o.props {
		a.props[i] = a.props[i] || e
	}
	for i, e := range o.items {
		a.items[i] = a.items[i] || e
	}
}

func (a *annotations) prop(i int) {
	if a != nil && a.props != nil {
		a.props[i] = true
	}
}

func (a *annotations) item(i int) {
	if a != nil && a.items != nil {
		a.items[i] = true
	}
}

// Fail records a violation of keyword kw (appended to the keyword location) at the instance at.
func (c *Collector) Fail(at, kwAt *Path, kw, msg string) {
	if c.Quiet && (c.Failed || c.first == nil) {
		c.Failed = true
		return
	}
	c.Failed = true
	loc := kwAt.String()
	if kw != "" {
		loc += "/" + kw
	}
	v := Violation{InstanceLocation: at.String(), KeywordLocation: loc, Message: msg}
	if c.Quiet {
		*c.first = v
		return
	}
	c.violations = append(c.violations, v)
}

// stop reports whether a quiet collector already has its answer.
func (c *Collector) stop() bool { return c.Quiet && c.Failed }

// Err returns the violations as a *ValidationError, or nil.
func (c *Collector) Err() error {
	if len(c.violations) == 0 {
		return nil
	}
	return &ValidationError{Violations: sortViolations(c.violations)}
}

// sortViolations orders violations by instance location, then keyword location, so that output
// does not depend on map iteration.
func sortViolations(vs []Violation) []Violation {
	slices.SortStableFunc(vs, func(a, b Violation) int {
		if c := strings.Compare(a.InstanceLocation, b.InstanceLocation); c != 0 {
			return c
		}
		return strings.Compare(a.KeywordLocation, b.KeywordLocation)
	})
	return vs
}

// matches evaluates node i against v quietly and reports whether v is valid.
func (c *Collector) matches(i int32, v *Value) bool { return c.matchesAnn(i, v, nil) }

// matchesAnn is matches that also collects annotations into ann (when not nil).
func (c *Collector) matchesAnn(i int32, v *Value, ann *annotations) bool {
	sub := Collector{Nodes: c.Nodes, Quiet: true, scope: c.scope}
	sub.evalAnn(i, v, nil, nil, ann)
	return !sub.Failed
}

// eval validates v against node i and every schema it applies.
func (c *Collector) eval(i int32, v *Value, at, kw *Path) { c.evalAnn(i, v, at, kw, nil) }

// evalAnn is eval that records in ann (when not nil) the members and items it evaluated.
func (c *Collector) evalAnn(i int32, v *Value, at, kw *Path, ann *annotations) {
	n := &c.Nodes[i]
	switch n.Bool {
	case TrueSchema:
		return
	case FalseSchema:
		c.Fail(at, kw, "", "no value is allowed here (the schema is false)")
		return
	}
	if n.Scope != 0 && (len(c.scope) == 0 || c.scope[len(c.scope)-1] != n.Scope) {
		c.scope = append(c.scope, n.Scope)
		defer func() { c.scope = c.scope[:len(c.scope)-1] }()
	}
	local := ann
	if (n.UnevaluatedProperties != 0 && v.kind == kindObject) || (n.UnevaluatedItems != 0 && v.kind == kindArray) {
		// unevaluated* sees only what this schema's own keywords evaluated.
		local = newAnnotations(v)
		defer ann.merge(local)
	}
	if n.Ref != 0 {
		ref := Kw(kw, "$ref")
		c.evalAnn(n.Ref, v, at, &ref, local)
	}
	if n.DynamicRef != 0 {
		ref := Kw(kw, n.DynamicKeyword)
		c.evalAnn(c.dynamicTarget(n), v, at, &ref, local)
	}
	if n.Types != 0 && !typeMatches(n.Types, v) {
		c.Fail(at, kw, "type", "expected "+typeList(n.Types)+", got "+kindName(v))
	}
	c.constEnum(n, v, at, kw)
	switch v.kind {
	case kindString:
		checkStringKeywords(c, n, v.s, at, kw)
	case kindNumber:
		if d, ok := parseDecimal(v.s); ok {
			checkDecimalKeywords(c, n, d, at, kw)
		}
	case kindArray:
		c.array(n, v, at, kw, local)
	case kindObject:
		c.object(n, v, at, kw, local)
	}
	if !c.stop() {
		c.applicators(n, v, at, kw, local)
	}
	if !c.stop() && local != ann {
		c.unevaluated(n, v, at, kw, local)
	}
}

// dynamicTarget resolves a dynamic reference: the outermost resource of the dynamic scope that
// declares the anchor, or else the static target.
func (c *Collector) dynamicTarget(n *Node) int32 {
	if n.DynamicName == "" && !n.Recursive {
		return n.DynamicRef
	}
	for _, r := range c.scope {
		rn := &c.Nodes[r]
		if n.Recursive {
			if rn.RecursiveAnchor {
				return r
			}
			continue
		}
		for _, a := range rn.DynamicAnchors {
			if a.Name == n.DynamicName {
				return a.Node
			}
		}
	}
	return n.DynamicRef
}

// unevaluated applies unevaluatedItems and unevaluatedProperties to what ann does not mark, and
// marks it: a schema that passes has then evaluated everything.
func (c *Collector) unevaluated(n *Node, v *Value, at, kw *Path, ann *annotations) {
	if n.UnevaluatedItems != 0 && v.kind == kindArray {
		k := Kw(kw, "unevaluatedItems")
		for i := range v.items {
			if ann.items[i] || c.stop() {
				continue
			}
			item := Index(at, "", i)
			if c.Nodes[n.UnevaluatedItems].Bool == FalseSchema {
				c.Fail(&item, kw, "unevaluatedItems", "item "+strconv.Itoa(i)+" is not allowed (no keyword evaluated it)")
			} else {
				c.eval(n.UnevaluatedItems, &v.items[i], &item, &k)
			}
			ann.items[i] = true
		}
	}
	if n.UnevaluatedProperties != 0 && v.kind == kindObject {
		k := Kw(kw, "unevaluatedProperties")
		for i := range v.obj {
			if ann.props[i] || c.stop() {
				continue
			}
			m := &v.obj[i]
			loc := Key(at, "", m.name)
			if c.Nodes[n.UnevaluatedProperties].Bool == FalseSchema {
				c.Fail(&loc, kw, "unevaluatedProperties", "member "+strconv.Quote(m.name)+" is not allowed (no keyword evaluated it)")
			} else {
				c.eval(n.UnevaluatedProperties, &m.value, &loc, &k)
			}
			ann.props[i] = true
		}
	}
}

func typeMatches(types uint8, v *Value) bool {
	switch v.kind {
	case kindNull:
		return types&TypeNull != 0
	case kindBoolean:
		return types&TypeBoolean != 0
	case kindString:
		return types&TypeString != 0
	case kindArray:
		return types&TypeArray != 0
	case kindObject:
		return types&TypeObject != 0
	}
	if types&TypeNumber != 0 {
		return true
	}
	d, ok := parseDecimal(v.s)
	return types&TypeInteger != 0 && ok && d.isInt()
}

func typeList(types uint8) string {
	var names []string
	for bit, name := range typeNames {
		if types&(1<<bit) != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(names, " or ")
}

func (c *Collector) constEnum(n *Node, v *Value, at, kw *Path) {
	if n.c.constant != nil && !equal(n.c.constant, v) {
		c.Fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil && !slices.ContainsFunc(n.c.enum, func(e Value) bool { return equal(&e, v) }) {
		c.Fail(at, kw, "enum", "must be one of "+strings.Join(n.Enum, ", "))
	}
}

func (c *Collector) array(n *Node, v *Value, at, kw *Path, ann *annotations) {
	count := int64(len(v.items))
	if n.MinItems.Set && count < n.MinItems.N {
		c.Fail(at, kw, "minItems", "has "+strconv.FormatInt(count, 10)+" items, fewer than "+strconv.FormatInt(n.MinItems.N, 10))
	}
	if n.MaxItems.Set && count > n.MaxItems.N {
		c.Fail(at, kw, "maxItems", "has "+strconv.FormatInt(count, 10)+" items, more than "+strconv.FormatInt(n.MaxItems.N, 10))
	}
	if n.UniqueItems {
		checkUnique(c, v, at, kw)
	}
	for i := range v.items {
		if c.stop() {
			return
		}
		item := Index(at, "", i)
		switch {
		case i < len(n.PrefixItems):
			k := Index(kw, "prefixItems", i)
			c.eval(n.PrefixItems[i], &v.items[i], &item, &k)
			ann.item(i)
		case n.Items != 0:
			k := Kw(kw, "items")
			c.eval(n.Items, &v.items[i], &item, &k)
			ann.item(i)
		}
	}
	if n.Contains != 0 {
		c.contains(n, v, at, kw, ann)
	}
}

func checkUnique(c *Collector, v *Value, at, kw *Path) {
	for i := range v.items {
		for j := i + 1; j < len(v.items); j++ {
			if equal(&v.items[i], &v.items[j]) {
				c.Fail(at, kw, "uniqueItems", "items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal")
				return
			}
		}
	}
}

func (c *Collector) contains(n *Node, v *Value, at, kw *Path, ann *annotations) {
	var found int64
	for i := range v.items {
		if c.matches(n.Contains, &v.items[i]) {
			found++
			if !n.ContainsNotEvaluating {
				ann.item(i)
			}
		}
	}
	low := int64(1)
	if n.MinContains.Set {
		low = n.MinContains.N
	}
	switch {
	case found < low && n.MinContains.Set:
		c.Fail(at, kw, "minContains", strconv.FormatInt(found, 10)+" items match contains, fewer than "+strconv.FormatInt(low, 10))
	case found < low:
		c.Fail(at, kw, "contains", "no item matches the contains schema")
	case n.MaxContains.Set && found > n.MaxContains.N:
		c.Fail(at, kw, "maxContains", strconv.FormatInt(found, 10)+" items match contains, more than "+strconv.FormatInt(n.MaxContains.N, 10))
	}
}

func (c *Collector) object(n *Node, v *Value, at, kw *Path, ann *annotations) {
	count := int64(len(v.obj))
	if n.MinProperties.Set && count < n.MinProperties.N {
		c.Fail(at, kw, "minProperties", "has "+strconv.FormatInt(count, 10)+" members, fewer than "+strconv.FormatInt(n.MinProperties.N, 10))
	}
	if n.MaxProperties.Set && count > n.MaxProperties.N {
		c.Fail(at, kw, "maxProperties", "has "+strconv.FormatInt(count, 10)+" members, more than "+strconv.FormatInt(n.MaxProperties.N, 10))
	}
	for _, name := range n.Required {
		if v.member(name) == nil {
			c.Fail(at, kw, "required", "missing required member "+strconv.Quote(name))
		}
	}
	for _, dep := range n.DependentRequired {
		if v.member(dep.Name) == nil {
			continue
		}
		for _, name := range dep.Required {
			if v.member(name) == nil {
				k := Key(kw, "dependentRequired", dep.Name)
				c.Fail(at, &k, "", "member "+strconv.Quote(name)+" is required when "+strconv.Quote(dep.Name)+" is present")
			}
		}
	}
	for i := range v.obj {
		if c.stop() {
			return
		}
		if c.member(n, &v.obj[i], at, kw) {
			ann.prop(i)
		}
	}
	for _, dep := range n.DependentSchemas {
		if v.member(dep.Name) != nil {
			k := Key(kw, "dependentSchemas", dep.Name)
			c.evalAnn(dep.Node, v, at, &k, ann)
		}
	}
}

// member applies properties, patternProperties, additionalProperties and propertyNames to one
// member, and reports whether one of the first three evaluated it.
func (c *Collector) member(n *Node, m *ObjectMember, at, kw *Path) bool {
	loc := Key(at, "", m.name)
	if n.PropertyNames != 0 {
		name := Value{kind: kindString, s: m.name}
		k := Kw(kw, "propertyNames")
		c.eval(n.PropertyNames, &name, &loc, &k)
	}
	declared := false
	for _, p := range n.Properties {
		if p.Name == m.name {
			declared = true
			k := Key(kw, "properties", p.Name)
			c.eval(p.Node, &m.value, &loc, &k)
		}
	}
	for j, p := range n.PatternProperties {
		ok, err := n.c.patterns[j].match(m.name)
		if err != nil {
			c.Fail(&loc, kw, "patternProperties", "member name "+strconv.Quote(m.name)+" could not be matched against the pattern "+strconv.Quote(p.Name)+": "+err.Error())
		}
		if ok {
			declared = true
			k := Key(kw, "patternProperties", p.Name)
			c.eval(p.Node, &m.value, &loc, &k)
		}
	}
	if !declared && n.AdditionalProperties != 0 {
		k := Kw(kw, "additionalProperties")
		if c.Nodes[n.AdditionalProperties].Bool == FalseSchema {
			c.Fail(&loc, kw, "additionalProperties", "member "+strconv.Quote(m.name)+" is not allowed")
			return true
		}
		c.eval(n.AdditionalProperties, &m.value, &loc, &k)
		return true
	}
	return declared
}

func (c *Collector) applicators(n *Node, v *Value, at, kw *Path, ann *annotations) {
	for j, s := range n.AllOf {
		k := Index(kw, "allOf", j)
		c.evalAnn(s, v, at, &k, ann)
	}
	if n.AnyOf != nil {
		c.union(n.AnyOf, "anyOf", v, at, kw, ann)
	}
	if n.OneOf != nil {
		c.union(n.OneOf, "oneOf", v, at, kw, ann)
	}
	if n.Not != 0 && c.matches(n.Not, v) {
		c.Fail(at, kw, "not", "matches the schema under not")
	}
	if n.If != 0 {
		var sub *annotations
		if ann != nil {
			sub = newAnnotations(v)
		}
		if c.matchesAnn(n.If, v, sub) {
			ann.merge(sub)
			if n.Then != 0 {
				k := Kw(kw, "then")
				c.evalAnn(n.Then, v, at, &k, ann)
			}
		} else if n.Else != 0 {
			k := Kw(kw, "else")
			c.evalAnn(n.Else, v, at, &k, ann)
		}
	}
}

// checkStringKeywords applies minLength, maxLength (in Unicode code points), format (when
// asserted) and pattern.
func checkStringKeywords(c *Collector, n *Node, s string, at, kw *Path) {
	if n.MinLength.Set || n.MaxLength.Set {
		count := int64(utf8.RuneCountInString(s))
		if n.MinLength.Set && count < n.MinLength.N {
			c.Fail(at, kw, "minLength", "has "+strconv.FormatInt(count, 10)+" characters, fewer than "+strconv.FormatInt(n.MinLength.N, 10))
		}
		if n.MaxLength.Set && count > n.MaxLength.N {
			c.Fail(at, kw, "maxLength", "has "+strconv.FormatInt(count, 10)+" characters, more than "+strconv.FormatInt(n.MaxLength.N, 10))
		}
	}
	if n.Format != "" && !checkFormat(n.Format, s) {
		c.Fail(at, kw, "format", formatMessage(n.Format))
	}
	if n.c.re != nil {
		switch ok, err := n.c.re.match(s); {
		case err != nil:
			c.Fail(at, kw, "pattern", "could not be matched against the pattern "+strconv.Quote(n.Pattern)+": "+err.Error())
		case !ok:
			c.Fail(at, kw, "pattern", "does not match the pattern "+strconv.Quote(n.Pattern))
		}
	}
}

// checkDecimalKeywords applies the numeric bounds and multipleOf, exactly.
func checkDecimalKeywords(c *Collector, n *Node, d decimal, at, kw *Path) {
	for k, b := range n.c.bounds {
		if b == nil {
			continue
		}
		cmp := cmpDecimal(d, *b)
		if [4]bool{cmp >= 0, cmp <= 0, cmp > 0, cmp < 0}[k] {
			continue
		}
		c.Fail(at, kw, boundKeywords[k], d.String()+" is not "+boundPhrase[k]+" "+b.String())
	}
	if m := n.c.multiple; m != nil && m.tooLong(d) {
		c.Fail(at, kw, "multipleOf", d.String()+" has more than "+strconv.Itoa(multipleDigitLimit)+
			" significant digits, too many to check multipleOf "+n.c.multLit+" on")
	} else if m != nil && !m.divides(d) {
		c.Fail(at, kw, "multipleOf", d.String()+" is not a multiple of "+n.c.multLit)
	}
}

// boundPhrase says what each bound requires, for messages.
var boundPhrase = [4]string{"at least", "at most", "greater than", "less than"}

// union applies anyOf or oneOf (keyword) with the branches subs. When a failure is reported, it
// says why: a branch that cheap, exact checks leave as the only one v can match (a discriminating
// const, a required member, the JSON type) is the variant v selects, so its violations are the
// cause and are reported under the union's; otherwise each branch's first violation is. A
// selected branch is evaluated once and the others not at all, which also keeps nested unions
// linear in the size of a document that fails deep inside them.
func (c *Collector) union(subs []int32, keyword string, v *Value, at, kw *Path, ann *annotations) {
	if j := c.selected(subs, v); j >= 0 {
		c.selectedBranch(subs[j], keyword, j, v, at, kw, ann)
		return
	}
	var hits []string
	var hitAnn *annotations
	for j, s := range subs {
		var sub *annotations
		if ann != nil {
			sub = newAnnotations(v)
		}
		if !c.matchesAnn(s, v, sub) {
			continue
		}
		hits = append(hits, strconv.Itoa(j))
		if keyword == "oneOf" {
			hitAnn = sub
			continue
		}
		// anyOf needs one match; with annotations asked for, every match contributes its own.
		ann.merge(sub)
		if ann == nil {
			return
		}
	}
	if len(hits) == 1 {
		ann.merge(hitAnn)
	}
	switch {
	case len(hits) == 1 || (len(hits) > 1 && keyword == "anyOf"):
	case len(hits) > 1:
		c.Fail(at, kw, keyword, "matches oneOf schemas "+strings.Join(hits, " and ")+"; exactly one must match")
	default:
		c.Fail(at, kw, keyword, "matches none of the "+keyword+" schemas")
		if !c.Quiet {
			for j, s := range subs {
				c.violations = append(c.violations, c.firstViolation(s, keyword, j, v, at, kw))
			}
		}
	}
}

// selectedBranch evaluates the one branch j that v can match: its verdict is the union's, and
// its violations are the cause of the union's.
func (c *Collector) selectedBranch(s int32, keyword string, j int, v *Value, at, kw *Path, ann *annotations) {
	var sub *annotations
	if ann != nil {
		sub = newAnnotations(v)
	}
	if c.Quiet {
		if c.matchesAnn(s, v, sub) {
			ann.merge(sub)
		} else {
			c.Fail(at, kw, keyword, "matches none of the "+keyword+" schemas")
		}
		return
	}
	// The branch reports into c itself: the list is sorted at the end, and a union nested in the
	// branch must not copy its violations up through every level.
	failed := c.Failed
	c.Failed = false
	top, k := c.stepAlloc(Index(kw, keyword, j))
	c.evalAnn(s, v, at, k, sub)
	c.truncate(top)
	branchFailed := c.Failed
	c.Failed = failed || branchFailed
	if !branchFailed {
		ann.merge(sub)
		return
	}
	c.Fail(at, kw, keyword, "matches none of the "+keyword+" schemas")
}

// firstViolation is the violation at which a quiet evaluation of branch j stops.
func (c *Collector) firstViolation(s int32, keyword string, j int, v *Value, at, kw *Path) Violation {
	var first Violation
	branch := Collector{Nodes: c.Nodes, Quiet: true, scope: c.scope, first: &first}
	k := Index(kw, keyword, j)
	branch.eval(s, v, at, &k)
	return first
}

// stepAlloc returns p as a step the interpreter may keep, and the stack height for truncate: on
// the plan validator's pooled stack when the interpreter runs under it (a union of a typed value),
// else on the heap.
func (c *Collector) stepAlloc(p Path) (int, *Path) {
	if c.stack == nil {
		q := new(Path)
		*q = p
		return 0, q
	}
	top := len(c.stack.steps)
	return top, c.push(p)
}

// truncate drops the steps stepAlloc pushed above top.
func (c *Collector) truncate(top int) {
	if c.stack != nil {
		c.stack.steps = c.stack.steps[:top]
	}
}

// selected returns the index of the branch of subs that v selects, or -1: the only branch v is
// not excluded from or, when v is excluded from every branch, the only one whose type and
// discriminating values v has (a tagged value that lacks a member its variant requires is still
// that variant, and the missing member is the cause to report).
func (c *Collector) selected(subs []int32, v *Value) int {
	if j := c.onlyCandidate(subs, v, true); j != -2 {
		return j
	}
	if j := c.onlyCandidate(subs, v, false); j >= 0 {
		return j
	}
	return -1
}

// onlyCandidate returns the index of the one branch v is not excluded from, -1 when there are
// several, and -2 when there is none.
func (c *Collector) onlyCandidate(subs []int32, v *Value, required bool) int {
	found := -2
	for j, s := range subs {
		if c.excluded(s, v, required) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = j
	}
	return found
}

// maxRefHops bounds how far excluded follows a chain of $ref (which may be a cycle).
const maxRefHops = 16

// excluded reports whether cheap checks prove that v fails node i: a false schema, a type v does
// not have, a required member v lacks (when required is set), or a declared member whose value
// its const or enum rules out, on the node or on what its $ref chain leads to (which applies as
// well). Dynamic references are not followed: their target depends on the scope.
func (c *Collector) excluded(i int32, v *Value, required bool) bool {
	for hops := 0; i != 0 && hops < maxRefHops; hops++ {
		n := &c.Nodes[i]
		if n.Bool == FalseSchema || (n.Types != 0 && !typeMatches(n.Types, v)) {
			return true
		}
		if v.kind == kindObject {
			for _, name := range n.Required {
				if required && v.member(name) == nil {
					return true
				}
			}
			for _, p := range n.Properties {
				if m := v.member(p.Name); m != nil && c.rulesOut(p.Node, m) {
					return true
				}
			}
		}
		i = n.Ref
	}
	return false
}

// rulesOut reports whether the const or enum of node i, or of its $ref chain, rejects v.
func (c *Collector) rulesOut(i int32, v *Value) bool {
	for hops := 0; i != 0 && hops < maxRefHops; hops++ {
		n := &c.Nodes[i]
		probe := Collector{Nodes: c.Nodes, Quiet: true}
		probe.constEnum(n, v, nil, nil)
		if probe.Failed {
			return true
		}
		i = n.Ref
	}
	return false
}
