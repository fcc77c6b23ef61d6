// Package templates holds what generated files are made from besides IR: text/template files for
// Markdown and other text targets, and Go source (goruntime/) that is copied into generated
// packages because it is the same for every schema.
package templates

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed goruntime/*.go
var goRuntime embed.FS

//go:embed docs/*.tmpl
var docTemplates embed.FS

// Docs returns the text/template files of the Markdown docs target, rooted at docs/.
func Docs() fs.FS {
	sub, err := fs.Sub(docTemplates, "docs")
	if err != nil {
		panic(err) // "docs" is a valid path, so fs.Sub cannot fail
	}
	return sub
}

// runtimePackageClause is the package clause of the copied Go sources.
const runtimePackageClause = "package goruntime\n"

// GoRuntime returns the source of goruntime/<name>.go with its package clause changed to pkg.
func GoRuntime(name, pkg string) ([]byte, error) {
	src, err := goRuntime.ReadFile("goruntime/" + name + ".go")
	if err != nil {
		return nil, fmt.Errorf("templates: no runtime file %q: %w", name, err)
	}
	text := string(src)
	i := strings.Index(text, runtimePackageClause)
	if i < 0 {
		return nil, fmt.Errorf("templates: goruntime/%s.go has no package clause", name)
	}
	return []byte(text[:i] + "package " + pkg + "\n" + text[i+len(runtimePackageClause):]), nil
}
