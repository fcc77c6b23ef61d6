package cgruntime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
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

// Decoder carries the state of one decoding. In strict mode (Parse) every mismatch between the
// JSON and the schema that the Go types cannot hold is recorded as a violation and decoding goes on;
// in tolerant mode (UnmarshalJSON) only values the Go types cannot hold are errors.
type Decoder struct {
	strict bool
	// scan finds where nested values end without rescanning them level after level.
	scan       scanner
	violations []Violation
	// keywordFails counts the keyword violations of a strict decoder; unionDepth is how many sum
	// types' variants are being decoded (see failAt).
	keywordFails, unionDepth int
	// stack holds the location steps of the plan decoder (see pathStack).
	stack *pathStack
}

// Mismatch handles a value of the wrong JSON type.
func (d *Decoder) Mismatch(at, kw, want string, raw []byte) error {
	got := kindOf(raw)
	if d.strict {
		d.violations = append(d.violations, Violation{at, kw + "/type", "expected " + want + ", got " + got})
		return nil
	}
	return fmt.Errorf("%s: expected %s, got %s", location(at), want, got)
}

// duplicateScan is the member count up to which duplicates compares names pairwise; beyond it a
// set keeps the check linear, so an object of 80,000 members costs no more per member than one of 8.
const duplicateScan = 16

// duplicates calls dup once for every name that more than one member of the same object has, at
// its second occurrence.
func duplicates(members []Member, dup func(name string)) {
	if len(members) <= duplicateScan {
		for i := 1; i < len(members); i++ {
			earlier := 0
			for j := 0; j < i && earlier < 2; j++ {
				if members[i].Name == members[j].Name {
					earlier++
				}
			}
			if earlier == 1 {
				dup(members[i].Name)
			}
		}
		return
	}
	seen := make(map[string]int, len(members))
	for _, m := range members {
		seen[m.Name]++
		if seen[m.Name] == 2 {
			dup(m.Name)
		}
	}
}

// duplicate records a member name that occurs more than once in the object at at.
func (d *Decoder) duplicate(at, name string) {
	d.violations = append(d.violations, duplicateViolation(at, name))
}

// duplicateViolation is the violation for a member name that occurs more than once in the object
// at at: the one wording of generated Parse and of contractgen validate (ValidateJSON).
func duplicateViolation(at, name string) Violation {
	return Violation{InstanceLocation: at, Message: "member name " + strconv.Quote(name) + " occurs more than once"}
}

func location(at string) string {
	if at == "" {
		return "(root)"
	}
	return at
}

