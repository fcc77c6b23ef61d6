package compat

import (
	"bytes"
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// maxExponent bounds the decimal exponent accepted for exact arithmetic: big.Rat would
// otherwise allocate 10^exponent for input such as 1e999999999.
const maxExponent = 400

// ratOf parses a JSON number exactly; ok is false for numbers too large to handle safely.
func ratOf(n json.Number) (*big.Rat, bool) {
	s := string(n)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		exp, err := strconv.Atoi(s[i+1:])
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// canonical renders a decoded JSON value so that equal values give equal strings: members
// sorted, and numbers compared by value (1 and 1.0 are the same JSON Schema value).
func canonical(v any) string {
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

// writeCanonical is canonical's recursive step.
func writeCanonical(b *strings.Builder, v any) {
	switch t := v.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range sortedKeys(t) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			writeCanonical(b, t[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, e)
		}
		b.WriteByte(']')
	case json.Number:
		b.WriteString(canonicalNumber(t))
	case string:
		b.WriteString(strconv.Quote(t))
	case bool:
		b.WriteString(strconv.FormatBool(t))
	default:
		b.WriteString("null")
	}
}

// canonicalNumber gives one spelling per numeric value where that can be computed safely.
func canonicalNumber(n json.Number) string {
	if r, ok := ratOf(n); ok {
		return "n" + r.RatString()
	}
	return "n" + string(n)
}

// equalValues compares two decoded JSON values as JSON Schema does.
func equalValues(a, b any) bool {
	return canonical(a) == canonical(b)
}

// sortedKeys returns a map's keys in byte order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// maxShown caps how much of a value a message quotes, so a changed description stays one line.
const maxShown = 60

// show renders a value for a message: compact JSON as written, cut at maxShown runes.
func show(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "?"
	}
	s := strings.TrimSuffix(buf.String(), "\n")
	if r := []rune(s); len(r) > maxShown {
		return string(r[:maxShown]) + "..."
	}
	return s
}

// compareNumbers orders two JSON numbers; ok is false when either is out of safe range.
func compareNumbers(a, b json.Number) (int, bool) {
	ra, okA := ratOf(a)
	rb, okB := ratOf(b)
	if !okA || !okB {
		return 0, false
	}
	return ra.Cmp(rb), true
}
