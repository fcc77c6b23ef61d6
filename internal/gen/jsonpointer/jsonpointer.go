// Package jsonpointer escapes and unescapes the reference tokens of JSON pointers (RFC 6901). It
// is the generator's one escaper: the loader, builder, catalog, emitters, schema checks and compat
// all spell pointers through it. (Generated packages carry their own copy in the runtime, which
// imports nothing of the generator.)
package jsonpointer

import "strings"

// escaper and unescaper replace in one pass, so "~1" in a name escapes to "~01" and reads back
// as "~1", never as "/".
var (
	escaper   = strings.NewReplacer("~", "~0", "/", "~1")
	unescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// Escape encodes one reference token: "~" becomes "~0" and "/" becomes "~1".
func Escape(token string) string {
	if !strings.ContainsAny(token, "~/") {
		return token
	}
	return escaper.Replace(token)
}

// Unescape decodes one reference token, reversing Escape.
func Unescape(token string) string {
	if !strings.Contains(token, "~") {
		return token
	}
	return unescaper.Replace(token)
}
