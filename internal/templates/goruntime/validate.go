package goruntime

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// cgNode is one schema of the package's validation table. The generator writes the table as a Go
// literal (cgNodes); cgCompile then prepares it once, at package initialization: regular expressions
// compiled, constants parsed, bounds made exact. References to other schemas are indexes into the
// table, with 0 meaning "absent" (entry 0 is never used), so recursive schemas need no pointers.
type cgNode struct {
	// Bool is cgTrueSchema or cgFalseSchema for the boolean schemas, 0 for an object schema.
	Bool int8
	// Ref is the schema "$ref" points at.
	Ref int32
	// Types is the "type" keyword as a set of cgType bits; 0 allows every type.
	Types uint8
	// Const and Enum hold compact JSON; HasConst tells "const": null from no const.
	HasConst bool
	Const    string
	Enum     []string

	MinLength, MaxLength cgCount
	Pattern              string

	// Numeric bounds, as their literals ("" when absent).
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf string

	PrefixItems              []int32
	Items, Contains          int32
	MinContains, MaxContains cgCount
	MinItems, MaxItems       cgCount
	UniqueItems              bool

	Properties                   []cgProp
	Required                     []string
	AdditionalProperties         int32
	PatternProperties            []cgProp
	PropertyNames                int32
	MinProperties, MaxProperties cgCount
	DependentRequired            []cgDependency
	DependentSchemas             []cgProp

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
	DynamicAnchors  []cgProp
	RecursiveAnchor bool

	c cgCompiled
}

// The values of cgNode.Bool.
const (
	cgTrueSchema  = 1
	cgFalseSchema = 2
)

// The bits of cgNode.Types.
const (
	cgTypeNull uint8 = 1 << iota
	cgTypeBoolean
	cgTypeObject
	cgTypeArray
	cgTypeNumber
	cgTypeString
	cgTypeInteger
)

// cgTypeNames lists the type names in the order of their bits.
var cgTypeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// cgCount is an optional non-negative count (minLength, maxItems, ...).
type cgCount struct {
	Set bool
	N   int64
}

// cgN is a present count.
func cgN(n int64) cgCount { return cgCount{Set: true, N: n} }

// cgProp names a subschema: a property, a pattern of patternProperties, or a dependentSchemas member.
type cgProp struct {
	Name string
	Node int32
}

// cgDependency is one member of dependentRequired.
type cgDependency struct {
	Name     string
	Required []string
}

// cgCompiled is what cgCompile derives from a node's literal fields.
type cgCompiled struct {
	re        *regexp.Regexp
	patterns  []*regexp.Regexp
	constant  *cgJSON
	enum      []cgJSON
	bounds    [4]*cgDecimal // minimum, maximum, exclusiveMinimum, exclusiveMaximum
	intBounds [4]cgIntBound
	multiple  *cgMultiple
	multLit   string
}

// The keyword names of the four bounds, in cgCompiled.bounds order.
var cgBoundKeywords = [4]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}

// cgCompile prepares every node of a table once. It panics on a pattern or literal the generator
// should have rejected: that is a contractgen bug, not bad input.
func cgCompile(nodes []cgNode) []cgNode {
	for i := range nodes {
		n := &nodes[i]
		if n.Pattern != "" {
			n.c.re = regexp.MustCompile(n.Pattern)
		}
		for _, p := range n.PatternProperties {
			n.c.patterns = append(n.c.patterns, regexp.MustCompile(p.Name))
		}
		if n.HasConst {
			v := cgMustParse(n.Const)
			n.c.constant = &v
		}
		for _, e := range n.Enum {
			n.c.enum = append(n.c.enum, cgMustParse(e))
		}
		for k, lit := range [4]string{n.Minimum, n.Maximum, n.ExclusiveMinimum, n.ExclusiveMaximum} {
			if lit == "" {
				continue
			}
			d := cgMustDecimal(lit)
			n.c.bounds[k] = &d
			n.c.intBounds[k] = cgNewIntBound(d, k%2 == 0, k >= 2)
		}
		if n.MultipleOf != "" {
			n.c.multiple = cgNewMultiple(cgMustDecimal(n.MultipleOf))
			n.c.multLit = n.MultipleOf
		}
	}
	return nodes
}

