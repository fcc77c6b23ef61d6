package cgruntime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

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

// encNumber writes a json.Number as its literal after checking that it is one.
func encNumber(buf []byte, n json.Number) ([]byte, error) {
	if n == "" {
		return append(buf, '0'), nil
	}
	if !json.Valid([]byte(n)) || kindOf([]byte(n)) != "number" {
		return nil, fmt.Errorf("invalid number literal %q", string(n))
	}
	return append(buf, n...), nil
}

// encRaw writes a raw value compacted, so whitespace from an input does not reach the output.
func encRaw(buf []byte, raw json.RawMessage) ([]byte, error) {
	if len(raw) == 0 {
		return append(buf, "null"...), nil
	}
	var out bytes.Buffer
	if err := json.Compact(&out, raw); err != nil {
		return nil, err
	}
	return append(buf, out.Bytes()...), nil
}

// encAny writes an arbitrary Go value with encoding/json (sorted map keys, the same escaping).
func encAny(buf []byte, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(buf, b...), nil
}

// encExtra writes undeclared members sorted by name, after the declared ones.
func encExtra(buf []byte, first bool, extra map[string]json.RawMessage) ([]byte, error) {
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var err error
	for _, k := range keys {
		buf = appendName(buf, first, k)
		first = false
		if buf, err = encRaw(buf, extra[k]); err != nil {
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
