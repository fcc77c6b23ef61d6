// Package naming turns JSON names into Go identifiers, the one way every part of the generator
// spells them: retry_after_ms becomes RetryAfterMS, invalid_code_mode_id becomes InvalidCodeModeID.
package naming

import (
	"go/token"
	"strings"
	"unicode"
)

// initialisms are words written in capitals in Go names, as golint and the standard library do.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CLI": true, "CPU": true, "CSS": true, "DNS": true,
	"EOF": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IP": true,
	"JSON": true, "JWT": true, "MCP": true, "SSRF": true, "MS": true, "OS": true, "RPC": true, "SQL": true,
	"SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true, "UI": true, "UID": true,
	"URI": true, "URL": true, "UTF8": true, "UUID": true, "XML": true,
}

// GoName turns a JSON name into an exported Go identifier: retry_after_ms → RetryAfterMS,
// safety-hints → SafetyHints, fooBar → FooBar. It returns "" when the name has no letter or digit
// to build on or would start with a digit.
func GoName(name string) string {
	var b strings.Builder
	for _, word := range splitWords(name) {
		upper := strings.ToUpper(word)
		if initialisms[upper] {
			b.WriteString(upper)
			continue
		}
		r := []rune(word)
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	out := b.String()
	if out == "" {
		return ""
	}
	first := []rune(out)[0]
	if !unicode.IsUpper(first) || !token.IsIdentifier(out) {
		return ""
	}
	return out
}

// splitWords breaks a name at every character that cannot be part of an identifier and at
// lower-to-upper case changes.
func splitWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = nil
		}
	}
	runes := []rune(name)
	for i, r := range runes {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(runes[i-1]) {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// IsValidPackageName reports whether s can name a Go package: an identifier that is not a keyword.
func IsValidPackageName(s string) bool {
	return token.IsIdentifier(s) && !token.IsKeyword(s) && s != "_"
}
