package goruntime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Violation is one way a JSON value fails its schema, in the shape of JSON Schema's "basic" output.
type Violation struct {
	// InstanceLocation is the JSON pointer of the offending value in the instance.
	InstanceLocation string `json:"instanceLocation"`
	// KeywordLocation is the JSON pointer of the failing keyword in the schema, through $ref.
	KeywordLocation string `json:"keywordLocation"`
	// Message says what is wrong.
	Message string `json:"error"`
}

// String formats the violation as "instance: message (keyword)".
func (v Violation) String() string {
	loc := v.InstanceLocation
	if loc == "" {
		loc = "(root)"
	}
	return loc + ": " + v.Message + " (" + v.KeywordLocation + ")"
}

// ValidationError reports every violation found in a value, not only the first.
type ValidationError struct {
	Violations []Violation
}

// Error lists the violations, one per line.
func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		parts[i] = v.String()
	}
	return "invalid: " + strings.Join(parts, "; ")
}

// cgDecoder carries the state of one decoding. In strict mode (Parse) every mismatch between the
// JSON and the schema that the Go types cannot hold is recorded as a violation and decoding goes on;
// in tolerant mode (UnmarshalJSON) only values the Go types cannot hold are errors.
type cgDecoder struct {
	strict     bool
	violations []Violation
	// covered are the instance locations of values the decoder rejected (wrong type, null, missing);
	// Parse drops what validation reports inside them, since they hold only a zero value.
	covered []string
}

// mismatch handles a value of the wrong JSON type.
func (d *cgDecoder) mismatch(at, kw, want string, raw []byte) error {
	got := cgKindOf(raw)
	if d.strict {
		d.violations = append(d.violations, Violation{at, kw + "/type", "expected " + want + ", got " + got})
		d.covered = append(d.covered, at)
		return nil
	}
	return fmt.Errorf("%s: expected %s, got %s", cgLocation(at), want, got)
}

// violate records a violation in strict mode only.
func (d *cgDecoder) violate(at, kw, msg string) {
	if d.strict {
		d.violations = append(d.violations, Violation{at, kw, msg})
	}
}

// reject records, in strict mode, a violation that leaves the value at at unset.
func (d *cgDecoder) reject(at, kw, msg string) {
	if d.strict {
		d.violations = append(d.violations, Violation{at, kw, msg})
		d.covered = append(d.covered, at)
	}
}

// missing records, in strict mode, that the object at at lacks a required member.
func (d *cgDecoder) missing(at, kw, name string) {
	if d.strict {
		d.violations = append(d.violations, Violation{at, kw + "/required", "missing required member " + strconv.Quote(name)})
		d.covered = append(d.covered, at+"/"+cgPointerToken(name))
	}
}

// members splits an object into its members. In strict mode a member name that occurs twice is a
// violation: RFC 8259 leaves such objects undefined and parsers disagree about them (encoding/json
// keeps the last, others the first), so Parse refuses to pick one.
func (d *cgDecoder) members(raw []byte, at string, buf []cgMember) ([]cgMember, error) {
	members, err := cgObjectMembers(raw, buf)
	if err != nil || !d.strict {
		return members, err
	}
	for i := 1; i < len(members); i++ {
		for j := 0; j < i; j++ {
			if members[i].Name == members[j].Name {
				d.duplicate(at, members[i].Name)
				break
			}
		}
	}
	return members, nil
}

// duplicate records a member name that occurs more than once in the object at at.
func (d *cgDecoder) duplicate(at, name string) {
	d.violations = append(d.violations, Violation{InstanceLocation: at,
		Message: "member name " + strconv.Quote(name) + " occurs more than once"})
}

// checkNested reports, in strict mode, duplicate member names anywhere inside a value that is kept
// without being split (raw and "any" values).
func (d *cgDecoder) checkNested(raw []byte, at string) {
	if !d.strict || (bytes.IndexByte(raw, '{') < 0) {
		return
	}
	_, _ = cgParseJSON(raw, at, d.duplicate)
}

