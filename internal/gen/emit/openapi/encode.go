package openapi

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The encoders append to one byte slice and track indentation as a number of spaces: the documents
// run to tens of thousands of lines, and building each line from concatenated strings, or quoting
// each string through encoding/json, cost more than everything else Emit does.

// An encoder writes documents in one encoding. Its shared Maps sit in several documents (the
// catalog's headers and responses are four fifths of each document, and the same in 3.1 and 3.0):
// the encoder keeps the text it wrote for each at its first use and copies that text wherever the
// same Map comes again at the same indentation. The text of a Map there depends on nothing else,
// and nothing changes a Map once it is in a document, so the copy is the encoding.
type encoder struct {
	shared []sharedText
}

// sharedText is a shared Map and, once written, its text and the indentation it was written at.
type sharedText struct {
	m       *Map
	indent  int
	written bool
	text    []byte
}

// newEncoder returns an encoder that writes each of the shared Maps once.
func newEncoder(shared ...*Map) *encoder {
	e := &encoder{shared: make([]sharedText, len(shared))}
	for i, m := range shared {
		e.shared[i].m = m
	}
	return e
}

// find returns the entry of m if m is shared; m is compared with a handful of shared Maps, so the
// check costs next to nothing for the many Maps that are not.
func (e *encoder) find(m *Map) *sharedText {
	for i := range e.shared {
		if e.shared[i].m == m {
			return &e.shared[i]
		}
	}
	return nil
}

// written returns the text of m if m is shared and was written before at this indentation.
func (e *encoder) written(m *Map, indent int) ([]byte, bool) {
	if st := e.find(m); st != nil && st.written && st.indent == indent {
		return st.text, true
	}
	return nil, false
}

// remember keeps text, just written for m at indent, if m is shared and not written before.
func (e *encoder) remember(m *Map, indent int, text []byte) {
	if st := e.find(m); st != nil && !st.written {
		// The full slice expression keeps later appends to the buffer from writing into the text.
		st.text, st.indent, st.written = text[:len(text):len(text)], indent, true
	}
}

// encodeJSON writes v as JSON indented by two spaces, members in Map order, with a final newline.
// HTML characters stay as they are: the output is a file, not a web page, and "<" escaped as
// \u003c would only make descriptions harder to read.
func encodeJSON(v any) ([]byte, error) { return newEncoder().appendJSON(nil, v) }

// appendJSON is encodeJSON appending to dst.
func (e *encoder) appendJSON(dst []byte, v any) ([]byte, error) {
	dst, err := e.appendJSONValue(dst, v, 0)
	if err != nil {
		return nil, err
	}
	return append(dst, '\n'), nil
}

// appendJSONValue writes v; its first line continues the current one, and its other lines are
// indented by indent spaces plus their depth below v.
func (e *encoder) appendJSONValue(dst []byte, v any, indent int) ([]byte, error) {
	switch v := v.(type) {
	case *Map:
		if v.Len() == 0 {
			return append(dst, "{}"...), nil
		}
		if text, ok := e.written(v, indent); ok {
			return append(dst, text...), nil
		}
		start := len(dst)
		dst, err := e.appendJSONMap(dst, v, indent)
		if err != nil {
			return nil, err
		}
		e.remember(v, indent, dst[start:])
		return dst, nil
	case []any:
		if len(v) == 0 {
			return append(dst, "[]"...), nil
		}
		return e.appendJSONList(dst, v, indent)
	}
	return appendScalar(dst, v)
}

// appendJSONMap writes a non-empty object.
func (e *encoder) appendJSONMap(dst []byte, m *Map, indent int) ([]byte, error) {
	var err error
	dst = append(dst, '{')
	for i, mem := range m.members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendNewline(dst, indent+2)
		dst = appendQuoted(dst, mem.key)
		dst = append(dst, ": "...)
		if dst, err = e.appendJSONValue(dst, mem.val, indent+2); err != nil {
			return nil, err
		}
	}
	dst = appendNewline(dst, indent)
	return append(dst, '}'), nil
}

// appendJSONList writes a non-empty array.
func (e *encoder) appendJSONList(dst []byte, items []any, indent int) ([]byte, error) {
	var err error
	dst = append(dst, '[')
	for i, item := range items {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendNewline(dst, indent+2)
		if dst, err = e.appendJSONValue(dst, item, indent+2); err != nil {
			return nil, err
		}
	}
	dst = appendNewline(dst, indent)
	return append(dst, ']'), nil
}

// spaces is a run of indentation to slice from; deeper lines append it more than once.
const spaces = "                                                                "

// appendNewline ends the line and indents the next one by n spaces.
func appendNewline(dst []byte, n int) []byte {
	dst = append(dst, '\n')
	return appendSpaces(dst, n)
}

func appendSpaces(dst []byte, n int) []byte {
	for n > len(spaces) {
		dst = append(dst, spaces...)
		n -= len(spaces)
	}
	return append(dst, spaces[:n]...)
}

