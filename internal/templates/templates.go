// Package templates holds what generated files are made from besides IR: text/template files for
// Markdown and other text targets, and the copy-in runtime (goruntime/): the runtime module
// cgruntime, renamed so that it can live inside a generated package, which `--runtime inline`
// copies there instead of importing the module.
//
// goruntime/ is derived, never edited: edit cgruntime/ (where the runtime's tests live) and run
// go generate here; internal/tools/inlineruntime's test fails while the copy is stale.
package templates

//go:generate go run ../tools/inlineruntime -src ../../cgruntime -dst goruntime

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

// GoRuntime returns the source of goruntime/<name>.go from its package clause on, the clause
// changed to pkg: the derived file's own header, which names the tool that wrote it, is dropped,
// since the generated file gets contractgen's.
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
	return []byte("package " + pkg + "\n" + text[i+len(runtimePackageClause):]), nil
}
