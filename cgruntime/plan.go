package cgruntime

import (
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"
)

// A generated package can describe its types as data (Schema: the validation table and one
// TypeDesc per named type) instead of writing a decoder, an encoder and a validator per type. The
// runtime turns each description into a plan once, at first use, with the offset of every field
// taken from reflect, and then decodes, encodes and validates by interpreting the plan: no code per
// type, no reflection per value. The plans follow the same rules as the per-type code, member for
// member: the same violations at the same locations, the same canonical bytes.

// The kinds of TypeDesc.
const (
	// KindStruct is a struct: Fields in declaration order, then Extra when TypeDesc.Extra is set.
	KindStruct uint8 = iota + 1
	// KindEnum is a string type whose known values are constants.
	KindEnum
	// KindAlias is a named type over another Go type (TypeDesc.Under).
	KindAlias
	// KindUnion is a sum type: one pointer field per variant, then the raw field for a value that
	// selects no variant (TypeDesc.Union).
	KindUnion
)

// The kinds of ElemDesc: the Go representation of a schema.
const (
	ElemRaw    uint8 = iota // json.RawMessage, or a type defined over it
	ElemBool                // bool
	ElemInt64               // int64
	ElemNumber              // json.Number
	ElemString              // string, or a type defined over it
	ElemRef                 // a named type of the package (ElemDesc.Type)
	ElemSlice               // []Elem
	ElemMap                 // map[string]Elem
	ElemAny                 // any
	ElemNull                // the package's Null type
	// ElemCustom is a Go type of the user's (x-go-type, goJSONSchema.type, a format or $ref
	// mapping): decoded and encoded by encoding/json, through its json.Unmarshaler and
	// json.Marshaler when it has them, and validated as the JSON it encodes to.
	ElemCustom
)

// The flags of FieldDesc.
const (
	// FieldRequired marks a required member: a decoder that does not see it reports it missing.
	FieldRequired uint8 = 1 << iota
	// FieldPointer marks an optional member held by pointer; nil means absent.
	FieldPointer
	// FieldNullOK marks a member whose value may be null as such (nullable, raw, a sum type, Null).
	FieldNullOK
	// FieldOmitNil marks an optional member whose nil value (slice, map, raw JSON) means absent.
	FieldOmitNil
	// FieldOmitZero marks an optional member held by value whose Go zero value means absent: the
	// generator sets it only where no valid value of the member is that zero value.
	FieldOmitZero
)

// The rules of UnionDesc: how a value selects its variant.
const (
	UnionByTag      uint8 = iota + 1 // a member's string value (UnionDesc.Tag, VariantDesc.Values)
	UnionByMembers                   // the members only one variant requires (VariantDesc.Members)
	UnionByJSONType                  // the JSON type (VariantDesc.First: the bytes its values start with)
)

// Schema is a generated package's description of itself: its validation table and its named
// types. The generated package declares one as a variable; its methods are what the package's
// Parse, Validate, MarshalJSON and UnmarshalJSON call.
type Schema struct {
	// Text is the validation table as text (see CompileText), compiled into Nodes at first use,
	// so that a program that imports a large generated package pays for its table only when it
	// decodes or validates; ECMA runs the patterns RE2 cannot (nil when none needs it).
	Text string
	ECMA ECMAEngine
	// Nodes is the compiled validation table. Packages of generator version 3 and before set it
	// themselves; read it through Table.
	Nodes []Node
	// Types describes the package's named types; ElemDesc.Type indexes it. Packages of generator
	// version 4 and before set it themselves; later ones set TypeText and GoTypes.
	Types []TypeDesc
	// TypeText describes the types as text, as Text does the table: one TypeDesc per line without
	// Go and Name, read into Types at first use; GoTypes holds their Go types, (*T)(nil), in the
	// same order, from which Go and Name come.
	TypeText string
	GoTypes  []any

	mu    sync.Mutex
	plans atomic.Pointer[[]*typePlan]
}

