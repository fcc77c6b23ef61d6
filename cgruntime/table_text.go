package cgruntime

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// CompileText is CompileWith for a table written as text: a JSON array with one node per line,
// each node with Node's field names and only its set fields, compact, as the generator writes it.
// Generated packages carry their table so, as one string constant, because the compiler reads a
// string in a fraction of the time and memory a composite literal of thousands of nodes costs it.
// The text is read by a reader of that one shape, several times faster than encoding/json; its
// strings point into the text, which is a constant. A table that does not read is a generator
// bug, so it panics.
func CompileText(text string, ecma ECMAEngine) []Node {
	return CompileWith(readLines[Node](text, "the validation table"), ecma)
}

// readLines reads text written as the generator writes a table (a JSON array with one T per
// line, each with T's field names and only its set fields); what names the text in a panic.
func readLines[T any](text, what string) []T {
	body, open := strings.CutPrefix(text, "[\n")
	body, closed := strings.CutSuffix(body, "\n]")
	if !open || !closed {
		panic("cgruntime: " + what + " is not one item per line")
	}
	items := make([]T, strings.Count(body, "\n")+1)
	fields := settersOf(reflect.TypeFor[T]())
	for i := range items {
		line, rest, _ := strings.Cut(body, "\n")
		body = rest
		r := tableReader{s: strings.TrimSuffix(line, ",")}
		readFields(&r, fields, unsafe.Pointer(&items[i]))
		if r.err == "" && r.i != len(r.s) {
			r.fail("text after the item")
		}
		if r.err != "" {
			panic("cgruntime: item " + strconv.Itoa(i) + " of " + what + ": " + r.err + ": " + abbreviate([]byte(r.s)))
		}
	}
	return items
}

// fieldSetter reads one field's value and stores it in the struct at p.
type fieldSetter func(r *tableReader, p unsafe.Pointer)

// setters caches, per struct type, the reader of each exported field by name.
var setters sync.Map // reflect.Type -> map[string]fieldSetter

// settersOf maps each exported field of struct type t to its reader, chosen by the field's type,
// so that a field added to a described struct is read without a change here (and a field of a
// type the reader lacks panics in the tests).
func settersOf(t reflect.Type) map[string]fieldSetter {
	if m, ok := setters.Load(t); ok {
		return m.(map[string]fieldSetter)
	}
	m := make(map[string]fieldSetter, t.NumField())
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && f.Type.Kind() != reflect.Interface {
			m[f.Name] = setterFor(f)
		}
	}
	setters.Store(t, m)
	return m
}

// readFields reads {"Field":value,…} into the struct at p, whose fields' readers are fields.
func readFields(r *tableReader, fields map[string]fieldSetter, p unsafe.Pointer) {
	r.object(func(key string) {
		set, ok := fields[key]
		if !ok {
			r.fail("unknown field " + strconv.Quote(key))
			return
		}
		set(r, p)
	})
}

// structReader returns a reader of one T, which looks up T's field readers once, at its first
// use: a described struct may hold itself (ElemDesc.Elem), so they cannot be looked up sooner.
func structReader[T any]() func(r *tableReader, v *T) {
	fields := sync.OnceValue(func() map[string]fieldSetter { return settersOf(reflect.TypeFor[T]()) })
	return func(r *tableReader, v *T) { readFields(r, fields(), unsafe.Pointer(v)) }
}

// structSetter reads a struct field of type T at off; with pointer, a field of type *T, which
// null leaves nil, as encoding/json reads it.
func structSetter[T any](off uintptr, pointer bool) fieldSetter {
	read := structReader[T]()
	if pointer {
		return func(r *tableReader, p unsafe.Pointer) {
			if strings.HasPrefix(r.s[r.i:], "null") {
				r.i += 4
				return
			}
			v := new(T)
			read(r, v)
			*(**T)(unsafe.Add(p, off)) = v
		}
	}
	return func(r *tableReader, p unsafe.Pointer) { read(r, (*T)(unsafe.Add(p, off))) }
}

// structListSetter reads a list of T at off, each item in its place in the list (a T read
// through a function value and then copied would escape to the heap, one allocation an item).
func structListSetter[T any](off uintptr) fieldSetter {
	read := structReader[T]()
	return func(r *tableReader, p unsafe.Pointer) {
		dst := (*[]T)(unsafe.Add(p, off))
		if strings.HasPrefix(r.s[r.i:], "null") {
			r.i += 4
			*dst = nil
			return
		}
		list := []T{}
		r.list(func() {
			list = append(list, *new(T))
			read(r, &list[len(list)-1])
		})
		*dst = list
	}
}

