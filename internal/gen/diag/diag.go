// Package diag holds the problems the generator finds in its input, each pointing at a file and a
// JSON pointer, so they can be reported compiler-style: sorted, all at once, each distinct problem
// once, and a problem repeated across many similar places (every kind of a catalog, say) as one
// line.
package diag

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
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

// Error lists the diagnostics one per line, as Lines does.
func (l List) Error() string { return strings.Join(l.Lines(), "\n") }

// Grouping thresholds: at least MinGroup diagnostics with the same file and message whose pointers
// differ in one segment only are printed as one line, naming the first GroupExamples values of
// that segment.
const (
	MinGroup      = 4
	GroupExamples = 3
)

// Lines returns the report's lines, sorted, without duplicates, with repetitive diagnostics grouped:
// a problem found at /x-catalog/kinds/K/origin for 62 kinds K becomes one line
//
//	file#/x-catalog/kinds/*/origin: message (62 places, * = a, b, c and 59 more)
//
// at the place of the group's first member. Each diagnostic joins the largest group it can; a group
// that ends up with fewer than MinGroup members is printed member by member.
func (l List) Lines() []string {
	sorted := l.Sorted()
	// For every diagnostic and every segment of its pointer, the pattern with that segment wild.
	patterns := make([][]groupKey, len(sorted))
	count := map[groupKey]int{}
	for i, d := range sorted {
		segs := segments(d.Pointer)
		for j := range segs {
			k := groupKey{file: d.File, message: d.Message, pattern: wild(segs, j), at: j}
			patterns[i] = append(patterns[i], k)
			count[k]++
		}
	}
	// Each diagnostic joins its largest pattern (the leftmost wild segment on a tie).
	chosen := make([]groupKey, len(sorted))
	members := map[groupKey][]int{}
	for i := range sorted {
		best := -1
		for j, k := range patterns[i] {
			if count[k] >= MinGroup && (best < 0 || count[k] > count[patterns[i][best]]) {
				best = j
			}
		}
		if best >= 0 {
			chosen[i] = patterns[i][best]
			members[chosen[i]] = append(members[chosen[i]], i)
		}
	}
	var lines []string
	printed := map[groupKey]bool{}
	for i, d := range sorted {
		k := chosen[i]
		if len(members[k]) < MinGroup {
			lines = append(lines, d.String())
			continue
		}
		if printed[k] {
			continue
		}
		printed[k] = true
		var values []string
		for _, m := range members[k] {
			values = append(values, segments(sorted[m].Pointer)[k.at])
		}
		lines = append(lines, groupLine(k, values))
	}
	return lines
}

// groupKey names a group: the file and message its members share and their pointer with the
// segment at index at replaced by "*".
type groupKey struct {
	file, message, pattern string
	at                     int
}

// groupLine formats a group with the count and the first values of its wild segment.
func groupLine(k groupKey, values []string) string {
	shown := values[:min(len(values), GroupExamples)]
	list := strings.Join(shown, ", ")
	if rest := len(values) - len(shown); rest > 0 {
		list += " and " + strconv.Itoa(rest) + " more"
	}
	return fmt.Sprintf("%s#%s: %s (%d places, * = %s)", k.file, k.pattern, k.message, len(values), list)
}

// segments splits a JSON pointer into its (still escaped) reference tokens.
func segments(pointer string) []string {
	if pointer == "" {
		return nil
	}
	return strings.Split(strings.TrimPrefix(pointer, "/"), "/")
}

// wild returns the pointer of segs with segment j replaced by "*".
func wild(segs []string, j int) string {
	out := slices.Clone(segs)
	out[j] = "*"
	return "/" + strings.Join(out, "/")
}

// Merge combines the errors of independent steps (emitters that ran side by side, say) into one.
// When each is a List, or wraps only Lists (through fmt.Errorf's %w or errors.Join), the result
// is one List, so that a problem two steps found is reported once and repetitive ones are grouped;
// the wrappers' text, which only says which step spoke, is dropped. Otherwise it is
// errors.Join(errs...). Merge returns nil when every error is nil.
func Merge(errs ...error) error {
	var all List
	for _, err := range errs {
		if err == nil {
			continue
		}
		l, ok := lists(err)
		if !ok {
			return errors.Join(errs...)
		}
		all = append(all, l...)
	}
	if len(all) == 0 {
		return errors.Join(errs...) // nil, or only empty Lists
	}
	return all.Err()
}

// lists returns the diagnostics of err and true when err is made of Lists alone.
func lists(err error) (List, bool) {
	switch e := err.(type) {
	case List:
		return e, true
	case interface{ Unwrap() []error }:
		var all List
		for _, inner := range e.Unwrap() {
			l, ok := lists(inner)
			if !ok {
				return nil, false
			}
			all = append(all, l...)
		}
		return all, true
	case interface{ Unwrap() error }:
		if inner := e.Unwrap(); inner != nil {
			return lists(inner)
		}
	}
	return nil, false
}
