package cgruntime

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"unsafe"
)

// encodeType appends the canonical encoding of the value of type p at ptr.
func encodeType(buf []byte, p *typePlan, ptr unsafe.Pointer) ([]byte, error) {
	switch p.desc.Kind {
	case KindStruct:
		return encodeStruct(buf, p, ptr)
	case KindEnum:
		return appendString(buf, *(*string)(ptr)), nil
	case KindAlias:
		return encodeElem(buf, p.under, ptr)
	case KindUnion:
		return encodeUnion(buf, p, ptr)
	}
	return buf, nil
}

// encodeStruct writes the declared members in schema order, then the undeclared ones sorted by
// name. An optional member held by pointer, or whose nil (or zero, FieldOmitZero) value means
// absent, is left out when it has that value.
func encodeStruct(buf []byte, p *typePlan, ptr unsafe.Pointer) ([]byte, error) {
	buf = append(buf, '{')
	first := true
	for i := range p.fields {
		f := &p.fields[i]
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
		buf = appendName(buf, first, f.name)
		first = false
		var err error
		if buf, err = encodeElem(buf, &f.elem, x); err != nil {
			return nil, errWrap(f.name, err)
		}
	}
	if p.desc.Extra {
		var err error
		if buf, err = encExtra(buf, first, *(*map[string]json.RawMessage)(unsafe.Add(ptr, p.extraOff))); err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

// isNil reports whether a value whose nil means absent (slice, map, raw JSON, any) is nil.
func isNil(e *elemPlan, ptr unsafe.Pointer) bool {
	switch e.base.Kind() {
	case reflect.Slice:
		return (*sliceHeader)(ptr).data == nil
	case reflect.Map, reflect.Pointer:
		return *(*unsafe.Pointer)(ptr) == nil
	case reflect.Interface:
		return *(*any)(ptr) == nil
	}
	return false
}

// isZero reports whether the value of e at ptr is its type's zero value (FieldOmitZero).
func isZero(e *elemPlan, ptr unsafe.Pointer) bool {
	return reflect.NewAt(e.rt, ptr).Elem().IsZero()
}

// encodeElem appends the encoding of the value of e at ptr.
func encodeElem(buf []byte, e *elemPlan, ptr unsafe.Pointer) ([]byte, error) {
	if e.desc.Nullable {
		if *(*bool)(unsafe.Add(ptr, e.nullOff)) {
			return append(buf, "null"...), nil
		}
		ptr = unsafe.Add(ptr, e.valueOff)
	}
	switch e.kind {
	case ElemString:
		return appendString(buf, *(*string)(ptr)), nil
	case ElemBool:
		return strconv.AppendBool(buf, *(*bool)(ptr)), nil
	case ElemInt64:
		return strconv.AppendInt(buf, *(*int64)(ptr), 10), nil
	case ElemNumber:
		return encNumber(buf, *(*json.Number)(ptr))
	case ElemRaw:
		return encRaw(buf, *(*json.RawMessage)(ptr))
	case ElemAny:
		return encAny(buf, *(*any)(ptr))
	case ElemNull:
		return append(buf, "null"...), nil
	case ElemCustom:
		return encodeCustom(buf, e, ptr)
	case ElemRef:
		return encodeType(buf, e.named, ptr)
	case ElemSlice:
		h := (*sliceHeader)(ptr)
		if h.data == nil {
			return append(buf, "[]"...), nil
		}
		buf = append(buf, '[')
		size := e.elem.rt.Size()
		var err error
		for i := 0; i < h.len; i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			if buf, err = encodeElem(buf, e.elem, unsafe.Add(h.data, uintptr(i)*size)); err != nil {
				return nil, err
			}
		}
		return append(buf, ']'), nil
	case ElemMap:
		return encodeMap(buf, e, ptr)
	}
	return buf, nil
}

// encodeMap writes members sorted by name, like encoding/json.
func encodeMap(buf []byte, e *elemPlan, ptr unsafe.Pointer) ([]byte, error) {
	m := mapValue(e.base, ptr)
	keys := make([]string, 0, m.Len())
	iter := m.MapRange()
	for iter.Next() {
		keys = append(keys, iter.Key().String())
	}
	slices.Sort(keys)
	buf = append(buf, '{')
	x := reflect.New(e.elem.rt)
	var err error
	for i, k := range keys {
		buf = appendName(buf, i == 0, k)
		x.Elem().Set(m.MapIndex(reflect.ValueOf(k).Convert(e.base.Key())))
		if buf, err = encodeElem(buf, e.elem, x.UnsafePointer()); err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

// encodeUnion writes the variant a sum type holds, the unknown value as read, or null.
func encodeUnion(buf []byte, p *typePlan, ptr unsafe.Pointer) ([]byte, error) {
	if n := heldCount(p, ptr); n > 1 {
		return nil, unionErrSeveral(p.desc.Name, n)
	}
	for i := range p.variants {
		v := &p.variants[i]
		if x := *(*unsafe.Pointer)(unsafe.Add(ptr, v.off)); x != nil {
			return encodeElem(buf, &v.elem, x)
		}
	}
	return encRaw(buf, *(*json.RawMessage)(unsafe.Add(ptr, p.unknownOff)))
}

// heldCount counts the fields of a sum type that are set.
func heldCount(p *typePlan, ptr unsafe.Pointer) int {
	n := 0
	for i := range p.variants {
		if *(*unsafe.Pointer)(unsafe.Add(ptr, p.variants[i].off)) != nil {
			n++
		}
	}
	if (*sliceHeader)(unsafe.Add(ptr, p.unknownOff)).data != nil {
		n++
	}
	return n
}

// mapValue is the map at ptr as a reflect.Value. A map is a pointer, so an interface holding it
// is the map's type word beside that pointer: built by hand, it reaches reflect.ValueOf without a
// copy of the map's header on the heap, and without moving ptr there either (reflect.NewAt(t, ptr)
// would make every caller's value escape: a generated Validate with a value receiver then
// allocates on valid input).
func mapValue(t reflect.Type, ptr unsafe.Pointer) reflect.Value {
	var m any
	e := (*eface)(unsafe.Pointer(&m))
	e.typ, e.data = (*eface)(unsafe.Pointer(&t)).data, *(*unsafe.Pointer)(ptr)
	return reflect.ValueOf(m)
}

// encodeCustom appends the encoding of a value of the user's Go type, as encoding/json writes it
// (its MarshalJSON when it has one), compacted as every other value is.
func encodeCustom(buf []byte, e *elemPlan, ptr unsafe.Pointer) ([]byte, error) {
	j, err := json.Marshal(reflect.NewAt(e.base, ptr).Interface())
	if err != nil {
		return buf, err
	}
	return encRaw(buf, j)
}
