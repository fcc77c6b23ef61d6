package rust

import (
	"strings"
	"unicode"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// keywords are Rust's strict and reserved keywords (2021 edition), which a field written as a raw
// identifier (r#type) may use; rawForbidden cannot be raw identifiers and take a trailing "_".
var keywords = map[string]bool{
	"as": true, "async": true, "await": true, "break": true, "const": true, "continue": true, "crate": true,
	"dyn": true, "else": true, "enum": true, "extern": true, "false": true, "fn": true, "for": true, "if": true,
	"impl": true, "in": true, "let": true, "loop": true, "match": true, "mod": true, "move": true, "mut": true,
	"pub": true, "ref": true, "return": true, "self": true, "Self": true, "static": true, "struct": true,
	"super": true, "trait": true, "true": true, "type": true, "unsafe": true, "use": true, "where": true,
	"while": true, "abstract": true, "become": true, "box": true, "do": true, "final": true, "macro": true,
	"override": true, "priv": true, "typeof": true, "unsized": true, "virtual": true, "yield": true, "try": true,
	"gen": true, "union": true,
}

var rawForbidden = map[string]bool{"self": true, "Self": true, "super": true, "crate": true, "_": true}

// words splits a name into words at non-alphanumeric characters and at case changes: "retryAfterMs",
// "retry_after_ms" and "RetryAfterMS" all give retry, after, ms.
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// asciiOnly keeps the identifier characters Rust accepts without a feature gate.
func asciiOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// snake is a member's field name: snake_case from the JSON name, a keyword as a raw identifier.
func snake(json string) string {
	name := asciiOnly(strings.Join(words(json), "_"))
	if name == "" {
		name = "member"
	}
	if name[0] >= '0' && name[0] <= '9' {
		name = "n" + name
	}
	switch {
	case rawForbidden[name]:
		return name + "_"
	case keywords[name]:
		return "r#" + name
	}
	return name
}

// camel is a type or variant name: CamelCase from a name's words ("HTTPStatus" gives HttpStatus,
// "rate_limited" RateLimited).
func camel(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		w = asciiOnly(w)
		if w == "" {
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	name := b.String()
	if name == "" {
		name = "Value"
	}
	if name[0] >= '0' && name[0] <= '9' {
		name = "V" + name
	}
	if name == "Self" {
		name = "SelfValue"
	}
	return name
}

// unique returns name, or name with the smallest suffix 2, 3, ... that taken lacks, and takes it.
func unique(name string, taken map[string]bool) string {
	out := name
	for i := 2; taken[out]; i++ {
		base := strings.TrimPrefix(name, "r#")
		out = base + "_" + itoa(i)
		if !strings.Contains(base, "_") && base != "" && base[0] >= 'A' && base[0] <= 'Z' {
			out = base + itoa(i)
		}
	}
	taken[out] = true
	return out
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// enumVariants names an enum's variants from their values, and the catch-all variant. Values
// whose names would be the same (Etc/GMT+0 and Etc/GMT-0, or "-" and "_", which have no words)
// are named from the value's Name, where the builder spelled what tells them apart (EtcGMTPlus0,
// Hyphen).
func enumVariants(values []ir.EnumValue) ([]string, string) {
	count := map[string]int{}
	for _, v := range values {
		count[camel(v.Value)]++
	}
	taken := map[string]bool{}
	variants := make([]string, len(values))
	for i, v := range values {
		name := camel(v.Value)
		if count[name] > 1 || name == "Value" && v.Name != "" {
			name = camel(v.Name)
		}
		variants[i] = unique(name, taken)
	}
	return variants, unique("Other", taken)
}