// TypeDesc describes one named type of a generated package.
type TypeDesc struct {
	// Go is a nil pointer to the type: (*T)(nil).
	Go any
	// Name is the Go name, for messages.
	Name string
	// Kind is KindStruct, KindEnum, KindAlias or KindUnion.
	Kind uint8
	// Node is the table node of the type's schema.
	Node int32
	// Fields are a struct's declared members, in the order of the struct's fields.
	Fields []FieldDesc
	// Extra says the struct keeps undeclared members in a map after its declared fields.
	Extra bool
	// ExtraNode is the node that undeclared members are validated against (additionalProperties
	// when it is a schema, not a boolean); 0 checks nothing.
	ExtraNode int32
	// ExtraRequired are the required members that no field declares, sorted: only Extra can hold
	// them.
	ExtraRequired []string
	// Composed says the schema has rules beside the members: validation checks the encoded object
	// against the whole schema.
	Composed bool
	// Under is an alias type's Go representation.
	Under *ElemDesc
	// Union describes a sum type.
	Union *UnionDesc
}

// FieldDesc describes one declared member of a struct.
type FieldDesc struct {
	// Name is the JSON member name.
	Name string
	// Kw is the keyword path of the member's value below the struct's, without the leading
	// slash, when it is not the usual one ("properties/name", and "/$ref" after it when Type.Ref):
	// the path through the part that declares the member in a merged struct.
	Kw string
	// RequiredKw is the keyword path (with its leading slash) of the merged part that requires
	// the member, "" for the struct's own required.
	RequiredKw string
	// Flags are FieldRequired, FieldPointer, FieldNullOK, FieldOmitNil, FieldOmitZero.
	Flags uint8
	// Type is the member's Go representation (without the pointer of FieldPointer).
	Type ElemDesc
}

// ElemDesc is the Go representation of a schema, with the schema's table node for validation.
type ElemDesc struct {
	// Kind is one of the Elem kinds.
	Kind uint8
	// Nullable says the Go type is Nullable[T] of the kind's type T.
	Nullable bool
	// Ref says the schema is a "$ref" (validation steps through "/$ref" to a named type, and
	// decoding reports a member's value at ".../$ref").
	Ref bool
	// Type is the named type of ElemRef, an index into Schema.Types.
	Type int32
	// Node is the schema's table node; 0 when there is no schema to check.
	Node int32
	// Whole says a Nullable's value that is not null is checked as JSON against the whole node,
	// whose rules are a union's (OpenAPI 3.1's nullable, oneOf: [X, {"type": "null"}]): the Go
	// type is X's, so only the encoded value can be held to both branches, as the untyped value is.
	Whole bool
	// Elem is the element of ElemSlice and ElemMap.
	Elem *ElemDesc
}

// UnionDesc describes a sum type.
type UnionDesc struct {
	// Rule is UnionByTag, UnionByMembers or UnionByJSONType.
	Rule uint8
	// Keyword is "oneOf" or "anyOf".
	Keyword string
	// Tag is the discriminating member of UnionByTag.
	Tag string
	// Variants are the variants, in the order of the sum type's fields.
	Variants []VariantDesc
}

// VariantDesc describes one variant of a sum type.
type VariantDesc struct {
	// Type is the variant's Go representation (its field holds a pointer to it).
	Type ElemDesc
	// Values are the discriminator values that select the variant (UnionByTag).
	Values []string
	// Members are the members whose presence selects the variant (UnionByMembers).
	Members []string
	// First are the bytes a JSON value that selects the variant starts with (UnionByJSONType).
	First string
	// Selects says when the Go value held encodes as JSON that selects this variant: SelectsNever,
	// SelectsAlways, or SelectsByField (the string field TagField of the variant's struct holds
	// one of Values).
	Selects uint8
	// TagField is the index of the variant struct's field that holds the discriminator.
	TagField int32
}

// The values of VariantDesc.Selects.
const (
	SelectsNever uint8 = iota
	SelectsAlways
	SelectsByField
)

