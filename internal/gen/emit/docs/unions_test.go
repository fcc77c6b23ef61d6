package docs

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// TestEveryPageTablesParse renders every golden contract with goldmark's table extension and
// checks each table row against its header: variant names, values and rules stay in their cells.
func TestEveryPageTablesParse(t *testing.T) {
	for name, schema := range contracts {
		src := render(t, schema).Bytes
		doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src))
		err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			table, ok := n.(*east.Table)
			if !ok || !entering {
				return ast.WalkContinue, nil
			}
			header := table.FirstChild()
			for row := header.NextSibling(); row != nil; row = row.NextSibling() {
				if row.ChildCount() != header.ChildCount() {
					t.Errorf("%s: a row has %d cells, its header %d", name, row.ChildCount(), header.ChildCount())
				}
			}
			return ast.WalkSkipChildren, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestSumTypeRoot: a root that is a sum type lists its variants, what chooses each, and the
// discriminator; its variants' values with two selecting values name both.
func TestSumTypeRoot(t *testing.T) {
	page := string(render(t, contracts["agent-event"]).Bytes)
	for _, want := range []string{
		"## Variants",
		"chosen by its member `type`",
		"| Tool call | object: tool call | `type` is `\"tool_call\"` | The agent called a tool. |",
		"| Failure | object: failure | `type` is `\"failure\"` or `\"error\"` |",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
}
