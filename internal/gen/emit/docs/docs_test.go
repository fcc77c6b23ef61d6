package docs

import (
	"flag"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// contracts are the schemas the golden tests render, relative to the repository root: the
// product's contract and the fixtures of other versions, so that a template change shows in each.
// (testdata/contracts/v1 is an exact copy of the product's contract, so it would render the same
// page again.)
var contracts = map[string]string{
	"agent-error":  "docs/contracts/schemas/agent-error.schema.json",
	"fixture-v1.1": "testdata/contracts/v1.1/agent-error.schema.json",
	"fixture-v2":   "testdata/contracts/v2/agent-error.schema.json",
	// Issue 16's result contracts: conditions beside the members, and an allOf of a base and an
	// extension.
	"result-conditions": "testdata/golden/result-contract-conditions/tool-result.schema.json",
	"result-extension":  "testdata/golden/result-contract-extension/search-result.schema.json",
	// Sum types: members whose values are one of several variants, and a root that is one.
	"union-members": "internal/gen/emit/openapi/testdata/unions.schema.json",
	"agent-event":   "internal/gen/emit/docs/testdata/agent-event.schema.json",
	// The profile's second contract: its own member names, which the origins, recovery, side
	// effects, fallback, compatibility and kind sections take from the profile.
	"profile-second-contract": "testdata/golden/profile-second-contract/service-fault.schema.json",
	// Its variant without a wait member: no kind table column and no text about one.
	"profile-no-wait": "testdata/golden/profile-no-wait/no-wait.schema.json",
}

// testdataDir and repoRoot are absolute, because buildIR changes the directory.
var (
	testdataDir, _ = filepath.Abs("testdata")
	repoRoot, _    = filepath.Abs("../../../..")
)

// buildIR loads a schema from the repository root, as contractgen generate does, so the page
// names the schema by the same path as the committed one.
func buildIR(t testing.TB, schema string) *ir.Package {
	t.Helper()
	t.Chdir(repoRoot)
	set, err := load.Files([]string{schema})
	if err != nil {
		t.Fatalf("load %s: %v", schema, err)
	}
	pkg, err := build.Build(set, build.Options{Package: "agenterror", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatalf("build %s: %v", schema, err)
	}
	return pkg
}

func render(t *testing.T, schema string) emit.File {
	t.Helper()
	files, err := Emit(buildIR(t, schema))
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	if len(files) != 1 {
		t.Fatalf("Emit returned %d files, want 1", len(files))
	}
	return files[0]
}

// TestGolden compares each rendered page with testdata/<case>.md; -update rewrites them. A missing
// golden file fails the test rather than being created silently.
func TestGolden(t *testing.T) {
	for name, schema := range contracts {
		t.Run(name, func(t *testing.T) {
			got := render(t, schema).Bytes
			golden := filepath.Join(testdataDir, name+".md")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("golden file: %v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s differs from the golden file (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// TestHeaderFirstLine pins the marker that the writer looks for before it replaces a file.
func TestHeaderFirstLine(t *testing.T) {
	page := string(render(t, contracts["agent-error"]).Bytes)
	first, _, _ := strings.Cut(page, "\n")
	if first != "<!-- "+emit.Header+" -->" {
		t.Errorf("first line = %q", first)
	}
	if !strings.HasSuffix(page, "\n") || strings.HasSuffix(page, "\n\n") {
		t.Errorf("page must end with exactly one newline")
	}
	if strings.Contains(page, "\n\n\n") {
		t.Errorf("page holds two blank lines in a row")
	}
}

// TestTablesParse renders the page with goldmark's GitHub table extension, an independent Markdown
// parser, and checks that every table row has as many cells as its header (an unescaped "|" in a
// description would add one) and that the kind table has one row per catalog kind plus the fallback.
func TestTablesParse(t *testing.T) {
	pkg := buildIR(t, contracts["agent-error"])
	files, err := Emit(pkg)
	if err != nil {
		t.Fatal(err)
	}
	src := files[0].Bytes
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src))
	kindRows := -1
	tables := 0
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		table, ok := n.(*east.Table)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		tables++
		header := table.FirstChild()
		width := header.ChildCount()
		rows := 0
		for row := header.NextSibling(); row != nil; row = row.NextSibling() {
			rows++
			if row.ChildCount() != width {
				t.Errorf("table %d row %d has %d cells, header has %d", tables, rows, row.ChildCount(), width)
			}
		}
		//lint:ignore SA1019 the cell's plain text is exactly what this check needs
		if string(header.FirstChild().(*east.TableCell).Text(src)) == "kind" && width == 10 {
			kindRows = rows
		}
		return ast.WalkSkipChildren, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(errorcontract.Of(pkg).Catalog.Kinds) + 1; kindRows != want {
		t.Errorf("kind table has %d rows, want %d (every kind and the fallback)", kindRows, want)
	}
	if tables < 8 {
		t.Errorf("found %d tables, want at least 8", tables)
	}
}

// TestEveryKindOnce checks that each catalog kind, with its HTTP status and guidance, appears in
// exactly one table row.
func TestEveryKindOnce(t *testing.T) {
	pkg := buildIR(t, contracts["agent-error"])
	page := string(render(t, contracts["agent-error"]).Bytes)
	for _, k := range errorcontract.Of(pkg).Catalog.Kinds {
		prefix := "| `" + k.Name + "` | " + k.Origin + " |"
		if n := strings.Count(page, prefix); n != 1 {
			t.Errorf("kind %s: %d rows, want 1", k.Name, n)
			continue
		}
		row := page[strings.Index(page, prefix):]
		row, _, _ = strings.Cut(row, "\n")
		if !strings.Contains(row, k.Guidance) || !strings.Contains(row, " "+strconv.Itoa(k.HTTPStatus)+" ") {
			t.Errorf("kind %s: row %q lacks its status or guidance", k.Name, row)
		}
	}
}

func TestMarkdownHelpers(t *testing.T) {
	cases := []struct{ name, got, want string }{
		{"code plain", code("a_b"), "`a_b`"},
		{"code with backtick", code("a`b"), "``a`b``"},
		{"code starting with backtick", code("`x"), "`` `x ``"},
		{"code empty", code(""), ""},
		{"cell pipe", cell("a | b"), `a \| b`},
		{"cell newline", cell("a\n\nb  c"), "a b c"},
		{"codes", codes([]string{"x", "y"}), "`x`, `y`"},
		{"tidy", string(tidy([]byte("a  \n\n\n\nb\n\n"))), "a\n\nb\n"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestPageName(t *testing.T) {
	for src, want := range map[string]string{
		"docs/contracts/schemas/agent-error.schema.json": "agent-error-contract.md",
		"x/billing.json": "billing-contract.md",
	} {
		pkg := &ir.Package{Sources: []ir.Source{{Path: src}}}
		if got := pageName(pkg); got != want {
			t.Errorf("pageName(%s) = %s, want %s", src, got, want)
		}
	}
}

// TestNoWaitMember: the page of a contract whose recovery object has no wait member has no
// retry-after column in the kind table (every row would say "no" of a member the contract lacks)
// and names no wait member or Retry-After header; the kind table still parses with one cell per
// column, for every kind and the fallback.
func TestNoWaitMember(t *testing.T) {
	schema := contracts["profile-no-wait"]
	pkg := buildIR(t, schema)
	src := render(t, schema).Bytes
	for _, bad := range []string{"retry-after", "Retry-After", "retry_after_ms", "wait_ms"} {
		if i := strings.Index(string(src), bad); i >= 0 {
			line := string(src[strings.LastIndex(string(src[:i]), "\n")+1:])
			line, _, _ = strings.Cut(line, "\n")
			t.Errorf("the page has %q: %s", bad, line)
		}
	}
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src))
	kindRows, width := -1, 0
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		table, ok := n.(*east.Table)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		header := table.FirstChild()
		// The kind table is the first whose first column is the kind member (code); the 401
		// challenges' table follows it.
		//lint:ignore SA1019 the cell's plain text is exactly what this check needs
		if kindRows >= 0 || string(header.FirstChild().(*east.TableCell).Text(src)) != "code" {
			return ast.WalkSkipChildren, nil
		}
		width, kindRows = header.ChildCount(), 0
		for row := header.NextSibling(); row != nil; row = row.NextSibling() {
			kindRows++
			if row.ChildCount() != width {
				t.Errorf("kind table row %d has %d cells, header has %d", kindRows, row.ChildCount(), width)
			}
		}
		return ast.WalkSkipChildren, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if width != 9 {
		t.Errorf("the kind table has %d columns, want 9 (no retry-after)", width)
	}
	if want := len(errorcontract.Of(pkg).Catalog.Kinds) + 1; kindRows != want {
		t.Errorf("kind table has %d rows, want %d (every kind and the fallback)", kindRows, want)
	}
}