// typePlan is a TypeDesc prepared for a Go type: field offsets and the plans of what the fields
// hold.
type typePlan struct {
	desc   *TypeDesc
	rt     reflect.Type
	fields []fieldPlan
	// index finds a field by member name in structs with many fields; small ones are searched.
	index    map[string]int
	extraOff uintptr
	required int
	under    *elemPlan
	// variants and unknownOff are a sum type's variant fields and its raw field.
	variants   []variantPlan
	unknownOff uintptr
}

type fieldPlan struct {
	desc *FieldDesc
	name string
	off  uintptr
	// reqIndex is the member's place among the required members, or -1.
	reqIndex int
	// kw is the step to the value's keyword location when decoding (FieldDesc.Kw).
	kw   string
	elem elemPlan
}

type variantPlan struct {
	desc *VariantDesc
	off  uintptr
	elem elemPlan
}

// elemPlan is an ElemDesc prepared for a Go type.
type elemPlan struct {
	desc *ElemDesc
	kind uint8
	// rt is the Go type of the value (for Nullable, Nullable[T]); base is T.
	rt, base reflect.Type
	// valueOff and nullOff locate Nullable's fields.
	valueOff, nullOff uintptr
	// named is the plan of ElemRef's type.
	named *typePlan
	// elem is the plan of a slice's or map's element.
	elem *elemPlan
	// elemKw is the keyword step, as the validator names it, to the schema of a slice's items or
	// of a map's members that no pattern admits: "items" or "additionalProperties", then "/$ref"
	// when that schema is a reference. One string, so that decoding takes one step, not two.
	elemKw string
	// patterns is a map's node when it has patternProperties, and patternKws the step to each
	// pattern's schema: a member that a pattern admits is decoded under the first such pattern.
	patterns   *Node
	patternKws []string
	// checks says whether validation has anything to check in such a value.
	checks bool
	// scratch pools a map's mapScratch for the validator.
	scratch *sync.Pool
}

// mapScratch is where the validator copies a map's entries one at a time: map values are not
// addressable, and making the two values per map would cost two allocations per map validated.
type mapScratch struct{ value, key reflect.Value }