func cgMustParse(lit string) cgJSON {
	v, err := cgParseJSON([]byte(lit), "", nil)
	if err != nil {
		panic("contractgen: bad literal in the validation table: " + lit)
	}
	return v
}

func cgMustDecimal(lit string) cgDecimal {
	d, ok := cgParseDecimal(lit)
	if !ok {
		panic("contractgen: bad number in the validation table: " + lit)
	}
	return d
}

// cgPath is one step of an instance or keyword location, linked to its parent. Locations are
// built on the stack as validation descends and turned into strings only when a violation is
// recorded, so validating a valid value allocates nothing.
type cgPath struct {
	up *cgPath
	// kw is a keyword name written before the token ("" for instance locations).
	kw string
	// name is the token when index < 0; index otherwise (-2: the keyword alone).
	name  string
	index int
}

// cgKey is the step to a member (or, with kw, the keyword and member: "/properties/name").
func cgKey(up *cgPath, kw, name string) cgPath { return cgPath{up: up, kw: kw, name: name, index: -1} }

// cgIndex is the step to an array item (or, with kw, "/prefixItems/2").
func cgIndex(up *cgPath, kw string, i int) cgPath { return cgPath{up: up, kw: kw, index: i} }

// cgKw is the step to a keyword alone ("/items", "/$ref").
func cgKw(up *cgPath, kw string) cgPath { return cgPath{up: up, kw: kw, index: -2} }

// String renders the location as a JSON pointer.
func (p *cgPath) String() string {
	if p == nil {
		return ""
	}
	var b strings.Builder
	p.write(&b)
	return b.String()
}

func (p *cgPath) write(b *strings.Builder) {
	if p == nil {
		return
	}
	p.up.write(b)
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
		b.WriteString(cgPointerToken(p.name))
	}
}

// cgCollector gathers violations. In quiet mode (inside anyOf, oneOf, not, if and contains, where
// only the verdict counts) it records only that something failed, so validation can stop early.
type cgCollector struct {
	nodes      []cgNode
	violations []Violation
	quiet      bool
	failed     bool
	// scope is the dynamic scope: the root nodes of the schema resources entered, outermost
	// first. Only tables with dynamic references keep it.
	scope []int32
}

// cgAnn collects which members and items of one value the keywords evaluated, for
// unevaluatedProperties and unevaluatedItems. Annotations of a subschema that fails are dropped.
type cgAnn struct {
	props, items []bool
}

func cgNewAnn(v *cgJSON) *cgAnn {
	switch v.kind {
	case cgObject:
		return &cgAnn{props: make([]bool, len(v.obj))}
	case cgArray:
		return &cgAnn{items: make([]bool, len(v.items))}
	}
	return &cgAnn{}
}

