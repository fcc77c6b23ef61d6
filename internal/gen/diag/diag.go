// Package diag holds the problems the generator finds in its input, each pointing at a file and a
// JSON pointer, so they can be reported compiler-style: sorted, all at once.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Diagnostic is one problem in an input file.
type Diagnostic struct {
	// File is the path of the input as the user named it.
	File string
	// Pointer is the JSON pointer of the offending value ("" for the whole document).
	Pointer string
	// Line and Column locate the value in the file when known (0 when not).
	Line, Column int
	// Message says what is wrong, in lower case, without a trailing period.
	Message string
}

// String formats the diagnostic as "file#/pointer: message" with the position when known.
func (d Diagnostic) String() string {
	if d.File == "" && d.Pointer == "" {
		return d.Message
	}
	loc := visible(d.File) + "#" + visible(d.Pointer)
	if d.Line > 0 {
		loc += fmt.Sprintf(" (line %d, column %d)", d.Line, d.Column)
	}
	return loc + ": " + d.Message
}

// visible escapes the characters of a location that a terminal would act on or hide: control
// characters, and format characters such as the bidi overrides (U+202E) that can reorder a
// message on screen. A member name may contain any of them; the pointer must still read truly.
func visible(s string) string {
	if !strings.ContainsFunc(s, hidden) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !hidden(r):
			b.WriteRune(r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			fmt.Fprintf(&b, "\\U%08X", r)
		}
	}
	return b.String()
}

func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError
}

// List is a set of diagnostics; a non-empty List is an error.
type List []Diagnostic

// Add appends a diagnostic.
func (l *List) Add(file, pointer, format string, args ...any) {
	*l = append(*l, Diagnostic{File: file, Pointer: pointer, Message: fmt.Sprintf(format, args...)})
}

// Sorted returns the diagnostics ordered by file, pointer and message, without exact duplicates.
func (l List) Sorted() List {
	out := slices.Clone(l)
	slices.SortFunc(out, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Pointer, b.Pointer),
			cmp.Compare(a.Message, b.Message), cmp.Compare(a.Line, b.Line))
	})
	return slices.Compact(out)
}

// Err returns the list as an error, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l.Sorted()
}

// Error lists every diagnostic on its own line.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, d := range l.Sorted() {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}
