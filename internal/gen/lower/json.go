package lower

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
)

// JSON writes the table as the runtimes read it as text (cgruntime.CompileText, the Rust crate's
// table): a JSON array with one node per line, numbered as Nodes, each node with the Go runtime's
// field names and only the fields that are set (an empty list stays: allOf [] and no allOf differ
// for the runtime). adjust, when not nil, may rewrite node i's fields before they are written (the
// Rust target spells its patterns its own way). Non-ASCII characters are escaped, so that the
// text holds no invisible or look-alike character, and so is every backquote, so that Go can carry
// the text as a raw string literal.
func (t *Table) JSON(adjust func(i int, fields map[string]json.RawMessage) error) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i := range t.Nodes {
		raw, err := json.Marshal(&t.Nodes[i])
		if err != nil {
			return nil, err
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, err
		}
		for k, v := range fields {
			switch string(v) {
			case "null", "false", "0", `""`, `{"Set":false,"N":0}`:
				delete(fields, k)
			}
		}
		if adjust != nil {
			if err := adjust(i, fields); err != nil {
				return nil, err
			}
		}
		compact, err := json.Marshal(fields) // sorted keys: the text is deterministic
		if err != nil {
			return nil, err
		}
		b.Write(compact)
		if i < len(t.Nodes)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]")
	return asciiJSON(b.Bytes()), nil
}

// asciiJSON escapes every non-ASCII character and every backquote of JSON text as \uXXXX (a
// surrogate pair beyond U+FFFF). Outside strings JSON text has neither.
func asciiJSON(text []byte) []byte {
	var b bytes.Buffer
	for _, r := range string(text) {
		switch {
		case r == '`':
			b.WriteString(`\u0060`)
		case r < 0x80:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.Bytes()
}

// Lines writes items as the Go runtime reads a list of descriptions as text (cgruntime's
// readLines): a JSON array with one item per line, each a struct written with its field names and
// only the fields that are set, at every depth (an empty but present list stays), escaped as the
// table is so that Go can carry the text as a raw string literal.
func Lines[T any](items []T) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i := range items {
		if err := writeSet(&b, reflect.ValueOf(&items[i]).Elem()); err != nil {
			return nil, err
		}
		if i < len(items)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]")
	return asciiJSON(b.Bytes()), nil
}

// writeSet writes v as compact JSON, a struct with only its set exported fields, in their order.
func writeSet(b *bytes.Buffer, v reflect.Value) error {
	switch v.Kind() {
	case reflect.Struct:
		b.WriteByte('{')
		first := true
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || f.Type.Kind() == reflect.Interface || v.Field(i).IsZero() {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.Quote(f.Name) + ":")
			if err := writeSet(b, v.Field(i)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case reflect.Pointer:
		return writeSet(b, v.Elem())
	case reflect.Slice:
		b.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeSet(b, v.Index(i)); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case reflect.String:
		s, err := json.Marshal(v.String())
		if err != nil {
			return err
		}
		b.Write(s)
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	default:
		return fmt.Errorf("lower: cannot write a %s as a description", v.Type())
	}
	return nil
}