// merge adds what o evaluated to a; a may be nil (nobody asked).
func (a *cgAnn) merge(o *cgAnn) {
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

func (a *cgAnn) prop(i int) {
	if a != nil && a.props != nil {
		a.props[i] = true
	}
}

func (a *cgAnn) item(i int) {
	if a != nil && a.items != nil {
		a.items[i] = true
	}
}

// fail records a violation of keyword kw (appended to the keyword location) at the instance at.
func (c *cgCollector) fail(at, kwAt *cgPath, kw, msg string) {
	c.failed = true
	if c.quiet {
		return
	}
	loc := kwAt.String()
	if kw != "" {
		loc += "/" + kw
	}
	c.violations = append(c.violations, Violation{InstanceLocation: at.String(), KeywordLocation: loc, Message: msg})
}

// stop reports whether a quiet collector already has its answer.
func (c *cgCollector) stop() bool { return c.quiet && c.failed }

// err returns the violations as a *ValidationError, or nil.
func (c *cgCollector) err() error {
	if len(c.violations) == 0 {
		return nil
	}
	return &ValidationError{Violations: cgSortViolations(c.violations)}
}

// cgSortViolations orders violations by instance location, then keyword location, so that output
// does not depend on map iteration.
func cgSortViolations(vs []Violation) []Violation {
	slices.SortStableFunc(vs, func(a, b Violation) int {
		if c := strings.Compare(a.InstanceLocation, b.InstanceLocation); c != 0 {
			return c
		}
		return strings.Compare(a.KeywordLocation, b.KeywordLocation)
	})
	return vs
}

// matches evaluates node i against v quietly and reports whether v is valid.
func (c *cgCollector) matches(i int32, v *cgJSON) bool { return c.matchesAnn(i, v, nil) }

// matchesAnn is matches that also collects annotations into ann (when not nil).
func (c *cgCollector) matchesAnn(i int32, v *cgJSON, ann *cgAnn) bool {
	sub := cgCollector{nodes: c.nodes, quiet: true, scope: c.scope}
	sub.evalAnn(i, v, nil, nil, ann)
	return !sub.failed
}

// eval validates v against node i and every schema it applies.
func (c *cgCollector) eval(i int32, v *cgJSON, at, kw *cgPath) { c.evalAnn(i, v, at, kw, nil) }

// evalAnn is eval that records in ann (when not nil) the members and items it evaluated.
func (c *cgCollector) evalAnn(i int32, v *cgJSON, at, kw *cgPath, ann *cgAnn) {
	n := &c.nodes[i]
	switch n.Bool {
	case cgTrueSchema:
		return
	case cgFalseSchema:
		c.fail(at, kw, "", "no value is allowed here (the schema is false)")
		return
	}
	if n.Scope != 0 && (len(c.scope) == 0 || c.scope[len(c.scope)-1] != n.Scope) {
		c.scope = append(c.scope, n.Scope)
		defer func() { c.scope = c.scope[:len(c.scope)-1] }()
	}
	local := ann
	if (n.UnevaluatedProperties != 0 && v.kind == cgObject) || (n.UnevaluatedItems != 0 && v.kind == cgArray) {
		// unevaluated* sees only what this schema's own keywords evaluated.
		local = cgNewAnn(v)
		defer ann.merge(local)
	}
	if n.Ref != 0 {
		ref := cgKw(kw, "$ref")
		c.evalAnn(n.Ref, v, at, &ref, local)
	}
	if n.DynamicRef != 0 {
		ref := cgKw(kw, n.DynamicKeyword)
		c.evalAnn(c.dynamicTarget(n), v, at, &ref, local)
	}
	if n.Types != 0 && !cgTypeMatches(n.Types, v) {
		c.fail(at, kw, "type", "expected "+cgTypeList(n.Types)+", got "+cgKindName(v))
	}
	c.constEnum(n, v, at, kw)
	switch v.kind {
	case cgString:
		cgCheckStringKeywords(c, n, v.s, at, kw)
	case cgNumber:
		if d, ok := cgParseDecimal(v.s); ok {
			cgCheckDecimalKeywords(c, n, d, at, kw)
		}
	case cgArray:
		c.array(n, v, at, kw, local)
	case cgObject:
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
func (c *cgCollector) dynamicTarget(n *cgNode) int32 {
	if n.DynamicName == "" && !n.Recursive {
		return n.DynamicRef
	}
	for _, r := range c.scope {
		rn := &c.nodes[r]
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
func (c *cgCollector) unevaluated(n *cgNode, v *cgJSON, at, kw *cgPath, ann *cgAnn) {
	if n.UnevaluatedItems != 0 && v.kind == cgArray {
		k := cgKw(kw, "unevaluatedItems")
		for i := range v.items {
			if ann.items[i] || c.stop() {
				continue
			}
			item := cgIndex(at, "", i)
			if c.nodes[n.UnevaluatedItems].Bool == cgFalseSchema {
				c.fail(&item, kw, "unevaluatedItems", "item "+strconv.Itoa(i)+" is not allowed (no keyword evaluated it)")
			} else {
				c.eval(n.UnevaluatedItems, &v.items[i], &item, &k)
			}
			ann.items[i] = true
		}
	}
	if n.UnevaluatedProperties != 0 && v.kind == cgObject {
		k := cgKw(kw, "unevaluatedProperties")
		for i := range v.obj {
			if ann.props[i] || c.stop() {
				continue
			}
			m := &v.obj[i]
			loc := cgKey(at, "", m.name)
			if c.nodes[n.UnevaluatedProperties].Bool == cgFalseSchema {
				c.fail(&loc, kw, "unevaluatedProperties", "member "+strconv.Quote(m.name)+" is not allowed (no keyword evaluated it)")
			} else {
				c.eval(n.UnevaluatedProperties, &m.value, &loc, &k)
			}
			ann.props[i] = true
		}
	}
}

func cgTypeMatches(types uint8, v *cgJSON) bool {
	switch v.kind {
	case cgNull:
		return types&cgTypeNull != 0
	case cgBoolean:
		return types&cgTypeBoolean != 0
	case cgString:
		return types&cgTypeString != 0
	case cgArray:
		return types&cgTypeArray != 0
	case cgObject:
		return types&cgTypeObject != 0
	}
	if types&cgTypeNumber != 0 {
		return true
	}
	d, ok := cgParseDecimal(v.s)
	return types&cgTypeInteger != 0 && ok && d.isInt()
}

func cgTypeList(types uint8) string {
	var names []string
	for bit, name := range cgTypeNames {
		if types&(1<<bit) != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(names, " or ")
}

func (c *cgCollector) constEnum(n *cgNode, v *cgJSON, at, kw *cgPath) {
	if n.c.constant != nil && !cgEqual(n.c.constant, v) {
		c.fail(at, kw, "const", "must be "+n.Const)
	}
	if n.Enum != nil && !slices.ContainsFunc(n.c.enum, func(e cgJSON) bool { return cgEqual(&e, v) }) {
		c.fail(at, kw, "enum", "must be one of "+strings.Join(n.Enum, ", "))
	}
}

func (c *cgCollector) array(n *cgNode, v *cgJSON, at, kw *cgPath, ann *cgAnn) {
	count := int64(len(v.items))
	if n.MinItems.Set && count < n.MinItems.N {
		c.fail(at, kw, "minItems", "has "+strconv.FormatInt(count, 10)+" items, fewer than "+strconv.FormatInt(n.MinItems.N, 10))
	}
	if n.MaxItems.Set && count > n.MaxItems.N {
		c.fail(at, kw, "maxItems", "has "+strconv.FormatInt(count, 10)+" items, more than "+strconv.FormatInt(n.MaxItems.N, 10))
	}
	if n.UniqueItems {
		cgCheckUnique(c, v, at, kw)
	}
	for i := range v.items {
		if c.stop() {
			return
		}
		item := cgIndex(at, "", i)
		switch {
		case i < len(n.PrefixItems):
			k := cgIndex(kw, "prefixItems", i)
			c.eval(n.PrefixItems[i], &v.items[i], &item, &k)
			ann.item(i)
		case n.Items != 0:
			k := cgKw(kw, "items")
			c.eval(n.Items, &v.items[i], &item, &k)
			ann.item(i)
		}
	}
	if n.Contains != 0 {
		c.contains(n, v, at, kw, ann)
	}
}

func cgCheckUnique(c *cgCollector, v *cgJSON, at, kw *cgPath) {
	for i := range v.items {
		for j := i + 1; j < len(v.items); j++ {
			if cgEqual(&v.items[i], &v.items[j]) {
				c.fail(at, kw, "uniqueItems", "items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal")
				return
			}
		}
	}
}

func (c *cgCollector) contains(n *cgNode, v *cgJSON, at, kw *cgPath, ann *cgAnn) {
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
		c.fail(at, kw, "minContains", strconv.FormatInt(found, 10)+" items match contains, fewer than "+strconv.FormatInt(low, 10))
	case found < low:
		c.fail(at, kw, "contains", "no item matches the contains schema")
	case n.MaxContains.Set && found > n.MaxContains.N:
		c.fail(at, kw, "maxContains", strconv.FormatInt(found, 10)+" items match contains, more than "+strconv.FormatInt(n.MaxContains.N, 10))
	}
}

func (c *cgCollector) object(n *cgNode, v *cgJSON, at, kw *cgPath, ann *cgAnn) {
	count := int64(len(v.obj))
	if n.MinProperties.Set && count < n.MinProperties.N {
		c.fail(at, kw, "minProperties", "has "+strconv.FormatInt(count, 10)+" members, fewer than "+strconv.FormatInt(n.MinProperties.N, 10))
	}
	if n.MaxProperties.Set && count > n.MaxProperties.N {
		c.fail(at, kw, "maxProperties", "has "+strconv.FormatInt(count, 10)+" members, more than "+strconv.FormatInt(n.MaxProperties.N, 10))
	}
	for _, name := range n.Required {
		if v.member(name) == nil {
			c.fail(at, kw, "required", "missing required member "+strconv.Quote(name))
		}
	}
	for _, dep := range n.DependentRequired {
		if v.member(dep.Name) == nil {
			continue
		}
		for _, name := range dep.Required {
			if v.member(name) == nil {
				k := cgKey(kw, "dependentRequired", dep.Name)
				c.fail(at, &k, "", "member "+strconv.Quote(name)+" is required when "+strconv.Quote(dep.Name)+" is present")
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
			k := cgKey(kw, "dependentSchemas", dep.Name)
			c.evalAnn(dep.Node, v, at, &k, ann)
		}
	}
}

// member applies properties, patternProperties, additionalProperties and propertyNames to one
// member, and reports whether one of the first three evaluated it.
func (c *cgCollector) member(n *cgNode, m *cgJSONMember, at, kw *cgPath) bool {
	loc := cgKey(at, "", m.name)
	if n.PropertyNames != 0 {
		name := cgJSON{kind: cgString, s: m.name}
		k := cgKw(kw, "propertyNames")
		c.eval(n.PropertyNames, &name, &loc, &k)
	}
	declared := false
	for _, p := range n.Properties {
		if p.Name == m.name {
			declared = true
			k := cgKey(kw, "properties", p.Name)
			c.eval(p.Node, &m.value, &loc, &k)
		}
	}
	for j, p := range n.PatternProperties {
		if n.c.patterns[j].MatchString(m.name) {
			declared = true
			k := cgKey(kw, "patternProperties", p.Name)
			c.eval(p.Node, &m.value, &loc, &k)
		}
	}
	if !declared && n.AdditionalProperties != 0 {
		k := cgKw(kw, "additionalProperties")
		if c.nodes[n.AdditionalProperties].Bool == cgFalseSchema {
			c.fail(&loc, kw, "additionalProperties", "member "+strconv.Quote(m.name)+" is not allowed")
			return true
		}
		c.eval(n.AdditionalProperties, &m.value, &loc, &k)
		return true
	}
	return declared
}

func (c *cgCollector) applicators(n *cgNode, v *cgJSON, at, kw *cgPath, ann *cgAnn) {
	for j, s := range n.AllOf {
		k := cgIndex(kw, "allOf", j)
		c.evalAnn(s, v, at, &k, ann)
	}
	if n.AnyOf != nil {
		matched := false
		if ann == nil {
			matched = slices.ContainsFunc(n.AnyOf, func(s int32) bool { return c.matches(s, v) })
		} else {
			// Every branch that matches contributes its annotations, so none may be skipped.
			for _, s := range n.AnyOf {
				sub := cgNewAnn(v)
				if c.matchesAnn(s, v, sub) {
					matched = true
					ann.merge(sub)
				}
			}
		}
		if !matched {
			c.fail(at, kw, "anyOf", "matches none of the anyOf schemas")
		}
	}
	if n.OneOf != nil {
		var hits []string
		var hitAnn *cgAnn
		for j, s := range n.OneOf {
			var sub *cgAnn
			if ann != nil {
				sub = cgNewAnn(v)
			}
			if c.matchesAnn(s, v, sub) {
				hits = append(hits, strconv.Itoa(j))
				hitAnn = sub
			}
		}
		if len(hits) == 1 {
			ann.merge(hitAnn)
		}
		if len(hits) != 1 {
			msg := "matches none of the oneOf schemas"
			if len(hits) > 1 {
				msg = "matches oneOf schemas " + strings.Join(hits, " and ") + "; exactly one must match"
			}
			c.fail(at, kw, "oneOf", msg)
		}
	}
	if n.Not != 0 && c.matches(n.Not, v) {
		c.fail(at, kw, "not", "matches the schema under not")
	}
	if n.If != 0 {
		var sub *cgAnn
		if ann != nil {
			sub = cgNewAnn(v)
		}
		if c.matchesAnn(n.If, v, sub) {
			ann.merge(sub)
			if n.Then != 0 {
				k := cgKw(kw, "then")
				c.evalAnn(n.Then, v, at, &k, ann)
			}
		} else if n.Else != 0 {
			k := cgKw(kw, "else")
			c.evalAnn(n.Else, v, at, &k, ann)
		}
	}
}

// cgCheckStringKeywords applies minLength, maxLength (in Unicode code points) and pattern.
func cgCheckStringKeywords(c *cgCollector, n *cgNode, s string, at, kw *cgPath) {
	if n.MinLength.Set || n.MaxLength.Set {
		count := int64(utf8.RuneCountInString(s))
		if n.MinLength.Set && count < n.MinLength.N {
			c.fail(at, kw, "minLength", "has "+strconv.FormatInt(count, 10)+" characters, fewer than "+strconv.FormatInt(n.MinLength.N, 10))
		}
		if n.MaxLength.Set && count > n.MaxLength.N {
			c.fail(at, kw, "maxLength", "has "+strconv.FormatInt(count, 10)+" characters, more than "+strconv.FormatInt(n.MaxLength.N, 10))
		}
	}
	if n.c.re != nil && !n.c.re.MatchString(s) {
		c.fail(at, kw, "pattern", "does not match the pattern "+strconv.Quote(n.Pattern))
	}
}

// cgCheckDecimalKeywords applies the numeric bounds and multipleOf, exactly.
func cgCheckDecimalKeywords(c *cgCollector, n *cgNode, d cgDecimal, at, kw *cgPath) {
	for k, b := range n.c.bounds {
		if b == nil {
			continue
		}
		cmp := cgCmpDecimal(d, *b)
		if [4]bool{cmp >= 0, cmp <= 0, cmp > 0, cmp < 0}[k] {
			continue
		}
		c.fail(at, kw, cgBoundKeywords[k], d.String()+" is not "+cgBoundPhrase[k]+" "+b.String())
	}
	if m := n.c.multiple; m != nil && m.tooLong(d) {
		c.fail(at, kw, "multipleOf", d.String()+" has more than "+strconv.Itoa(cgMultipleDigitLimit)+
			" significant digits, too many to check multipleOf "+n.c.multLit+" on")
	} else if m != nil && !m.divides(d) {
		c.fail(at, kw, "multipleOf", d.String()+" is not a multiple of "+n.c.multLit)
	}
}

// cgBoundPhrase says what each bound requires, for messages.
var cgBoundPhrase = [4]string{"at least", "at most", "greater than", "less than"}