// appendScalar writes a scalar value as JSON; YAML uses the same text for every non-string scalar.
func appendScalar(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case int:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case Number:
		return append(dst, v...), nil
	case string:
		return appendQuoted(dst, v), nil
	}
	return nil, fmt.Errorf("openapi: cannot encode a %T (a contractgen bug)", v)
}

// hexDigits are the digits of \u escapes, lower case as encoding/json writes them.
const hexDigits = "0123456789abcdef"

// appendQuoted writes s as a JSON string exactly as encoding/json does with SetEscapeHTML(false):
// quote, backslash and control characters escaped (the short forms \b \f \n \r \t where JSON has
// them), invalid UTF-8 replaced by \ufffd, U+2028 and U+2029 escaped, everything else as it is.
// TestQuoteMatchesEncodingJSON holds it to that.
func appendQuoted(dst []byte, s string) []byte { return appendQuotedFor(dst, s, false) }

// appendYAMLQuoted writes s as a YAML double-quoted scalar: a JSON string, except that the
// characters YAML does not allow in a stream (DEL, the C1 controls but NEL, the byte order mark,
// U+FFFE and U+FFFF) are escaped too; YAML reads JSON's \uXXXX escapes.
func appendYAMLQuoted(dst []byte, s string) []byte { return appendQuotedFor(dst, s, true) }

// yamlUnprintable reports whether YAML 1.2 requires r to be escaped (outside c-printable, or the
// byte order mark), for the characters JSON lets through.
func yamlUnprintable(r rune) bool {
	return r == 0x7f || (r >= 0x80 && r <= 0x9f && r != 0x85) || r == 0xfeff || r == 0xfffe || r == 0xffff
}

