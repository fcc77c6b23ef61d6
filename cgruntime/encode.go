package cgruntime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Encodable is implemented by every generated named type.
type Encodable interface {
	CgEncode(buf []byte) ([]byte, error)
}

// hex is used to escape control characters the way encoding/json does.
const hex = "0123456789abcdef"

// appendString appends s as a JSON string literal, byte for byte as encoding/json writes it
// (HTML-sensitive characters, U+2028 and U+2029 escaped; invalid UTF-8 replaced), so that generated
// encoders and encoding/json agree on one canonical form.
func appendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch b {
			case '\\', '"':
				buf = append(buf, '\\', b)
			case '\b':
				buf = append(buf, '\\', 'b')
			case '\f':
				buf = append(buf, '\\', 'f')
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// appendName appends a member name and the colon, preceded by a comma unless it is the first.
func appendName(buf []byte, first bool, name string) []byte {
	if !first {
		buf = append(buf, ',')
	}
	buf = appendString(buf, name)
	return append(buf, ':')
}

func EncString(buf []byte, s string) ([]byte, error) { return appendString(buf, s), nil }

func EncBool(buf []byte, b bool) ([]byte, error) { return strconv.AppendBool(buf, b), nil }

func EncInt64(buf []byte, n int64) ([]byte, error) { return strconv.AppendInt(buf, n, 10), nil }

// EncNumber writes a json.Number as its literal after checking that it is one.
func EncNumber(buf []byte, n json.Number) ([]byte, error) {
	if n == "" {
		return append(buf, '0'), nil
	}
	if !json.Valid([]byte(n)) || kindOf([]byte(n)) != "number" {
		return nil, fmt.Errorf("invalid number literal %q", string(n))
	}
	return append(buf, n...), nil
}

// EncRaw writes a raw value compacted, so whitespace from an input does not reach the output.
func EncRaw(buf []byte, raw json.RawMessage) ([]byte, error) {
	if len(raw) == 0 {
		return append(buf, "null"...), nil
	}
	var out bytes.Buffer
	if err := json.Compact(&out, raw); err != nil {
		return nil, err
	}
	return append(buf, out.Bytes()...), nil
}

// EncAny writes an arbitrary Go value with encoding/json (sorted map keys, the same escaping).
func EncAny(buf []byte, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(buf, b...), nil
}

// EncFunc encodes one value of type T.
type EncFunc[T any] func(buf []byte, v T) ([]byte, error)

func EncSlice[T any](elem EncFunc[T]) EncFunc[[]T] {
	return func(buf []byte, v []T) ([]byte, error) {
		if v == nil {
			return append(buf, "[]"...), nil
		}
		buf = append(buf, '[')
		var err error
		for i, item := range v {
			if i > 0 {
				buf = append(buf, ',')
			}
			if buf, err = elem(buf, item); err != nil {
				return nil, err
			}
		}
		return append(buf, ']'), nil
	}
}

// EncMap writes members sorted by name, like encoding/json.
func EncMap[T any](elem EncFunc[T]) EncFunc[map[string]T] {
	return func(buf []byte, v map[string]T) ([]byte, error) {
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		buf = append(buf, '{')
		var err error
		for i, k := range keys {
			buf = appendName(buf, i == 0, k)
			if buf, err = elem(buf, v[k]); err != nil {
				return nil, err
			}
		}
		return append(buf, '}'), nil
	}
}

func EncNullable[T any](elem EncFunc[T]) EncFunc[Nullable[T]] {
	return func(buf []byte, v Nullable[T]) ([]byte, error) {
		if v.Null {
			return append(buf, "null"...), nil
		}
		return elem(buf, v.Value)
	}
}

// EncNamed encodes a generated named type through its CgEncode method.
func EncNamed[T Encodable](buf []byte, v T) ([]byte, error) { return v.CgEncode(buf) }

// EncExtra writes undeclared members sorted by name, after the declared ones.
func EncExtra(buf []byte, first bool, extra map[string]json.RawMessage) ([]byte, error) {
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var err error
	for _, k := range keys {
		buf = appendName(buf, first, k)
		first = false
		if buf, err = EncRaw(buf, extra[k]); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// MarshalJSON writes null or the value.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if n.Null {
		return []byte("null"), nil
	}
	return json.Marshal(n.Value)
}

// Put appends one member, name and value, after a comma unless it is the first.
func Put[T any](buf []byte, first *bool, name string, v T, enc EncFunc[T]) ([]byte, error) {
	buf = appendName(buf, *first, name)
	*first = false
	out, err := enc(buf, v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// PutPtr appends an optional member held by pointer; nil means absent.
func PutPtr[T any](buf []byte, first *bool, name string, v *T, enc EncFunc[T]) ([]byte, error) {
	if v == nil {
		return buf, nil
	}
	return Put(buf, first, name, *v, enc)
}

// PutIf appends an optional member whose nil value (slice, map, raw JSON) means absent.
func PutIf[T any](buf []byte, first *bool, name string, present bool, v T, enc EncFunc[T]) ([]byte, error) {
	if !present {
		return buf, nil
	}
	return Put(buf, first, name, v, enc)
}
