package openapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/keywords"
)

// TestDroppedKeywordsFollowTheTable: every keyword the converter may leave out of the 3.0 document
// (the keys it passes to dropOr and dropCount) is one the keyword table marks Dropped for OpenAPI
// 3.0, and every keyword the table marks Dropped is one the converter can leave out, so the loss
// report, which lists the table's, names exactly what the converter does.
func TestDroppedKeywordsFollowTheTable(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "schema.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "dropOr" && sel.Sel.Name != "dropCount") || len(call.Args) < 3 {
			return true
		}
		if arg, ok := call.Args[2].(*ast.BasicLit); ok {
			key, _ := strconv.Unquote(arg.Value)
			keys = append(keys, key)
		}
		return true
	})
	// A loop that drops several keywords (if, then, else) names them in the list it ranges over.
	ast.Inspect(f, func(n ast.Node) bool {
		loop, ok := n.(*ast.RangeStmt)
		if !ok || !drops(loop.Body) {
			return true
		}
		ast.Inspect(loop.X, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && len(lit.Elts) > 0 {
				if name, ok := lit.Elts[0].(*ast.BasicLit); ok && name.Kind == token.STRING {
					key, _ := strconv.Unquote(name.Value)
					keys = append(keys, key)
				}
			}
			return true
		})
		return true
	})
	slices.Sort(keys)
	keys = slices.Compact(keys)
	dropped := keywords.Where(func(k keywords.Keyword) bool { return k.OpenAPI30 == keywords.Dropped })
	for _, k := range keys {
		if !slices.Contains(dropped, k) {
			t.Errorf("the converter may drop %q from 3.0, which the keyword table does not mark Dropped", k)
		}
	}
	for _, k := range dropped {
		if !slices.Contains(keys, k) {
			t.Errorf("the keyword table marks %q Dropped for OpenAPI 3.0, but the converter never drops it", k)
		}
	}
	if len(keys) < 10 {
		t.Errorf("found only %v: the scan is broken", keys)
	}
}

// drops reports whether code calls dropOr with a key that is not a literal.
func drops(code ast.Node) bool {
	found := false
	ast.Inspect(code, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "dropOr" && len(call.Args) > 2 {
				if _, lit := call.Args[2].(*ast.BasicLit); !lit {
					found = true
				}
			}
		}
		return true
	})
	return found
}
