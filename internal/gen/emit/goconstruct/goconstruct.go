// Package goconstruct emits the constructors of a contract with a kind catalog: a constant and a
// constructor per kind, the catalog lookup, a generic constructor with the fallback row, options for
// every optional member, errors.Is by kind and Unwrap to a wrapped Go error. Every text an option
// takes passes the sanitizer, which this emitter copies into the generated package.
package goconstruct

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/format"
	"strings"
	"text/template"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

//go:embed construct.go.tmpl
var constructSource string

var constructTemplate = template.Must(template.New("construct").Funcs(Funcs).Parse(constructSource))

// Funcs are the template functions the Go templates of this package and gosurfaces share.
var Funcs = template.FuncMap{
	"quote":       Quote,
	"comment":     Comment,
	"describeRow": describeRow,
}

// Emit returns construct.go and sanitize.go, or nothing when the contract has no kind catalog.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	m, err := Analyze(pkg)
	if err != nil || m == nil {
		return nil, err
	}
	src, err := Render(constructTemplate, m)
	if err != nil {
		return nil, err
	}
	runtime, err := emit.GoRuntimeFiles(pkg.Name, pkg.Hash, "sanitize")
	if err != nil {
		return nil, err
	}
	return append([]emit.File{{Path: "construct.go", Bytes: src}}, runtime...), nil
}

// Render executes a Go source template and formats the result; source that does not parse is a
// contractgen bug, reported with the offending line.
func Render(t *template.Template, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("%s: %w", t.Name(), err)
	}
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: generated code is not valid Go (a contractgen bug): %w", t.Name(), err)
	}
	return out, nil
}

// Comment renders text as Go line comments wrapped at 96 columns. Indentation is left to gofmt,
// which Render runs on every template's output.
func Comment(text string) string {
	lines := emit.Wrap(text, 96)
	for i, l := range lines {
		lines[i] = "// " + l
	}
	return strings.Join(lines, "\n")
}

// describeRow summarizes a row for a constructor's doc comment.
func describeRow(r Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "origin %s, recovery %s (same arguments: %s), HTTP %d", r.OriginValue, r.ActionValue, r.SameArgumentsValue, r.HTTPStatus)
	if r.RetryAfter {
		b.WriteString(", WithRetryAfter applies")
	}
	fmt.Fprintf(&b, ". Guidance: %s", r.Guidance)
	return b.String()
}