// PointerToken escapes one JSON pointer token.
func PointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// kindOf names the JSON type of a valid encoded value by its first byte.
func kindOf(raw []byte) string {
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

// IsNull reports whether a raw JSON value is null.
func IsNull(raw []byte) bool { return len(raw) == 4 && string(raw) == "null" }

// Member is one member of an encoded object.
type Member struct {
	Name  string
	Value []byte
}

var errSyntax = errors.New("invalid JSON")

// skipSpace returns the index of the first non-space byte at or after i.
func skipSpace(data []byte, i int) int {
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

// valueEnd returns the index just past the encoded value that starts at i. The input has been
// checked (indexDocument, json.Valid), so only the structure has to be followed.
func valueEnd(data []byte, i int) int {
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				i = stringEnd(data, i) - 1
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

// stringEnd returns the index just past the string literal that starts at i. It jumps from quote
// to quote and counts the backslashes in front of each, so a long string costs a memchr, not a loop
// over every byte; each backslash is counted once, in front of the one quote that follows it.
func stringEnd(data []byte, i int) int {
	start := i + 1
	for i = start; ; i++ {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			return len(data)
		}
		i += j
		k := i
		for k > start && data[k-1] == '\\' {
			k--
		}
		if (i-k)%2 == 0 {
			return i + 1
		}
	}
}

// trim returns the encoded value without surrounding white space.
func trim(raw []byte) []byte { return bytes.TrimSpace(raw) }

// scanner splits the containers of one document. Finding where a member's value ends means
// scanning it, and the value is scanned again when it is split in turn, so a document nested D deep
// would cost D passes over its innermost bytes (a 1 MiB leaf under 10,000 arrays took seconds).
// So every document is indexed first (indexDocument, which also checks it), and a nested value's
// end is a lookup.
type scanner struct {
	doc []byte
	// open and end hold the offsets of every container of doc and of the byte just past it, in
	// document order, once indexed is set.
	open, end []int32
	indexed   bool
	// stack holds the containers indexDocument has not closed yet; pooled, when set, is where
	// the three slices go back once the decoding is done.
	stack  []int32
	pooled *indexBuffers
	// borrow lets text return views of doc's bytes: only for a document that is neither changed
	// nor kept while its values are in use (the validator's check of a raw value).
	borrow bool
}

// text is unquote, or, when s borrows, a view of the string literal's bytes if they need no
// unescaping: the validator reads a raw member's strings without copying each one.
func (s *scanner) text(lit []byte) (string, error) {
	body := lit[1 : len(lit)-1]
	if s != nil && s.borrow && len(body) > 0 && bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return unsafe.String(&body[0], len(body)), nil
	}
	return unquote(lit)
}

// literal is a number's literal as a string: a view of the document's bytes when s borrows (see
// text), else a copy.
func (s *scanner) literal(raw []byte) string {
	if s != nil && s.borrow && len(raw) > 0 {
		return unsafe.String(&raw[0], len(raw))
	}
	return string(raw)
}

// valueEnd is the function valueEnd(raw, i), from the index when raw lies inside the indexed document. A
// sub-slice keeps the capacity left after its start, which gives its offset in the document; the
// address check makes sure raw is a sub-slice of it and not a copy.
func (s *scanner) valueEnd(raw []byte, i int) int {
	if s == nil || !s.indexed || (raw[i] != '{' && raw[i] != '[') {
		return valueEnd(raw, i)
	}
	off := cap(s.doc) - cap(raw)
	if off < 0 || off >= len(s.doc) || &s.doc[off] != &raw[0] {
		return valueEnd(raw, i)
	}
	k, found := slices.BinarySearch(s.open, int32(off+i))
	if !found {
		return valueEnd(raw, i)
	}
	return int(s.end[k]) - off
}

// objectMembers splits a valid encoded object into its members, in order, names unescaped,
// appending to members (a caller's stack buffer keeps small objects off the heap). s may be nil.
func objectMembers(s *scanner, raw []byte, members []Member) ([]Member, error) {
	i := skipSpace(raw, 1)
	for i < len(raw) && raw[i] != '}' {
		end := stringEnd(raw, i)
		name, err := s.text(raw[i:end])
		if err != nil {
			return nil, err
		}
		i = skipSpace(raw, end)
		i = skipSpace(raw, i+1) // past ':'
		vend := s.valueEnd(raw, i)
		members = append(members, Member{Name: name, Value: raw[i:vend]})
		i = skipSpace(raw, vend)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return members, nil
}

// arrayItems splits a valid encoded array into its items. s may be nil.
func arrayItems(s *scanner, raw []byte) [][]byte {
	var items [][]byte
	i := skipSpace(raw, 1)
	for i < len(raw) && raw[i] != ']' {
		end := s.valueEnd(raw, i)
		items = append(items, raw[i:end])
		i = skipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return items
}

// unquote decodes a string literal, with a fast path for literals without escapes.
func unquote(lit []byte) (string, error) {
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

// Prepare checks that data is one JSON value and returns it trimmed.
func Prepare(data []byte) ([]byte, error) {
	if !json.Valid(data) {
		var v any
		return nil, syntaxError(data, json.Unmarshal(data, &v))
	}
	return trim(data), nil
}

// syntaxError says where data stops being JSON: line, column (in bytes, from 1) and byte offset,
// then encoding/json's own words, which stay reachable through errors.As as a *json.SyntaxError.
func syntaxError(data []byte, err error) error {
	var syntax *json.SyntaxError
	if !errors.As(err, &syntax) {
		if err == nil {
			err = errSyntax
		}
		return err
	}
	off := int(min(max(syntax.Offset, 0), int64(len(data))))
	if off > 0 && syntax.Error() != "unexpected end of JSON input" {
		off-- // encoding/json counts the offending byte as read
	}
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Errorf("invalid JSON at line %d, column %d (byte offset %d): %w", line, col, off, err)
}

// abbreviate shortens a long literal for a message: its first and last digits and its length.
func abbreviate(raw []byte) string {
	if len(raw) <= 64 {
		return string(raw)
	}
	return string(raw[:24]) + "…" + string(raw[len(raw)-8:]) + " (" + strconv.Itoa(len(raw)) + " characters)"
}

// decAnyAt decodes any JSON value as encoding/json does with UseNumber (nil, bool, string,
// json.Number, []any, map[string]any), straight from the validated bytes; in strict mode it also
// reports repeated member names, which a map would silently collapse. The location is root
// followed by a chain of steps, rendered only for a repeated member name: building every value's
// pointer as a string would cost depth × size on a deep document.
func decAnyAt(d *Decoder, raw []byte, root string, at *Path) (any, error) {
	switch raw[0] {
	case 'n':
		return nil, nil
	case 't', 'f':
		return raw[0] == 't', nil
	case '"':
		return unquote(raw)
	case '[':
		items := arrayItems(&d.scan, raw)
		out := make([]any, len(items))
		for i, item := range items {
			var err error
			loc := Index(at, "", i)
			if out[i], err = decAnyAt(d, item, root, &loc); err != nil {
				return nil, err
			}
		}
		return out, nil
	case '{':
		var buf [16]Member
		members, err := objectMembers(&d.scan, raw, buf[:0])
		if err != nil {
			return nil, err
		}
		if d.strict {
			duplicates(members, func(name string) { d.duplicate(root+at.String(), name) })
		}
		out := make(map[string]any, len(members))
		for _, m := range members {
			loc := Key(at, "", m.Name)
			if out[strings.Clone(m.Name)], err = decAnyAt(d, m.Value, root, &loc); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return json.Number(raw), nil
}

// Nullable holds a value that may also be JSON null.
type Nullable[T any] struct {
	// Value is the value when Null is false.
	Value T
	// Null reports that the JSON value was null.
	Null bool
}

// RawString reads a raw JSON value as a string, for the accessors of raw-backed types.
func RawString(raw []byte) (string, bool) {
	raw = trim(raw)
	if len(raw) == 0 || raw[0] != '"' || !json.Valid(raw) {
		return "", false
	}
	s, err := unquote(raw)
	return s, err == nil
}

// RawInt64 reads a raw JSON value as an integer: any number with an integral value that fits.
func RawInt64(raw []byte) (int64, bool) {
	raw = trim(raw)
	if len(raw) == 0 || kindOf(raw) != "number" || !json.Valid(raw) {
		return 0, false
	}
	n, err := (&Decoder{}).int64At(raw, nil, nil)
	return n, err == nil
}

// RawNumber reads a raw JSON value as a number, keeping its literal.
func RawNumber(raw []byte) (json.Number, bool) {
	raw = trim(raw)
	if len(raw) == 0 || kindOf(raw) != "number" || !json.Valid(raw) {
		return "", false
	}
	return json.Number(raw), true
}

// RawBool reads a raw JSON value as a boolean.
func RawBool(raw []byte) (value, ok bool) {
	switch string(trim(raw)) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// RawType names the JSON type of a raw value, or "" when it is empty.
func RawType(raw []byte) string {
	if raw = trim(raw); len(raw) == 0 {
		return ""
	}
	return kindOf(raw)
}
