package cgruntime

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// The plan decoder keeps locations as chains of steps (Path) and renders them only for a violation
// or an error, so a value nested D deep costs D steps, not D string copies per level (which made
// deep recursive documents quadratic). The steps live on a pooled stack (pathStack), as the plan
// validator's do: on the goroutine's stack each would move to the heap, one allocation per member
// and item, since every step points at its parent across a recursion the compiler cannot bound.

// Inside a sum type's variant, a strict decoder records keyword violations only as a count: any
// such violation makes the variant fail, and every enclosing union's in turn, and a failing union
// keeps none of them (only repeated member names, and its own violation at the outermost union).
// Rendering their locations anyway cost depth squared on a deep invalid recursive union.

// failAt records a keyword violation in strict mode: kw gets suffix.
func (d *Decoder) failAt(at, kw *Path, suffix, msg string) {
	if !d.strict {
		return
	}
	d.keywordFails++
	if d.unionDepth > 0 {
		return
	}
	d.violations = append(d.violations, Violation{at.memo(), kw.memo() + suffix, msg})
}

// mismatchAt is Mismatch with the locations as paths.
func (d *Decoder) mismatchAt(at, kw *Path, want string, raw []byte) error {
	got := kindOf(raw)
	if d.strict {
		d.failAt(at, kw, "/type", "expected "+want+", got "+got)
		return nil
	}
	return fmt.Errorf("%s: expected %s, got %s", location(at.memo()), want, got)
}

// membersAt splits an object into its members. In strict mode a member name that occurs twice is
// a violation: RFC 8259 leaves such objects undefined and parsers disagree about them
// (encoding/json keeps the last, others the first), so Parse refuses to pick one.
func (d *Decoder) membersAt(raw []byte, at *Path, buf []Member) ([]Member, error) {
	members, err := objectMembers(&d.scan, raw, buf)
	if err != nil || !d.strict {
		return members, err
	}
	duplicates(members, func(name string) { d.duplicate(at.memo(), name) })
	return members, nil
}