func cgLocation(at string) string {
	if at == "" {
		return "(root)"
	}
	return at
}

// cgPointerToken escapes one JSON pointer token.
func cgPointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// cgKindOf names the JSON type of a valid encoded value by its first byte.
func cgKindOf(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "number"
}

func cgIsNull(raw []byte) bool { return len(raw) == 4 && string(raw) == "null" }

// cgMember is one member of an encoded object.
type cgMember struct {
	Name  string
	Value []byte
}

var errCgSyntax = errors.New("invalid JSON")

// cgSkipSpace returns the index of the first non-space byte at or after i.
func cgSkipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// cgValueEnd returns the index just past the encoded value that starts at i. The input has been
// checked with json.Valid, so only the structure has to be followed.
func cgValueEnd(data []byte, i int) int {
	switch data[i] {
	case '"':
		return cgStringEnd(data, i)
	case '{', '[':
		depth := 0
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				i = cgStringEnd(data, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// cgStringEnd returns the index just past the string literal that starts at i.
func cgStringEnd(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// cgTrim returns the encoded value without surrounding white space.
func cgTrim(raw []byte) []byte { return bytes.TrimSpace(raw) }

// cgObjectMembers splits a valid encoded object into its members, in order, names unescaped,
// appending to members (a caller's stack buffer keeps small objects off the heap).
func cgObjectMembers(raw []byte, members []cgMember) ([]cgMember, error) {
	i := cgSkipSpace(raw, 1)
	for i < len(raw) && raw[i] != '}' {
		end := cgStringEnd(raw, i)
		name, err := cgUnquote(raw[i:end])
		if err != nil {
			return nil, err
		}
		i = cgSkipSpace(raw, end)
		i = cgSkipSpace(raw, i+1) // past ':'
		vend := cgValueEnd(raw, i)
		members = append(members, cgMember{Name: name, Value: raw[i:vend]})
		i = cgSkipSpace(raw, vend)
		if i < len(raw) && raw[i] == ',' {
			i = cgSkipSpace(raw, i+1)
		}
	}
	return members, nil
}

// cgArrayItems splits a valid encoded array into its items.
func cgArrayItems(raw []byte) [][]byte {
	var items [][]byte
	i := cgSkipSpace(raw, 1)
	for i < len(raw) && raw[i] != ']' {
		end := cgValueEnd(raw, i)
		items = append(items, raw[i:end])
		i = cgSkipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = cgSkipSpace(raw, i+1)
		}
	}
	return items
}

// cgUnquote decodes a string literal, with a fast path for literals without escapes.
func cgUnquote(lit []byte) (string, error) {
	body := lit[1 : len(lit)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return string(body), nil
	}
	var s string
	if err := json.Unmarshal(lit, &s); err != nil {
		return "", err
	}
	return s, nil
}

// cgPrepare checks that data is one JSON value and returns it trimmed.
func cgPrepare(data []byte) ([]byte, error) {
	if !json.Valid(data) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		return nil, errCgSyntax
	}
	return cgTrim(data), nil
}

func cgDecString(d *cgDecoder, raw []byte, at, kw string) (string, error) {
	if raw[0] != '"' {
		return "", d.mismatch(at, kw, "string", raw)
	}
	return cgUnquote(raw)
}

func cgDecBool(d *cgDecoder, raw []byte, at, kw string) (bool, error) {
	switch string(raw) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, d.mismatch(at, kw, "boolean", raw)
}

// cgDecInt64 accepts any number with an integral value: 1, 1.0, 1e3 and -0 are all integers in JSON Schema.
func cgDecInt64(d *cgDecoder, raw []byte, at, kw string) (int64, error) {
	if k := cgKindOf(raw); k != "number" {
		return 0, d.mismatch(at, kw, "integer", raw)
	}
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return n, nil
	}
	r, ok := cgRat(string(raw))
	if !ok || !r.IsInt() {
		return 0, d.mismatch(at, kw, "integer", raw)
	}
	if !r.Num().IsInt64() {
		if d.strict {
			d.reject(at, kw+"/type", "integer "+string(raw)+" is outside the range this type holds")
			return 0, nil
		}
		return 0, fmt.Errorf("%s: integer %s is outside the range this type holds", cgLocation(at), raw)
	}
	return r.Num().Int64(), nil
}

// cgDecNumber keeps the literal as written, so no precision is lost.
func cgDecNumber(d *cgDecoder, raw []byte, at, kw string) (json.Number, error) {
	if cgKindOf(raw) != "number" {
		return "", d.mismatch(at, kw, "number", raw)
	}
	return json.Number(raw), nil
}

// cgDecInteger is cgDecNumber for integers beyond int64: the value must still be integral.
func cgDecInteger(d *cgDecoder, raw []byte, at, kw string) (json.Number, error) {
	if cgKindOf(raw) != "number" {
		return "", d.mismatch(at, kw, "integer", raw)
	}
	if r, ok := cgRat(string(raw)); !ok || !r.IsInt() {
		return "", d.mismatch(at, kw, "integer", raw)
	}
	return json.Number(raw), nil
}

// cgDecAny decodes any JSON value as encoding/json does with UseNumber (nil, bool, string,
// json.Number, []any, map[string]any), straight from the validated bytes. In strict mode it also
// reports repeated member names, which a map would silently collapse.
func cgDecAny(d *cgDecoder, raw []byte, at, kw string) (any, error) {
	switch raw[0] {
	case 'n':
		return nil, nil
	case 't', 'f':
		return raw[0] == 't', nil
	case '"':
		return cgUnquote(raw)
	case '[':
		items := cgArrayItems(raw)
		out := make([]any, len(items))
		for i, item := range items {
			var err error
			if out[i], err = cgDecAny(d, item, cgChildAt(d, at, strconv.Itoa(i)), ""); err != nil {
				return nil, err
			}
		}
		return out, nil
	case '{':
		var buf [16]cgMember
		members, err := d.members(raw, at, buf[:0])
		if err != nil {
			return nil, err
		}
		out := make(map[string]any, len(members))
		for _, m := range members {
			if out[m.Name], err = cgDecAny(d, m.Value, cgChildAt(d, at, cgPointerToken(m.Name)), ""); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return json.Number(raw), nil
}

// cgChildAt builds a child's instance location only when a strict decoder may report it.
func cgChildAt(d *cgDecoder, at, token string) string {
	if !d.strict {
		return ""
	}
	return at + "/" + token
}

func cgDecRaw(d *cgDecoder, raw []byte, at, kw string) (json.RawMessage, error) {
	d.checkNested(raw, at)
	return append(json.RawMessage(nil), raw...), nil
}

// cgDecFunc decodes one value of type T.
type cgDecFunc[T any] func(d *cgDecoder, raw []byte, at, kw string) (T, error)

// cgDecSlice builds a decoder for []T; items are validated against kw+"/items".
func cgDecSlice[T any](elem cgDecFunc[T]) cgDecFunc[[]T] {
	return func(d *cgDecoder, raw []byte, at, kw string) ([]T, error) {
		if raw[0] != '[' {
			return nil, d.mismatch(at, kw, "array", raw)
		}
		items := cgArrayItems(raw)
		out := make([]T, 0, len(items))
		for i, item := range items {
			v, err := elem(d, item, at+"/"+strconv.Itoa(i), kw+"/items")
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
}

// cgDecMap builds a decoder for map[string]T; values are validated against kw+"/additionalProperties".
func cgDecMap[T any](elem cgDecFunc[T]) cgDecFunc[map[string]T] {
	return func(d *cgDecoder, raw []byte, at, kw string) (map[string]T, error) {
		if raw[0] != '{' {
			return nil, d.mismatch(at, kw, "object", raw)
		}
		var buf [16]cgMember
		members, err := d.members(raw, at, buf[:0])
		if err != nil {
			return nil, err
		}
		out := make(map[string]T, len(members))
		for _, m := range members {
			v, err := elem(d, m.Value, at+"/"+cgPointerToken(m.Name), kw+"/additionalProperties")
			if err != nil {
				return nil, err
			}
			out[m.Name] = v
		}
		return out, nil
	}
}

// cgDecNullable builds a decoder that also accepts null.
func cgDecNullable[T any](elem cgDecFunc[T]) cgDecFunc[Nullable[T]] {
	return func(d *cgDecoder, raw []byte, at, kw string) (Nullable[T], error) {
		if cgIsNull(raw) {
			return Nullable[T]{Null: true}, nil
		}
		v, err := elem(d, raw, at, kw)
		return Nullable[T]{Value: v}, err
	}
}

// cgDecodable is implemented by every generated named type.
type cgDecodable[T any] interface {
	*T
	cgDecode(d *cgDecoder, raw []byte, at, kw string) error
}

// cgDecNamed decodes a generated named type through its cgDecode method.
func cgDecNamed[T any, PT cgDecodable[T]](d *cgDecoder, raw []byte, at, kw string) (T, error) {
	var v T
	err := PT(&v).cgDecode(d, raw, at, kw)
	return v, err
}

// cgRat parses a number literal exactly, refusing exponents so large that the exact value would
// need megabytes.
func cgRat(lit string) (*big.Rat, bool) {
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(lit[i+1:], "+"))
		if err != nil || exp > 4096 || exp < -4096 {
			return nil, false
		}
	}
	return new(big.Rat).SetString(lit)
}

// Nullable holds a value that may also be JSON null.
type Nullable[T any] struct {
	// Value is the value when Null is false.
	Value T
	// Null reports that the JSON value was null.
	Null bool
}

// cgField decodes one member's value into *dst. When the schema does not allow null (nullOK is
// false), a null is absent to a tolerant decoder and a type violation to a strict one.
func cgField[T any](d *cgDecoder, raw []byte, at, kw string, nullOK bool, dst *T, dec cgDecFunc[T]) error {
	if !nullOK && cgIsNull(raw) {
		d.reject(at, kw+"/type", "null is not allowed here")
		return nil
	}
	x, err := dec(d, raw, at, kw)
	if err != nil {
		return err
	}
	*dst = x
	return nil
}

// cgFieldPtr is cgField for an optional member held by pointer.
func cgFieldPtr[T any](d *cgDecoder, raw []byte, at, kw string, nullOK bool, dst **T, dec cgDecFunc[T]) error {
	if !nullOK && cgIsNull(raw) {
		d.reject(at, kw+"/type", "null is not allowed here")
		return nil
	}
	x, err := dec(d, raw, at, kw)
	if err != nil {
		return err
	}
	*dst = &x
	return nil
}

// cgRawString reads a raw JSON value as a string, for the accessors of raw-backed types.
func cgRawString(raw []byte) (string, bool) {
	raw = cgTrim(raw)
	if len(raw) == 0 || raw[0] != '"' || !json.Valid(raw) {
		return "", false
	}
	s, err := cgUnquote(raw)
	return s, err == nil
}

// cgRawInt64 reads a raw JSON value as an integer: any number with an integral value that fits.
func cgRawInt64(raw []byte) (int64, bool) {
	raw = cgTrim(raw)
	if len(raw) == 0 || cgKindOf(raw) != "number" || !json.Valid(raw) {
		return 0, false
	}
	n, err := cgDecInt64(&cgDecoder{}, raw, "", "")
	return n, err == nil
}

// cgRawNumber reads a raw JSON value as a number, keeping its literal.
func cgRawNumber(raw []byte) (json.Number, bool) {
	raw = cgTrim(raw)
	if len(raw) == 0 || cgKindOf(raw) != "number" || !json.Valid(raw) {
		return "", false
	}
	return json.Number(raw), true
}

// cgRawBool reads a raw JSON value as a boolean.
func cgRawBool(raw []byte) (value, ok bool) {
	switch string(cgTrim(raw)) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// cgRawType names the JSON type of a raw value, or "" when it is empty.
func cgRawType(raw []byte) string {
	if raw = cgTrim(raw); len(raw) == 0 {
		return ""
	}
	return cgKindOf(raw)
}