func setterFor(f reflect.StructField) fieldSetter {
	off := f.Offset
	switch f.Type {
	case reflect.TypeFor[int8]():
		return func(r *tableReader, p unsafe.Pointer) { *(*int8)(unsafe.Add(p, off)) = int8(r.int()) }
	case reflect.TypeFor[uint8]():
		return func(r *tableReader, p unsafe.Pointer) { *(*uint8)(unsafe.Add(p, off)) = uint8(r.int()) }
	case reflect.TypeFor[int32]():
		return func(r *tableReader, p unsafe.Pointer) { *(*int32)(unsafe.Add(p, off)) = int32(r.int()) }
	case reflect.TypeFor[int64]():
		return func(r *tableReader, p unsafe.Pointer) { *(*int64)(unsafe.Add(p, off)) = r.int() }
	case reflect.TypeFor[bool]():
		return func(r *tableReader, p unsafe.Pointer) { *(*bool)(unsafe.Add(p, off)) = r.bool() }
	case reflect.TypeFor[string]():
		return func(r *tableReader, p unsafe.Pointer) { *(*string)(unsafe.Add(p, off)) = r.str() }
	case reflect.TypeFor[[]string]():
		return listSetter(off, (*tableReader).str)
	case reflect.TypeFor[[]int32]():
		return listSetter(off, func(r *tableReader) int32 { return int32(r.int()) })
	case reflect.TypeFor[Count]():
		return structSetter[Count](off, false)
	case reflect.TypeFor[[]Prop]():
		return structListSetter[Prop](off)
	case reflect.TypeFor[[]Dependency]():
		return structListSetter[Dependency](off)
	case reflect.TypeFor[ElemDesc]():
		return structSetter[ElemDesc](off, false)
	case reflect.TypeFor[*ElemDesc]():
		return structSetter[ElemDesc](off, true)
	case reflect.TypeFor[*UnionDesc]():
		return structSetter[UnionDesc](off, true)
	case reflect.TypeFor[[]FieldDesc]():
		return structListSetter[FieldDesc](off)
	case reflect.TypeFor[[]VariantDesc]():
		return structListSetter[VariantDesc](off)
	}
	panic("cgruntime: the table reader has no reader for " + f.Name + " of type " + f.Type.String())
}

// tableReader reads one line of the table: compact JSON, no spaces. After the first error it
// reads nothing more.
type tableReader struct {
	s   string
	i   int
	err string
}

func (r *tableReader) fail(msg string) {
	if r.err == "" {
		r.err = msg + " at byte " + strconv.Itoa(r.i)
	}
	r.i = len(r.s)
}

func (r *tableReader) next(c byte) bool {
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *tableReader) expect(c byte) {
	if !r.next(c) {
		r.fail("want " + strconv.QuoteRune(rune(c)))
	}
}

// object reads {"key":value,…}, calling member for each key with the reader at its value.
func (r *tableReader) object(member func(key string)) {
	r.expect('{')
	if r.next('}') {
		return
	}
	for r.err == "" {
		key := r.str()
		r.expect(':')
		member(key)
		if !r.next(',') {
			r.expect('}')
			return
		}
	}
}

// list reads […], calling item for each item with the reader at it.
func (r *tableReader) list(item func()) {
	r.expect('[')
	if r.next(']') {
		return
	}
	for r.err == "" {
		item()
		if !r.next(',') {
			r.expect(']')
			return
		}
	}
}

// listSetter reads a list field at off, each item with item.
func listSetter[T any](off uintptr, item func(*tableReader) T) fieldSetter {
	return func(r *tableReader, p unsafe.Pointer) { *(*[]T)(unsafe.Add(p, off)) = readList(r, item) }
}

// readList reads […] as encoding/json does: null is a nil list, [] an empty one.
func readList[T any](r *tableReader, item func(*tableReader) T) []T {
	if strings.HasPrefix(r.s[r.i:], "null") {
		r.i += 4
		return nil
	}
	list := []T{}
	r.list(func() { list = append(list, item(r)) })
	return list
}

// str reads a string: a slice of the text when it has no escape, else what encoding/json reads.
func (r *tableReader) str() string {
	start := r.i
	r.expect('"')
	escaped := false
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '\\':
			escaped = true
			r.i += 2
			continue
		case '"':
			r.i++
			if !escaped {
				return r.s[start+1 : r.i-1]
			}
			var s string
			if err := json.Unmarshal([]byte(r.s[start:r.i]), &s); err != nil {
				r.fail(err.Error())
			}
			return s
		}
		r.i++
	}
	r.fail("unterminated string")
	return ""
}

func (r *tableReader) int() int64 {
	start := r.i
	if r.i < len(r.s) && r.s[r.i] == '-' {
		r.i++
	}
	for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
		r.i++
	}
	n, err := strconv.ParseInt(r.s[start:r.i], 10, 64)
	if err != nil {
		r.fail("want an integer")
	}
	return n
}

func (r *tableReader) bool() bool {
	switch {
	case strings.HasPrefix(r.s[r.i:], "true"):
		r.i += 4
		return true
	case strings.HasPrefix(r.s[r.i:], "false"):
		r.i += 5
		return false
	}
	r.fail("want true or false")
	return false
}