// checkNestedAt reports, in strict mode, duplicate member names anywhere inside a value that is
// kept without being split (raw and "any" values).
func (d *Decoder) checkNestedAt(raw []byte, at *Path) {
	if !d.strict || !containsByte(raw, '{') {
		return
	}
	_, _ = parseJSONIn(&d.scan, raw, "", at, d.duplicate)
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// decodeRoot decodes raw into the value of type p at ptr with a pooled stack of steps.
func (d *Decoder) decodeRoot(p *typePlan, raw []byte, ptr unsafe.Pointer) error {
	d.stack = pathStacks.Get().(*pathStack)
	// Member names are looked up, not kept, except where a map or the member bag keeps them
	// (those clone theirs): the document stays unchanged for the call, so they may borrow it.
	d.scan.borrow = true
	err := d.decodeType(p, raw, ptr, nil, nil)
	d.stack.steps = d.stack.steps[:0]
	pathStacks.Put(d.stack)
	d.stack = nil
	return err
}

// push adds a step and returns it; the caller truncates the stack when the step is done.
func (d *Decoder) push(p Path) *Path {
	d.stack.steps = append(d.stack.steps, p)
	return &d.stack.steps[len(d.stack.steps)-1]
}

// decodeType decodes raw into the value of type p at ptr.
func (d *Decoder) decodeType(p *typePlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	switch p.desc.Kind {
	case KindStruct:
		return d.decodeStruct(p, raw, ptr, at, kw)
	case KindEnum:
		if raw[0] != '"' {
			*(*string)(ptr) = ""
			return d.mismatchAt(at, kw, "string", raw)
		}
		s, err := unquote(raw)
		*(*string)(ptr) = s
		return err
	case KindAlias:
		return d.decodeElem(p.under, raw, ptr, at, kw)
	case KindUnion:
		return d.decodeUnion(p, raw, ptr, at, kw)
	}
	return nil
}

// decodeStruct splits an object and decodes each declared member into its field, keeps or
// reports the others, and reports the required members that did not occur.
func (d *Decoder) decodeStruct(p *typePlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	if raw[0] != '{' {
		return d.mismatchAt(at, kw, "object", raw)
	}
	var buf [16]Member
	members, err := d.membersAt(raw, at, buf[:0])
	if err != nil {
		return err
	}
	reflect.NewAt(p.rt, ptr).Elem().SetZero()
	var seenBuf [64]bool
	var seen []bool
	if p.required > len(seenBuf) {
		seen = make([]bool, p.required)
	} else {
		seen = seenBuf[:p.required]
	}
	// An error ends the whole decoding, whose root empties the stack; every other way out of an
	// iteration leaves its steps behind for the next one to truncate.
	mark := len(d.stack.steps)
	for _, m := range members {
		d.stack.steps = d.stack.steps[:mark]
		i := p.field(m.Name)
		if i < 0 {
			loc := d.push(Key(at, "", m.Name))
			if !p.desc.Extra {
				d.failAt(loc, d.push(Kw(kw, "additionalProperties")), "", "member is not allowed")
				continue
			}
			extra := (*map[string]json.RawMessage)(unsafe.Add(ptr, p.extraOff))
			if *extra == nil {
				*extra = make(map[string]json.RawMessage)
			}
			(*extra)[strings.Clone(m.Name)] = append(json.RawMessage(nil), m.Value...)
			d.checkNestedAt(m.Value, loc)
			continue
		}
		f := &p.fields[i]
		if f.reqIndex >= 0 {
			seen[f.reqIndex] = true
		}
		loc, k := d.push(Key(at, "", m.Name)), d.push(stepKw(kw, f.kw))
		if f.desc.Flags&FieldNullOK == 0 && IsNull(m.Value) {
			d.failAt(loc, k, "/type", "null is not allowed here")
			continue
		}
		dst := unsafe.Add(ptr, f.off)
		if f.desc.Flags&FieldPointer != 0 {
			x := reflect.New(f.elem.rt).UnsafePointer()
			if err := d.decodeElem(&f.elem, m.Value, x, loc, k); err != nil {
				return err
			}
			*(*unsafe.Pointer)(dst) = x
			continue
		}
		if err := d.decodeElem(&f.elem, m.Value, dst, loc, k); err != nil {
			return err
		}
		if d.strict && f.desc.Flags&FieldOmitZero != 0 && isZero(&f.elem, dst) {
			// A value member's zero means absent, and the generator proved no valid value is
			// that zero: a present one is a violation, which validating the Go value cannot see.
			d.failAt(loc, k, "", "this value is not valid here (the schema rules it out; the Go field holds it as absent)")
		}
	}
	d.stack.steps = d.stack.steps[:mark]
	if d.strict && p.required > 0 {
		for i := range p.fields {
			f := &p.fields[i]
			if f.reqIndex < 0 || seen[f.reqIndex] {
				continue
			}
			k := kw
			if f.desc.RequiredKw != "" {
				k = d.push(stepKw(kw, f.desc.RequiredKw[1:]))
			}
			d.failAt(at, k, "/required", "missing required member "+strconv.Quote(f.name))
			d.stack.steps = d.stack.steps[:mark]
		}
	}
	return nil
}

// decodeElem decodes raw into the value of e at ptr. A value of the wrong type leaves the zero
// value (and, strictly, a violation).
func (d *Decoder) decodeElem(e *elemPlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	if e.desc.Nullable {
		if IsNull(raw) {
			*(*bool)(unsafe.Add(ptr, e.nullOff)) = true
			return nil
		}
		ptr = unsafe.Add(ptr, e.valueOff)
	}
	switch e.kind {
	case ElemString:
		if raw[0] != '"' {
			*(*string)(ptr) = ""
			return d.mismatchAt(at, kw, "string", raw)
		}
		s, err := unquote(raw)
		*(*string)(ptr) = s
		return err
	case ElemBool:
		switch string(raw) {
		case "true":
			*(*bool)(ptr) = true
			return nil
		case "false":
			*(*bool)(ptr) = false
			return nil
		}
		*(*bool)(ptr) = false
		return d.mismatchAt(at, kw, "boolean", raw)
	case ElemInt64:
		n, err := d.int64At(raw, at, kw)
		*(*int64)(ptr) = n
		return err
	case ElemNumber:
		if kindOf(raw) != "number" {
			*(*json.Number)(ptr) = ""
			return d.mismatchAt(at, kw, "number", raw)
		}
		*(*json.Number)(ptr) = json.Number(raw)
		return nil
	case ElemRaw:
		d.checkNestedAt(raw, at)
		*(*[]byte)(ptr) = append([]byte(nil), raw...)
		return nil
	case ElemAny:
		x, err := decAnyAt(d, raw, "", at)
		if err != nil {
			return err
		}
		*(*any)(ptr) = x
		return nil
	case ElemNull:
		if !IsNull(raw) {
			return d.mismatchAt(at, kw, "null", raw)
		}
		return nil
	case ElemCustom:
		return d.decodeCustom(e, raw, ptr, at, kw)
	case ElemRef:
		return d.decodeType(e.named, raw, ptr, at, kw)
	case ElemSlice:
		return d.decodeSlice(e, raw, ptr, at, kw)
	case ElemMap:
		return d.decodeMap(e, raw, ptr, at, kw)
	}
	return nil
}

// int64At accepts any number with an integral value: 1, 1.0, 1e3 and -0 are all integers in JSON
// Schema. Literals that are not plain int64 are read as digits and an exponent, in time linear in
// their length: a million-digit literal is refused as out of range after one pass, not after
// building a million-digit big.Int.
func (d *Decoder) int64At(raw []byte, at, kw *Path) (int64, error) {
	if k := kindOf(raw); k != "number" {
		return 0, d.mismatchAt(at, kw, "integer", raw)
	}
	if len(raw) <= 20 {
		if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
			return n, nil
		}
	}
	dec, ok := parseDecimal(string(raw))
	if !ok || !dec.isInt() {
		return 0, d.mismatchAt(at, kw, "integer", raw)
	}
	n, fits := dec.int64()
	if !fits {
		if d.strict {
			d.failAt(at, kw, "/type", "integer "+abbreviate(raw)+" is outside the range this type holds")
			return 0, nil
		}
		return 0, fmt.Errorf("%s: integer %s is outside the range this type holds", location(at.String()), abbreviate(raw))
	}
	return n, nil
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func (d *Decoder) decodeSlice(e *elemPlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	if raw[0] != '[' {
		*(*sliceHeader)(ptr) = sliceHeader{}
		return d.mismatchAt(at, kw, "array", raw)
	}
	items := arrayItems(&d.scan, raw)
	// An empty array is an empty slice, not nil: the member is present.
	s := reflect.MakeSlice(e.base, len(items), len(items))
	base, size := s.UnsafePointer(), e.elem.rt.Size()
	mark := len(d.stack.steps)
	k := d.push(Kw(kw, e.elemKw))
	for i, item := range items {
		d.stack.steps = d.stack.steps[:mark+1]
		if err := d.decodeElem(e.elem, item, unsafe.Add(base, uintptr(i)*size), d.push(Index(at, "", i)), k); err != nil {
			*(*sliceHeader)(ptr) = sliceHeader{}
			return err
		}
	}
	d.stack.steps = d.stack.steps[:mark]
	*(*sliceHeader)(ptr) = sliceHeader{base, len(items), len(items)}
	return nil
}

func (d *Decoder) decodeMap(e *elemPlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	m := reflect.NewAt(e.base, ptr).Elem()
	if raw[0] != '{' {
		m.SetZero()
		return d.mismatchAt(at, kw, "object", raw)
	}
	var buf [16]Member
	members, err := d.membersAt(raw, at, buf[:0])
	if err != nil {
		return err
	}
	out := reflect.MakeMapWithSize(e.base, len(members))
	mark := len(d.stack.steps)
	elemKw := d.push(Kw(kw, e.elemKw))
	x := reflect.New(e.elem.rt)
	for _, mem := range members {
		d.stack.steps = d.stack.steps[:mark+1]
		k := elemKw
		if n := e.patterns; n != nil {
			// The keyword the value is held to, as the validator names it: the first pattern
			// that admits the member's name, else additionalProperties.
			for j := range n.PatternProperties {
				if ok, _ := n.c.patterns[j].match(mem.Name); ok {
					k = d.push(Kw(kw, e.patternKws[j]))
					break
				}
			}
		}
		x.Elem().SetZero()
		if err := d.decodeElem(e.elem, mem.Value, x.UnsafePointer(), d.push(Key(at, "", mem.Name)), k); err != nil {
			m.SetZero()
			return err
		}
		out.SetMapIndex(reflect.ValueOf(strings.Clone(mem.Name)), x.Elem())
	}
	d.stack.steps = d.stack.steps[:mark]
	m.Set(out)
	return nil
}

// decodeUnion finds the variant raw selects and decodes that variant alone, or keeps raw as JSON
// when it selects none. Tolerantly, the variant's error is returned; strictly, a variant that
// fails a keyword leaves the value as JSON too, with only its repeated member names reported.
func (d *Decoder) decodeUnion(p *typePlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	reflect.NewAt(p.rt, ptr).Elem().SetZero()
	u := p.desc.Union
	pick := -1
	switch u.Rule {
	case UnionByTag:
		if tag, ok := unionTag(d, raw, u.Tag); ok {
			for i := range u.Variants {
				for _, v := range u.Variants[i].Values {
					if v == tag && pick < 0 {
						pick = i
					}
				}
			}
		}
	case UnionByMembers:
		sets := make([][]string, len(u.Variants))
		for i := range u.Variants {
			sets[i] = u.Variants[i].Members
		}
		pick = unionPick(d, raw, sets)
	case UnionByJSONType:
		for i := range u.Variants {
			if containsByte([]byte(u.Variants[i].First), raw[0]) {
				pick = i
				break
			}
		}
	}
	if pick < 0 {
		d.checkNestedAt(raw, at)
		*(*[]byte)(unsafe.Add(ptr, p.unknownOff)) = append([]byte(nil), raw...)
		return nil
	}
	v := &p.variants[pick]
	fails := d.keywordFails
	x := reflect.New(v.elem.rt).UnsafePointer()
	d.unionDepth++
	err := d.decodeElem(&v.elem, raw, x, at, kw)
	d.unionDepth--
	if err != nil {
		return err
	}
	if d.keywordFails == fails {
		*(*unsafe.Pointer)(unsafe.Add(ptr, v.off)) = x
		return nil
	}
	// The variant's keyword violations were only counted; its repeated member names stay. Inside
	// another union's variant, counting fails that one too. At the outermost union the value is
	// kept as JSON, so that validation reports it as it reports the untyped union: the selected
	// variant's violations under the union's own.
	if d.unionDepth > 0 {
		d.failAt(at, kw, "/"+u.Keyword, "matches none of the "+u.Keyword+" schemas")
		return nil
	}
	*(*[]byte)(unsafe.Add(ptr, p.unknownOff)) = append([]byte(nil), raw...)
	return nil
}

// decodeCustom decodes raw into a value of the user's Go type with encoding/json. A value the
// type cannot hold is, strictly, a violation at the member (the schema may admit it; the Go type
// does not), and tolerantly the error.
func (d *Decoder) decodeCustom(e *elemPlan, raw []byte, ptr unsafe.Pointer, at, kw *Path) error {
	v := reflect.NewAt(e.base, ptr)
	v.Elem().SetZero()
	err := json.Unmarshal(raw, v.Interface())
	if err == nil {
		return nil
	}
	v.Elem().SetZero()
	msg := "cannot be held by the Go type " + e.base.String() + ": " + err.Error()
	if d.strict {
		d.failAt(at, kw, "", msg)
		return nil
	}
	return fmt.Errorf("%s: %s", location(at.memo()), msg)
}