func appendQuotedFor(dst []byte, s string, yaml bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b >= 0x20 && b != '"' && b != '\\' && b < utf8.RuneSelf && !(yaml && b == 0x7f) {
			i++
			continue
		}
		if b < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		case yaml && yamlUnprintable(r):
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// encodeYAML writes v as block-style YAML indented by two spaces, after the given comment lines.
func encodeYAML(v any, comments ...string) ([]byte, error) {
	return newEncoder().appendYAML(nil, v, comments...)
}

// appendYAML is encodeYAML appending to dst.
func (e *encoder) appendYAML(dst []byte, v any, comments ...string) ([]byte, error) {
	for _, c := range comments {
		dst = append(dst, "# "...)
		dst = append(dst, c...)
		dst = append(dst, '\n')
	}
	m, ok := v.(*Map)
	if !ok || m.Len() == 0 {
		return nil, fmt.Errorf("openapi: a YAML document must be a non-empty object (a contractgen bug)")
	}
	return e.appendYAMLMap(dst, m, 0, 0)
}

// appendYAMLLead starts the first line of a block indented by indent: a block that is an item of a
// list, or the first item of such an item, begins with one "- " per list level instead of the last
// spaces of its indentation (dashes of them), the compact form YAML allows.
func appendYAMLLead(dst []byte, indent, dashes int) []byte {
	dst = appendSpaces(dst, indent-2*dashes)
	for range dashes {
		dst = append(dst, "- "...)
	}
	return dst
}

// appendYAMLMap writes the members of a non-empty map, one per line, each indented by indent; the
// first line starts with dashes list markers (see appendYAMLLead).
func (e *encoder) appendYAMLMap(dst []byte, m *Map, indent, dashes int) ([]byte, error) {
	var err error
	for i, mem := range m.members {
		if i == 0 {
			dst = appendYAMLLead(dst, indent, dashes)
		} else {
			dst = appendSpaces(dst, indent)
		}
		dst = appendYAMLString(dst, mem.key)
		dst = append(dst, ':')
		if dst, err = e.appendYAMLValue(dst, mem.val, indent+2); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// appendYAMLValue writes what follows a "key:" or "-": a scalar or empty collection on the same
// line, or a nested block on the next lines at indent.
func (e *encoder) appendYAMLValue(dst []byte, v any, indent int) ([]byte, error) {
	switch v := v.(type) {
	case *Map:
		if v.Len() == 0 {
			return append(dst, " {}\n"...), nil
		}
		if text, ok := e.written(v, indent); ok {
			return append(dst, text...), nil
		}
		start := len(dst)
		dst, err := e.appendYAMLMap(append(dst, '\n'), v, indent, 0)
		if err != nil {
			return nil, err
		}
		e.remember(v, indent, dst[start:])
		return dst, nil
	case []any:
		if len(v) == 0 {
			return append(dst, " []\n"...), nil
		}
		return e.appendYAMLList(append(dst, '\n'), v, indent, 0)
	case Number:
		dst = append(dst, ' ')
		dst = appendYAMLNumber(dst, v)
		return append(dst, '\n'), nil
	case string:
		if literalSafe(v) {
			return appendLiteral(dst, v, indent), nil
		}
		dst = append(dst, ' ')
		dst = appendYAMLString(dst, v)
		return append(dst, '\n'), nil
	}
	dst = append(dst, ' ')
	dst, err := appendScalar(dst, v)
	if err != nil {
		return nil, err
	}
	return append(dst, '\n'), nil
}

// appendLiteral writes a multi-line text as a literal block, which reads best; "|-" keeps it
// without a final newline. Empty lines stay empty rather than indented.
func appendLiteral(dst []byte, s string, indent int) []byte {
	dst = append(dst, " |-\n"...)
	for {
		line, rest, more := strings.Cut(s, "\n")
		if line != "" {
			dst = appendSpaces(dst, indent)
			dst = append(dst, line...)
		}
		dst = append(dst, '\n')
		if !more {
			return dst
		}
		s = rest
	}
}

// appendYAMLList writes a non-empty sequence, one item per "-" at indent; the first line starts
// with dashes further list markers (see appendYAMLLead). A non-empty collection item starts on the
// dash's line, its first line led by one more "- ".
func (e *encoder) appendYAMLList(dst []byte, items []any, indent, dashes int) ([]byte, error) {
	var err error
	for i, item := range items {
		lead := 0
		if i == 0 {
			lead = dashes
		}
		switch item := item.(type) {
		case *Map:
			if item.Len() > 0 {
				if dst, err = e.appendYAMLMap(dst, item, indent+2, lead+1); err != nil {
					return nil, err
				}
				continue
			}
		case []any:
			if len(item) > 0 {
				if dst, err = e.appendYAMLList(dst, item, indent+2, lead+1); err != nil {
					return nil, err
				}
				continue
			}
		}
		dst = appendYAMLLead(dst, indent, lead)
		dst = append(dst, '-')
		if dst, err = e.appendYAMLValue(dst, item, indent+2); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// appendYAMLString writes a string plain when no YAML reader could take it for anything else, and
// as a JSON (double-quoted) string otherwise: numbers, booleans in any YAML version, and text with
// indicator characters all get quotes.
func appendYAMLString(dst []byte, s string) []byte {
	if plainSafe(s) {
		return append(dst, s...)
	}
	return appendYAMLQuoted(dst, s)
}

// literalSafe reports whether a string can be written as a "|-" literal block and read back
// unchanged: several lines, none of them starting the block with a space (which would set the
// indentation) or holding only spaces (which a reader takes for an empty line), no final newline
// (which "|-" strips), and nothing but printable characters.
func literalSafe(s string) bool {
	if !strings.Contains(s, "\n") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, "\n") {
		return false
	}
	for rest := s; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if line != "" && strings.TrimLeft(line, " ") == "" {
			return false
		}
	}
	for _, r := range s {
		if r != '\n' && !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// appendYAMLNumber writes a JSON number so that YAML 1.1 readers, too, read a number (see
// yamlNumber); a number without an exponent, by far the usual case, is written as it is.
func appendYAMLNumber(dst []byte, n Number) []byte {
	if !strings.ContainsAny(string(n), "eE") {
		return append(dst, n...)
	}
	return append(dst, yamlNumber(n)...)
}

// yamlNumber writes a JSON number so that YAML 1.1 readers, too, read a number: they take 1e3 (an
// exponent without a dot and sign) for a string. A number with an exponent is therefore written as
// the exact decimal it stands for, unless the exponent is so large that the digits would swamp the
// file; the schema's bounds never come near that.
func yamlNumber(n Number) string {
	lit := string(n)
	i := strings.IndexAny(lit, "eE")
	if i < 0 {
		return lit
	}
	exp, err := strconv.Atoi(lit[i+1:])
	if err != nil || exp > 64 || exp < -64 {
		return lit
	}
	sign, mant := "", lit[:i]
	if strings.HasPrefix(mant, "-") {
		sign, mant = "-", mant[1:]
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	point := len(intPart) + exp
	switch {
	case point <= 0:
		digits = strings.Repeat("0", 1-point) + digits
		point = 1
	case point > len(digits):
		digits += strings.Repeat("0", point-len(digits))
	}
	whole := strings.TrimLeft(digits[:point], "0")
	if whole == "" {
		whole = "0"
	}
	if rest := strings.TrimRight(digits[point:], "0"); rest != "" {
		return sign + whole + "." + rest
	}
	return sign + whole
}

// isYAMLWord reports whether s is a plain scalar that YAML 1.1 or 1.2 readers turn into a boolean
// or null, in any letter case.
func isYAMLWord(s string) bool {
	if len(s) > len("false") {
		return false
	}
	for _, w := range [...]string{"y", "n", "yes", "no", "on", "off", "true", "false", "null"} {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// plainSafe is deliberately narrow: an ASCII letter, "$" or "_" first, then only letters, digits,
// spaces and a few punctuation marks that never start or end a YAML token in the middle of a plain
// scalar. Anything else is quoted, which is always correct.
func plainSafe(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' || isYAMLWord(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '$', c == '_':
		case i == 0:
			return false
		case c >= '0' && c <= '9', strings.IndexByte(" -.,;()/'", c) >= 0:
		default:
			return false
		}
	}
	return true
}
