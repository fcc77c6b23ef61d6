package cgruntime

import (
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"unsafe"
)

// The plan validator walks a Go value and calls one check per schema, as the checks of
// validate_typed.go expect: a valid value is validated without allocating. Locations are steps
// pushed on a pooled stack (pathStack): steps on the goroutine's stack would each move to the heap,
// since every step points at its parent across a recursion the compiler cannot bound. Values held
// as JSON (raw members, unions) go to the interpreter with those steps as they are: they live on
// the pooled stack already, and the interpreter renders them only for a violation.

// pathStack holds the steps of the locations being validated. A step points at its parent; when
// the slice grows, earlier steps stay valid in the old array, which nothing writes again.
type pathStack struct{ steps []Path }

var pathStacks = sync.Pool{New: func() any { return &pathStack{steps: make([]Path, 0, 64)} }}

// push adds a step and returns it; the caller truncates the stack when the step is done.
func (c *Collector) push(p Path) *Path {
	c.stack.steps = append(c.stack.steps, p)
	return &c.stack.steps[len(c.stack.steps)-1]
}

// validateRoot validates the value of type p at ptr with a pooled stack of steps.
func validateRoot(c *Collector, p *typePlan, ptr unsafe.Pointer) {
	c.stack = pathStacks.Get().(*pathStack)
	validateType(c, p, ptr, nil, nil)
	c.stack.steps = c.stack.steps[:0]
	pathStacks.Put(c.stack)
	c.stack = nil
}

// validateType validates the value of type p at ptr.
func validateType(c *Collector, p *typePlan, ptr unsafe.Pointer, at, kw *Path) {
	switch p.desc.Kind {
	case KindStruct:
		validateStruct(c, p, ptr, at, kw)
	case KindEnum:
		checkString(c, p.desc.Node, *(*string)(ptr), at, kw)
	case KindAlias:
		if p.under.checks {
			validateElem(c, p.under, ptr, at, kw)
		}
	case KindUnion:
		validateUnion(c, p, ptr, at, kw)
	}
}

// validateStruct checks each declared member that is present, the undeclared members against
// additionalProperties, and the required members that only the member bag can hold. A struct whose
// schema has rules beside its members is checked as its encoding, against the whole schema.
func validateStruct(c *Collector, p *typePlan, ptr unsafe.Pointer, at, kw *Path) {
	d := p.desc
	if d.Composed {
		raw, err := encodeStruct(nil, p, ptr)
		if err != nil {
			c.Fail(at, kw, "", "cannot be encoded as JSON: "+err.Error())
			return
		}
		checkRaw(c, d.Node, raw, at, kw)
		return
	}
	for i := range p.fields {
		f := &p.fields[i]
		if !f.elem.checks {
			continue
		}
		x := unsafe.Add(ptr, f.off)
		switch {
		case f.desc.Flags&FieldPointer != 0:
			x = *(*unsafe.Pointer)(x)
			if x == nil {
				continue
			}
		case f.desc.Flags&FieldOmitNil != 0:
			if isNil(&f.elem, x) {
				continue
			}
		case f.desc.Flags&FieldOmitZero != 0:
			if isZero(&f.elem, x) {
				continue
			}
		}
		n := len(c.stack.steps)
		validateElem(c, &f.elem, x, c.push(Key(at, "", f.name)), c.push(Key(kw, "properties", f.name)))
		c.stack.steps = c.stack.steps[:n]
	}
	if !d.Extra {
		return
	}
	extra := *(*map[string]json.RawMessage)(unsafe.Add(ptr, p.extraOff))
	if d.ExtraNode != 0 {
		n := len(c.stack.steps)
		for name, raw := range extra {
			checkRaw(c, d.ExtraNode, raw, c.push(Key(at, "", name)), c.push(Kw(kw, "additionalProperties")))
			c.stack.steps = c.stack.steps[:n]
		}
	}
	for _, name := range d.ExtraRequired {
		if _, ok := extra[name]; !ok {
			c.Fail(at, kw, "required", "missing required member "+strconv.Quote(name))
		}
	}
}

// validateElem validates the value of e at ptr against e's schema.
func validateElem(c *Collector, e *elemPlan, ptr unsafe.Pointer, at, kw *Path) {
	node := e.desc.Node
	if node == 0 {
		return // no schema
	}
	if e.desc.Nullable {
		if *(*bool)(unsafe.Add(ptr, e.nullOff)) {
			checkNull(c, node, at, kw)
			return
		}
		ptr = unsafe.Add(ptr, e.valueOff)
		if e.desc.Whole {
			j, err := json.Marshal(reflect.NewAt(e.base, ptr).Interface())
			if err != nil {
				c.Fail(at, kw, "", "cannot be encoded as JSON: "+err.Error())
				return
			}
			checkRaw(c, node, j, at, kw)
			return
		}
	}
	switch e.kind {
	case ElemString:
		if e.checks {
			checkString(c, node, *(*string)(ptr), at, kw)
		}
	case ElemBool:
		if e.checks {
			checkBool(c, node, *(*bool)(ptr), at, kw)
		}
	case ElemInt64:
		if e.checks {
			checkInt64(c, node, *(*int64)(ptr), at, kw)
		}
	case ElemNumber:
		checkNumber(c, node, *(*json.Number)(ptr), at, kw)
	case ElemRaw:
		if e.checks {
			checkRaw(c, node, *(*json.RawMessage)(ptr), at, kw)
		}
	case ElemAny:
		if e.checks {
			checkAny(c, node, *(*any)(ptr), at, kw)
		}
	case ElemCustom:
		if e.checks {
			// The schema speaks of the JSON value, so the value is checked as the JSON it encodes to.
			j, err := json.Marshal(reflect.NewAt(e.base, ptr).Interface())
			if err != nil {
				c.Fail(at, kw, "", "cannot be encoded as JSON: "+err.Error())
				return
			}
			checkRaw(c, node, j, at, kw)
		}
	case ElemRef:
		if e.desc.Ref {
			n := len(c.stack.steps)
			validateType(c, e.named, ptr, at, c.push(Kw(kw, "$ref")))
			c.stack.steps = c.stack.steps[:n]
			return
		}
		validateType(c, e.named, ptr, at, kw)
	case ElemSlice:
		validateSlice(c, e, ptr, at, kw)
	case ElemMap:
		validateMap(c, e, ptr, at, kw)
	}
}