// plan returns the plan of type i, building the plans of every type once, at first use.
func (s *Schema) plan(i int) *typePlan {
	if p := s.plans.Load(); p != nil {
		return (*p)[i]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.plans.Load(); p != nil {
		return (*p)[i]
	}
	s.compileTable()
	s.compileTypes()
	plans := make([]*typePlan, len(s.Types))
	for j := range plans {
		plans[j] = &typePlan{desc: &s.Types[j], rt: reflect.TypeOf(s.Types[j].Go).Elem()}
	}
	for _, p := range plans {
		s.prepare(plans, p)
	}
	s.plans.Store(&plans)
	return plans[i]
}

// prepare fills in a type's plan from its description and its Go type. A description that does
// not fit the Go type is a contractgen bug, so it panics.
func (s *Schema) prepare(plans []*typePlan, p *typePlan) {
	d, rt := p.desc, p.rt
	switch d.Kind {
	case KindStruct:
		if rt.Kind() != reflect.Struct || rt.NumField() < len(d.Fields) {
			panic("cgruntime: " + d.Name + " does not fit its description")
		}
		p.fields = make([]fieldPlan, len(d.Fields))
		for i := range d.Fields {
			fd := &d.Fields[i]
			sf := rt.Field(i)
			ft := sf.Type
			if fd.Flags&FieldPointer != 0 {
				ft = ft.Elem()
			}
			f := &p.fields[i]
			*f = fieldPlan{desc: fd, name: fd.Name, off: sf.Offset, reqIndex: -1, kw: fd.Kw}
			if f.kw == "" {
				f.kw = "properties/" + PointerToken(fd.Name)
				if fd.Type.Ref {
					f.kw += "/$ref"
				}
			}
			if fd.Flags&FieldRequired != 0 {
				f.reqIndex = p.required
				p.required++
			}
			s.elem(plans, &f.elem, &fd.Type, ft)
		}
		if d.Extra {
			p.extraOff = rt.Field(len(d.Fields)).Offset
		}
		if len(d.Fields) > 8 {
			p.index = make(map[string]int, len(d.Fields))
			for i := len(d.Fields) - 1; i >= 0; i-- {
				p.index[d.Fields[i].Name] = i
			}
		}
	case KindEnum:
		if rt.Kind() != reflect.String {
			panic("cgruntime: " + d.Name + " does not fit its description")
		}
	case KindAlias:
		p.under = &elemPlan{}
		s.elem(plans, p.under, d.Under, rt)
	case KindUnion:
		u := d.Union
		p.variants = make([]variantPlan, len(u.Variants))
		for i := range u.Variants {
			sf := rt.Field(i)
			p.variants[i] = variantPlan{desc: &u.Variants[i], off: sf.Offset}
			s.elem(plans, &p.variants[i].elem, &u.Variants[i].Type, sf.Type.Elem())
		}
		p.unknownOff = rt.Field(len(u.Variants)).Offset
	}
}

// elem fills in the plan of a value of Go type rt described by d.
func (s *Schema) elem(plans []*typePlan, e *elemPlan, d *ElemDesc, rt reflect.Type) {
	*e = elemPlan{desc: d, kind: d.Kind, rt: rt, base: rt}
	if d.Nullable {
		vf, _ := rt.FieldByName("Value")
		nf, _ := rt.FieldByName("Null")
		e.base, e.valueOff, e.nullOff = vf.Type, vf.Offset, nf.Offset
	}
	switch d.Kind {
	case ElemRef:
		e.named = plans[d.Type]
		// A named type defined over another (type S Schema) has the other's layout.
		if e.named.rt != e.base && !e.base.ConvertibleTo(e.named.rt) {
			panic("cgruntime: " + e.named.desc.Name + " does not fit its description")
		}
	case ElemSlice, ElemMap:
		e.elem = &elemPlan{}
		s.elem(plans, e.elem, d.Elem, e.base.Elem())
		ref := ""
		if d.Elem.Ref {
			ref = "/$ref"
		}
		e.elemKw = "items" + ref
		if d.Kind == ElemMap {
			base := e.base
			e.scratch = &sync.Pool{New: func() any {
				return &mapScratch{reflect.New(base.Elem()), reflect.New(base.Key()).Elem()}
			}}
			e.elemKw = "additionalProperties" + ref
			if d.Node != 0 && len(s.Nodes[d.Node].PatternProperties) > 0 {
				e.patterns = &s.Nodes[d.Node]
				for _, p := range e.patterns.PatternProperties {
					e.patternKws = append(e.patternKws, "patternProperties/"+PointerToken(p.Name)+ref)
				}
			}
		}
	}
	e.checks = s.elemChecks(e)
}

// elemChecks says whether validating a value of e can find anything: the conditions under which
// per-type code would call a check at all.
func (s *Schema) elemChecks(e *elemPlan) bool {
	d := e.desc
	if d.Node == 0 {
		return false
	}
	if d.Nullable {
		return true
	}
	n := &s.Nodes[d.Node]
	switch d.Kind {
	case ElemString:
		return n.HasConst || n.Enum != nil || n.MinLength.Set || n.MaxLength.Set || n.Pattern != "" || n.Format != ""
	case ElemBool:
		return n.HasConst || n.Enum != nil
	case ElemInt64:
		return n.HasConst || n.Enum != nil || n.Minimum != "" || n.Maximum != "" || n.ExclusiveMinimum != "" ||
			n.ExclusiveMaximum != "" || n.MultipleOf != ""
	case ElemNumber:
		return true
	case ElemRaw, ElemAny, ElemCustom:
		return n.Bool != TrueSchema
	case ElemRef:
		return true
	case ElemSlice:
		return n.MinItems.Set || n.MaxItems.Set || n.UniqueItems || e.elem.checks
	case ElemMap:
		return mapWhole(n) || len(n.Required) > 0 || e.elem.checks
	}
	return false
}

// mapWhole says a map's schema has rules on member names or counts, so that the map is validated
// as one encoded object.
func mapWhole(n *Node) bool {
	return len(n.PatternProperties) > 0 || n.PropertyNames != 0 || n.MinProperties.Set || n.MaxProperties.Set
}

// field finds a struct's field by member name, or -1.
func (p *typePlan) field(name string) int {
	if p.index != nil {
		if i, ok := p.index[name]; ok {
			return i
		}
		return -1
	}
	for i := range p.fields {
		if p.fields[i].name == name {
			return i
		}
	}
	return -1
}

// eface is the layout of an interface value holding a pointer.
type eface struct {
	typ, data unsafe.Pointer
}

// pointerOf returns the pointer an interface value holds. The runtime entry points take the
// generated type's pointer as any, so that one function serves every type.
func pointerOf(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).data }

