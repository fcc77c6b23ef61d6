package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// encodeJSON writes v as JSON indented by two spaces, members in Map order, with a final newline.
// HTML characters stay as they are: the output is a file, not a web page, and "<" escaped as
// \u003c would only make descriptions harder to read.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeJSON(&buf, v, ""); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

func writeJSON(buf *bytes.Buffer, v any, indent string) error {
	switch v := v.(type) {
	case *Map:
		if v.Len() == 0 {
			buf.WriteString("{}")
			return nil
		}
		buf.WriteString("{\n")
		for i, key := range v.keys {
			if i > 0 {
				buf.WriteString(",\n")
			}
			buf.WriteString(indent + "  " + quote(key) + ": ")
			if err := writeJSON(buf, v.vals[key], indent+"  "); err != nil {
				return err
			}
		}
		buf.WriteString("\n" + indent + "}")
	case []any:
		if len(v) == 0 {
			buf.WriteString("[]")
			return nil
		}
		buf.WriteString("[\n")
		for i, item := range v {
			if i > 0 {
				buf.WriteString(",\n")
			}
			buf.WriteString(indent + "  ")
			if err := writeJSON(buf, item, indent+"  "); err != nil {
				return err
			}
		}
		buf.WriteString("\n" + indent + "]")
	default:
		s, err := scalarJSON(v)
		if err != nil {
			return err
		}
		buf.WriteString(s)
	}
	return nil
}

// scalarJSON renders a scalar value; YAML uses the same text for every non-string scalar.
func scalarJSON(v any) (string, error) {
	switch v := v.(type) {
	case nil:
		return "null", nil
	case bool:
		return strconv.FormatBool(v), nil
	case int:
		return strconv.Itoa(v), nil
	case Number:
		return string(v), nil
	case string:
		return quote(v), nil
	}
	return "", fmt.Errorf("openapi: cannot encode a %T (a contractgen bug)", v)
}

// quote returns s as a JSON string. A JSON string is also a valid YAML double-quoted scalar, which
// is why the YAML encoder falls back to it.
func quote(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}

// encodeYAML writes v as block-style YAML indented by two spaces, after the given comment lines.
func encodeYAML(v any, comments ...string) ([]byte, error) {
	var buf bytes.Buffer
	for _, c := range comments {
		buf.WriteString("# " + c + "\n")
	}
	m, ok := v.(*Map)
	if !ok || m.Len() == 0 {
		return nil, fmt.Errorf("openapi: a YAML document must be a non-empty object (a contractgen bug)")
	}
	if err := writeYAMLMap(&buf, m, ""); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeYAMLMap writes the members of a non-empty map, one per line, each starting with indent.
func writeYAMLMap(buf *bytes.Buffer, m *Map, indent string) error {
	for _, key := range m.keys {
		buf.WriteString(indent + yamlString(key) + ":")
		if err := writeYAMLValue(buf, m.vals[key], indent+"  "); err != nil {
			return err
		}
	}
	return nil
}

// writeYAMLValue writes what follows a "key:" or "-": a scalar or empty collection on the same line,
// or a nested block on the next lines at indent.
func writeYAMLValue(buf *bytes.Buffer, v any, indent string) error {
	switch v := v.(type) {
	case *Map:
		if v.Len() == 0 {
			buf.WriteString(" {}\n")
			return nil
		}
		buf.WriteByte('\n')
		return writeYAMLMap(buf, v, indent)
	case []any:
		if len(v) == 0 {
			buf.WriteString(" []\n")
			return nil
		}
		buf.WriteByte('\n')
		return writeYAMLList(buf, v, indent)
	case Number:
		buf.WriteString(" " + yamlNumber(v) + "\n")
		return nil
	case string:
		if literalSafe(v) {
			// A multi-line text reads best as a literal block; "|-" keeps it without a final newline.
			buf.WriteString(" |-\n")
			for _, line := range strings.Split(v, "\n") {
				if line != "" {
					buf.WriteString(indent + line)
				}
				buf.WriteByte('\n')
			}
			return nil
		}
		buf.WriteString(" " + yamlString(v) + "\n")
		return nil
	default:
		s, err := scalarJSON(v)
		if err != nil {
			return err
		}
		buf.WriteString(" " + s + "\n")
		return nil
	}
}

// writeYAMLList writes a non-empty sequence. A collection item is rendered as a block one level
// deeper and its first line's indentation is then replaced by "- ", the compact form YAML allows.
func writeYAMLList(buf *bytes.Buffer, items []any, indent string) error {
	for _, item := range items {
		var block bytes.Buffer
		switch item := item.(type) {
		case *Map:
			if item.Len() > 0 {
				if err := writeYAMLMap(&block, item, indent+"  "); err != nil {
					return err
				}
				buf.WriteString(indent + "- " + strings.TrimPrefix(block.String(), indent+"  "))
				continue
			}
		case []any:
			if len(item) > 0 {
				if err := writeYAMLList(&block, item, indent+"  "); err != nil {
					return err
				}
				buf.WriteString(indent + "- " + strings.TrimPrefix(block.String(), indent+"  "))
				continue
			}
		}
		buf.WriteString(indent + "-")
		if err := writeYAMLValue(buf, item, indent+"  "); err != nil {
			return err
		}
	}
	return nil
}

// yamlString writes a string plain when no YAML reader could take it for anything else, and as a
// JSON (double-quoted) string otherwise: numbers, booleans in any YAML version, and text with
// indicator characters all get quotes.
func yamlString(s string) string {
	if plainSafe(s) {
		return s
	}
	return quote(s)
}

// literalSafe reports whether a string can be written as a "|-" literal block and read back
// unchanged: several lines, none of them starting the block with a space (which would set the
// indentation) or holding only spaces (which a reader takes for an empty line), no final newline
// (which "|-" strips), and nothing but printable characters.
func literalSafe(s string) bool {
	if !strings.Contains(s, "\n") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, "\n") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
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

// yamlWords are the plain scalars that YAML 1.1 or 1.2 readers turn into booleans or null.
var yamlWords = map[string]bool{"y": true, "n": true, "yes": true, "no": true, "on": true, "off": true,
	"true": true, "false": true, "null": true}

// plainSafe is deliberately narrow: an ASCII letter, "$" or "_" first, then only letters, digits,
// spaces and a few punctuation marks that never start or end a YAML token in the middle of a plain
// scalar. Anything else is quoted, which is always correct.
func plainSafe(s string) bool {
	if s == "" || strings.TrimSpace(s) != s || yamlWords[strings.ToLower(s)] {
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
