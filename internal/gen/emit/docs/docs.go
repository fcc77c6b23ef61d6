// Package docs emits the human-readable contract: one Markdown page per contract, rendered with
// text/template from internal/templates/docs. The page is built from the same IR as the code, so
// the prose contract cannot drift from what the generated code does.
package docs

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
	"text/template"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/templates"
)

// Emit returns the contract page, named after the root schema file: agent-error.schema.json
// becomes agent-error-contract.md.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	p, err := newPage(pkg)
	if err != nil {
		return nil, err
	}
	p.Header = strings.TrimSuffix(emit.HeaderComment(".md", emit.HeaderLines(pkg.Hash, "Edit the schema and regenerate; changes made here are lost.")...), "\n")
	tmpl, err := template.New("contract.md.tmpl").Funcs(funcs).ParseFS(templates.Docs(), "*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("docs: templates: %w", err)
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, p); err != nil {
		return nil, fmt.Errorf("docs: %w", err)
	}
	// The schema's prose is copied as it is; control characters in it become visible escapes.
	return []emit.File{{Path: pageName(pkg), Bytes: []byte(emit.Visible(string(tidy(buf.Bytes()))))}}, nil
}

// pageName derives the file name from the first source, so that a second contract generated
// into the same directory gets a page of its own.
func pageName(pkg *ir.Package) string {
	base := "contract"
	if len(pkg.Sources) > 0 {
		base = path.Base(pkg.Sources[0].Path)
		base = strings.TrimSuffix(strings.TrimSuffix(base, ".json"), ".schema")
	}
	return base + "-contract.md"
}

// tidy removes the blank lines that template actions leave behind, so the page never has two
// blank lines in a row and ends with exactly one newline.
func tidy(b []byte) []byte {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = strings.TrimRight(l, " ")
		if l == "" && len(out) > 0 && out[len(out)-1] == "" {
			continue
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// funcs are the helpers the templates use for Markdown escaping.
var funcs = template.FuncMap{
	"code": code,
	// hasValue reports whether an enum lists a value: a paragraph written about particular values
	// is shown only where the enum has them.
	"hasValue": func(values []enumValue, v string) bool {
		return slices.ContainsFunc(values, func(e enumValue) bool { return e.Value == v })
	},
	"cell":  cell,
	"codes": codes,
	"yesno": func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	},
	"join": strings.Join,
}

// code wraps s in a code span, using a longer fence when s itself holds backticks.
func code(s string) string {
	if s == "" {
		return ""
	}
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// cell makes text safe inside a Markdown table cell: no line breaks, no column separators.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// codes formats a list as comma-separated code spans.
func codes(list []string) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = code(s)
	}
	return strings.Join(out, ", ")
}