// Unmarshal decodes data tolerantly into v, a pointer to type t: unknown members and enum values
// are kept, null for a member that does not allow it is treated as absent; only values the Go
// types cannot hold are errors. It is UnmarshalJSON of generated types.
func (s *Schema) Unmarshal(data []byte, v any, t int) error {
	var d Decoder
	raw, err := d.prepare(data)
	if err != nil {
		return err
	}
	defer d.release()
	return d.decodeRoot(s.plan(t), raw, pointerOf(v))
}

// Marshal encodes v, a pointer to type t, in the contract's canonical form. It is MarshalJSON of
// generated types.
func (s *Schema) Marshal(v any, t int) ([]byte, error) {
	return encodeType(nil, s.plan(t), pointerOf(v))
}

// Validate reports every way v, a pointer to type t, breaks its schema as a *ValidationError, or
// returns nil. A valid value is validated without allocating.
func (s *Schema) Validate(v any, t int) error {
	p := s.plan(t) // first: it compiles the table
	c := Collector{Nodes: s.Nodes}
	validateRoot(&c, p, pointerOf(v))
	return c.Err()
}

// Table returns the compiled validation table, compiling it on first use. Nodes is written once,
// under the lock, before the plans are published; every read follows a read of the plans or the
// lock.
func (s *Schema) Table() []Node {
	if s.TypeText != "" || len(s.Types) > 0 { // TypeText first: Types is written under the lock
		s.plan(0)
		return s.Nodes
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.compileTable()
	return s.Nodes
}

// compileTypes reads TypeText into Types, once; the caller holds s.mu.
func (s *Schema) compileTypes() {
	if s.Types != nil || s.TypeText == "" {
		return
	}
	types := readLines[TypeDesc](s.TypeText, "the type descriptions")
	if len(types) != len(s.GoTypes) {
		panic("cgruntime: " + strconv.Itoa(len(types)) + " type descriptions for " + strconv.Itoa(len(s.GoTypes)) + " Go types")
	}
	for i, g := range s.GoTypes {
		types[i].Go = g
		types[i].Name = reflect.TypeOf(g).Elem().Name()
	}
	s.Types = types
}

// compileTable compiles Text into Nodes, once; the caller holds s.mu.
func (s *Schema) compileTable() {
	if s.Nodes == nil && s.Text != "" {
		s.Nodes = CompileText(s.Text, s.ECMA)
	}
}

// ParseAs decodes data strictly as type t of s, whose Go type is T, and validates the result,
// returning every violation in one *ValidationError. It is Parse of generated packages.
func ParseAs[T any](s *Schema, t int, data []byte) (*T, error) {
	d := Decoder{strict: true}
	raw, err := d.prepare(data)
	if err != nil {
		return nil, err
	}
	p := s.plan(t)
	v := new(T)
	err = d.decodeRoot(p, raw, unsafe.Pointer(v))
	d.release()
	if err != nil {
		return nil, err
	}
	if len(d.violations) == 0 {
		c := Collector{Nodes: s.Nodes}
		validateRoot(&c, p, unsafe.Pointer(v))
		if len(c.violations) == 0 {
			return v, nil
		}
	}
	return nil, rejected(s.Nodes, p.desc.Node, raw, d.violations)
}

// errWrap prefixes an encoding error with the member it occurred in, as Put does.
func errWrap(name string, err error) error { return fmt.Errorf("%s: %w", name, err) }

// stepKw is a keyword step written as is: kw holds the pointer tokens already escaped.
func stepKw(up *Path, kw string) Path { return Kw(up, kw) }
