// Package gosurfaces emits the surface adapters of a contract with a kind catalog: an error as an
// HTTP response and back, as a JSON-RPC error object and back, as an MCP tool result (also wrapping
// a failed upstream result) and back, and as the CLI's JSON failure line with its exit status. The
// generated code uses the standard library only and carries the one canonical serialization.
package gosurfaces

import (
	_ "embed"
	"text/template"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/goconstruct"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

//go:embed surfaces.go.tmpl
var surfacesSource string

var surfacesTemplate = template.Must(template.New("surfaces").Funcs(goconstruct.Funcs).Parse(surfacesSource))

// Emit returns surfaces.go, or nothing when the contract has no kind catalog. It relies on the
// names goconstruct.Emit declares (Info, LookupKind, Kind, the sanitizer), so it runs after it.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	m, err := goconstruct.Analyze(pkg)
	if err != nil || m == nil {
		return nil, err
	}
	src, err := goconstruct.Render(surfacesTemplate, m)
	if err != nil {
		return nil, err
	}
	return []emit.File{{Path: "surfaces.go", Bytes: src}}, nil
}
