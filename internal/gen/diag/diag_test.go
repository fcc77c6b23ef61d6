package diag

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

func TestDiagnosticString(t *testing.T) {
	cases := []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "s.json", Pointer: "/properties/a", Message: "bad"}, "s.json#/properties/a: bad"},
		{Diagnostic{File: "s.json", Message: "cannot read schema"}, "s.json#: cannot read schema"},
		{Diagnostic{File: "s.json", Pointer: "/a", Line: 4, Column: 29, Message: "invalid JSON"}, "s.json#/a (line 4, column 29): invalid JSON"},
		{Diagnostic{Message: "package name \"x-y\" is not valid"}, "package name \"x-y\" is not valid"},
		{Diagnostic{Pointer: "/a", Message: "no file"}, "#/a: no file"},
	}
	for _, c := range cases {
		if got := c.d.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestAddFormats(t *testing.T) {
	var l List
	l.Add("s.json", "/a", "keyword %q takes %d values", "enum", 2)
	want := List{{File: "s.json", Pointer: "/a", Message: `keyword "enum" takes 2 values`}}
	if !slices.Equal(l, want) {
		t.Errorf("Add gave %+v, want %+v", l, want)
	}
}

// TestSortedOrdersAndDropsExactDuplicates: by file, pointer, message, line; only exact copies go.
func TestSortedOrdersAndDropsExactDuplicates(t *testing.T) {
	l := List{
		{File: "b.json", Pointer: "/a", Message: "m"},
		{File: "a.json", Pointer: "/b", Message: "m"},
		{File: "a.json", Pointer: "/a", Message: "z"},
		{File: "a.json", Pointer: "/a", Message: "m", Line: 2},
		{File: "a.json", Pointer: "/a", Message: "m", Line: 1},
		{File: "b.json", Pointer: "/a", Message: "m"},
	}
	want := List{
		{File: "a.json", Pointer: "/a", Message: "m", Line: 1},
		{File: "a.json", Pointer: "/a", Message: "m", Line: 2},
		{File: "a.json", Pointer: "/a", Message: "z"},
		{File: "a.json", Pointer: "/b", Message: "m"},
		{File: "b.json", Pointer: "/a", Message: "m"},
	}
	got := l.Sorted()
	if !slices.Equal(got, want) {
		t.Errorf("Sorted() =\n%v\nwant\n%v", got, want)
	}
	if l[0].File != "b.json" {
		t.Error("Sorted changed the list it was called on")
	}
}

func TestErrIsNilOnlyWhenEmpty(t *testing.T) {
	var l List
	if err := l.Err(); err != nil {
		t.Errorf("empty list: Err() = %v, want nil", err)
	}
	l.Add("s.json", "/a", "bad")
	l.Add("s.json", "/a", "bad")
	err := l.Err()
	var got List
	if !errors.As(err, &got) || len(got) != 1 {
		t.Fatalf("Err() = %#v, want a List of the one distinct diagnostic", err)
	}
	if err.Error() != "s.json#/a: bad" {
		t.Errorf("Error() = %q", err.Error())
	}
}

// catalog returns n diagnostics of the same message at /x-catalog/kinds/<kind>/origin.
func catalog(n int) List {
	var l List
	for i := range n {
		l.Add("s.json", fmt.Sprintf("/x-catalog/kinds/k%02d/origin", i), "origin must be a string enum")
	}
	return l
}

func TestLinesGroupsRepetitiveDiagnostics(t *testing.T) {
	l := catalog(62)
	l.Add("s.json", "/x-catalog/fallback/origin", "origin must be a string enum")
	l.Add("s.json", "/properties/kind", "another problem")
	want := []string{
		"s.json#/properties/kind: another problem",
		"s.json#/x-catalog/fallback/origin: origin must be a string enum",
		"s.json#/x-catalog/kinds/*/origin: origin must be a string enum (62 places, * = k00, k01, k02 and 59 more)",
	}
	if got := l.Lines(); !slices.Equal(got, want) {
		t.Errorf("Lines() =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := l.Error(); got != strings.Join(want, "\n") {
		t.Errorf("Error() does not join Lines():\n%s", got)
	}
}

func TestLinesGroupsFromMinGroupOn(t *testing.T) {
	below := catalog(MinGroup - 1)
	if got := below.Lines(); len(got) != MinGroup-1 || strings.Contains(strings.Join(got, "\n"), "*") {
		t.Errorf("%d similar diagnostics were grouped:\n%s", MinGroup-1, strings.Join(got, "\n"))
	}
	at := catalog(MinGroup)
	want := fmt.Sprintf("s.json#/x-catalog/kinds/*/origin: origin must be a string enum (%d places, * = k00, k01, k02 and %d more)", MinGroup, MinGroup-GroupExamples)
	if got := at.Lines(); !slices.Equal(got, []string{want}) {
		t.Errorf("Lines() = %q, want %q", got, want)
	}
}

// TestLinesGroupsOnlyWhatIsAlike: another message, another file or a pointer differing in two
// segments keeps its own line.
func TestLinesGroupsOnlyWhatIsAlike(t *testing.T) {
	l := catalog(5)
	l.Add("s.json", "/x-catalog/kinds/k99/origin", "another message")
	l.Add("t.json", "/x-catalog/kinds/k98/origin", "origin must be a string enum")
	l.Add("s.json", "/x-catalog/other/k97/status", "origin must be a string enum")
	got := l.Lines()
	want := []string{
		"s.json#/x-catalog/kinds/*/origin: origin must be a string enum (5 places, * = k00, k01, k02 and 2 more)",
		"s.json#/x-catalog/kinds/k99/origin: another message",
		"s.json#/x-catalog/other/k97/status: origin must be a string enum",
		"t.json#/x-catalog/kinds/k98/origin: origin must be a string enum",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Lines() =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLinesPutsEachDiagnosticInOneGroup: a diagnostic that could join two groups joins the larger,
// and is printed once.
func TestLinesPutsEachDiagnosticInOneGroup(t *testing.T) {
	var l List
	for _, surface := range []string{"cli", "http", "jsonrpc", "mcp", "sse"} {
		l.Add("s.json", "/x-surfaces/"+surface+"/runtime", "unknown origin")
	}
	for _, origin := range []string{"budget", "policy", "runtime", "upstream"} {
		l.Add("s.json", "/x-surfaces/cli/"+origin, "unknown origin")
	}
	got := l.Lines()
	// cli/runtime joins the larger group; the cli group keeps 3 members, fewer than MinGroup, so
	// they are printed one by one.
	want := []string{
		"s.json#/x-surfaces/cli/budget: unknown origin",
		"s.json#/x-surfaces/cli/policy: unknown origin",
		"s.json#/x-surfaces/*/runtime: unknown origin (5 places, * = cli, http, jsonrpc and 2 more)",
		"s.json#/x-surfaces/cli/upstream: unknown origin",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Lines() =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMergeCombinesListsAndDropsDuplicates(t *testing.T) {
	one := List{{File: "s.json", Message: "constructors: kind is not required"}}
	two := List{{File: "s.json", Message: "constructors: kind is not required"}}
	err := Merge(nil, fmt.Errorf("target go: %w", errors.Join(one, two)), nil)
	var got List
	if !errors.As(err, &got) {
		t.Fatalf("Merge gave %T %v, want a List", err, err)
	}
	if err.Error() != "s.json#: constructors: kind is not required" {
		t.Errorf("Merge(...).Error() = %q, want the diagnostic once", err.Error())
	}
	grouped := Merge(catalog(2), fmt.Errorf("emitter: %w", catalog(4)[2:]))
	if lines := strings.Split(grouped.Error(), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "(4 places,") {
		t.Errorf("Merge of two halves of a group printed %q, want one grouped line", lines)
	}
}

func TestMergeKeepsOtherErrors(t *testing.T) {
	if err := Merge(nil, nil); err != nil {
		t.Errorf("Merge(nil, nil) = %v", err)
	}
	plain := fmt.Errorf("target ts: %w", fs.ErrNotExist)
	err := Merge(catalog(1), plain)
	var l List
	if errors.As(err, &l) && len(l) > 1 {
		t.Errorf("a plain error was folded into a List: %v", err)
	}
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "target ts: ") || !strings.Contains(err.Error(), "k00") {
		t.Errorf("Merge = %q, want both errors, each as it was", err)
	}
}
