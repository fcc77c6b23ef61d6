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
	body, open := strings.CutPrefix(text, "[\n")
	body, closed := strings.CutSuffix(body, "\n]")
	if !open || !closed {
		panic("cgruntime: the validation table is not one node per line")
	}
	nodes := make([]Node, strings.Count(body, "\n")+1)
	setters := nodeSetters()
	for i := range nodes {
		line, rest, _ := strings.Cut(body, "\n")
		body = rest
		r := tableReader{s: strings.TrimSuffix(line, ",")}
		r.object(func(key string) {
			set, ok := setters[key]
			if !ok {
				r.fail("unknown field " + strconv.Quote(key))
				return
			}
			set(&r, unsafe.Pointer(&nodes[i]))
		})
		if r.err == "" && r.i != len(r.s) {
			r.fail("text after the node")
		}
		if r.err != "" {
			panic("cgruntime: node " + strconv.Itoa(i) + " of the validation table: " + r.err + ": " + abbreviate([]byte(r.s)))
		}
	}
	return CompileWith(nodes, ecma)
}

// fieldSetter reads one field's value and stores it in the node at p.
type fieldSetter func(r *tableReader, p unsafe.Pointer)

var (
	settersOnce sync.Once
	setters     map[string]fieldSetter
)

// nodeSetters maps each exported field of Node to its reader, by the field's type, so that a field
// added to Node is read without a change here (and a field of a new type panics in the tests).
func nodeSetters() map[string]fieldSetter {
	settersOnce.Do(func() {
		typ := reflect.TypeFor[Node]()
		setters = make(map[string]fieldSetter, typ.NumField())
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() {
				continue
			}
			setters[f.Name] = setterFor(f)
		}
	})
	return setters
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
	case reflect.TypeFor[bool]():
		return func(r *tableReader, p unsafe.Pointer) { *(*bool)(unsafe.Add(p, off)) = r.bool() }
	case reflect.TypeFor[string]():
		return func(r *tableReader, p unsafe.Pointer) { *(*string)(unsafe.Add(p, off)) = r.str() }
	case reflect.TypeFor[Count]():
		return func(r *tableReader, p unsafe.Pointer) {
			c := (*Count)(unsafe.Add(p, off))
			r.object(func(key string) {
				switch key {
				case "Set":
					c.Set = r.bool()
				case "N":
					c.N = r.int()
				default:
					r.fail("unknown count field " + strconv.Quote(key))
				}
			})
		}
	case reflect.TypeFor[[]string]():
		return listSetter(off, (*tableReader).str)
	case reflect.TypeFor[[]int32]():
		return listSetter(off, func(r *tableReader) int32 { return int32(r.int()) })
	case reflect.TypeFor[[]Prop]():
		return listSetter(off, func(r *tableReader) (prop Prop) {
			r.object(func(key string) {
				switch key {
				case "Name":
					prop.Name = r.str()
				case "Node":
					prop.Node = int32(r.int())
				default:
					r.fail("unknown member field " + strconv.Quote(key))
				}
			})
			return prop
		})
	case reflect.TypeFor[[]Dependency]():
		return listSetter(off, func(r *tableReader) (dep Dependency) {
			r.object(func(key string) {
				switch key {
				case "Name":
					dep.Name = r.str()
				case "Required":
					dep.Required = readList(r, (*tableReader).str)
				default:
					r.fail("unknown dependency field " + strconv.Quote(key))
				}
			})
			return dep
		})
	}
	panic("cgruntime: the table reader has no reader for Node." + f.Name + " of type " + f.Type.String())
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