func validateSlice(c *Collector, e *elemPlan, ptr unsafe.Pointer, at, kw *Path) {
	n := &c.Nodes[e.desc.Node]
	h := (*sliceHeader)(ptr)
	if n.MinItems.Set || n.MaxItems.Set {
		checkItemCount(c, e.desc.Node, h.len, at, kw)
	}
	if n.UniqueItems {
		copied := *h // see mapValue
		b, err := json.Marshal(reflect.NewAt(e.base, unsafe.Pointer(&copied)).Elem().Interface())
		checkUniqueJSON(c, b, err, at, kw)
	}
	if !e.elem.checks {
		return
	}
	size := e.elem.rt.Size()
	top := len(c.stack.steps)
	k := c.push(Kw(kw, "items"))
	for i := 0; i < h.len; i++ {
		validateElem(c, e.elem, unsafe.Add(h.data, uintptr(i)*size), c.push(Index(at, "", i)), k)
		c.stack.steps = c.stack.steps[:top+1]
	}
	c.stack.steps = c.stack.steps[:top]
}

func validateMap(c *Collector, e *elemPlan, ptr unsafe.Pointer, at, kw *Path) {
	n := &c.Nodes[e.desc.Node]
	m := mapValue(e.base, ptr)
	if mapWhole(n) {
		// Rules on member names and counts see the whole object: the map's encoding is checked
		// against the whole schema, as raw JSON is.
		j, err := json.Marshal(m.Interface())
		if err != nil {
			c.Fail(at, kw, "", "cannot be encoded as JSON: "+err.Error())
			return
		}
		checkRaw(c, e.desc.Node, j, at, kw)
		return
	}
	for _, name := range n.Required {
		if !m.MapIndex(reflect.ValueOf(name).Convert(e.base.Key())).IsValid() {
			c.Fail(at, kw, "required", "missing required member "+strconv.Quote(name))
		}
	}
	if !e.elem.checks || m.Len() == 0 {
		return
	}
	top := len(c.stack.steps)
	k := c.push(Kw(kw, "additionalProperties"))
	// SetIterKey and SetIterValue copy into pooled values, where Key and Value would allocate a
	// copy of each entry.
	s := e.scratch.Get().(*mapScratch)
	iter := m.MapRange()
	for iter.Next() {
		s.value.Elem().SetIterValue(iter)
		s.key.SetIterKey(iter)
		validateElem(c, e.elem, s.value.UnsafePointer(), c.push(Key(at, "", s.key.String())), k)
		c.stack.steps = c.stack.steps[:top+1]
	}
	s.value.Elem().SetZero() // the pool must not keep the last value alive
	e.scratch.Put(s)
	c.stack.steps = c.stack.steps[:top]
}

// validateUnion validates a sum type, whose variants exclude one another: the held variant is
// checked alone, quietly, and a valid one is the verdict. An invalid one whose JSON selects it
// fails the whole union, which is the verdict a quiet collector needs; anything else (a report of
// why, several fields set, none, or a variant whose value would select another) is encoded and
// checked against the whole union by the interpreter.
func validateUnion(c *Collector, p *typePlan, ptr unsafe.Pointer, at, kw *Path) {
	d := p.desc
	if heldCount(p, ptr) == 1 {
		for i := range p.variants {
			v := &p.variants[i]
			x := *(*unsafe.Pointer)(unsafe.Add(ptr, v.off))
			if x == nil {
				continue
			}
			// The variant is tried on c itself, made quiet for the try: a collector of its own
			// would escape to the heap and cost an allocation per union.
			quiet, failed := c.Quiet, c.Failed
			c.Quiet, c.Failed = true, false
			validateElem(c, &v.elem, x, nil, nil)
			variantFailed := c.Failed
			c.Quiet, c.Failed = quiet, failed
			if !variantFailed {
				return
			}
			if c.Quiet && selects(v, x) {
				c.Fail(at, kw, d.Union.Keyword, "matches none of the "+d.Union.Keyword+" schemas")
				return
			}
			break
		}
	}
	raw, err := encodeUnion(nil, p, ptr)
	if err != nil {
		c.Fail(at, kw, "", err.Error())
		return
	}
	checkRaw(c, d.Node, raw, at, kw)
}

// selects reports whether the Go value x held by variant v encodes as JSON that selects v.
func selects(v *variantPlan, x unsafe.Pointer) bool {
	switch v.desc.Selects {
	case SelectsAlways:
		return true
	case SelectsByField:
		s := *(*string)(unsafe.Add(x, v.elem.named.fields[v.desc.TagField].off))
		for _, want := range v.desc.Values {
			if s == want {
				return true
			}
		}
	}
	return false
}
