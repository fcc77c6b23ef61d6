package cgruntime

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"
)

// TestVersionSkewFailsToCompile type-checks the version guard that generated code carries, as
// a package importing this one, for generator versions around [MinVersion, MaxVersion]: inside
// it compiles, outside it is a compile error that points at the guard.
func TestVersionSkewFailsToCompile(t *testing.T) {
	fset := token.NewFileSet()
	runtime := checkRuntime(t, fset)
	for gen := MinVersion - 1; gen <= MaxVersion+1; gen++ {
		src := fmt.Sprintf(`package consumer

import "github.com/contractgen/contractgen/cgruntime"

const (
	_ = cgruntime.EnforceVersion(%[1]d - cgruntime.MinVersion)
	_ = cgruntime.EnforceVersion(cgruntime.MaxVersion - %[1]d)
)
`, gen)
		f, err := parser.ParseFile(fset, "consumer.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "github.com/contractgen/contractgen/cgruntime" {
				return runtime, nil
			}
			return nil, fmt.Errorf("unexpected import %s", path)
		})}
		_, err = conf.Check("consumer", fset, []*ast.File{f}, nil)
		fits := gen >= MinVersion && gen <= MaxVersion
		switch {
		case fits && err != nil:
			t.Errorf("generator version %d fits [%d, %d] but the guard fails: %v", gen, MinVersion, MaxVersion, err)
		case !fits && err == nil:
			t.Errorf("generator version %d is outside [%d, %d] but the guard compiles", gen, MinVersion, MaxVersion)
		case !fits && !strings.Contains(err.Error(), "overflows"):
			t.Errorf("generator version %d: want an overflow at the guard, got %v", gen, err)
		}
	}
}

// checkRuntime type-checks this package's non-test files, as an importer would serve them.
func checkRuntime(t *testing.T, fset *token.FileSet) *types.Package {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("github.com/contractgen/contractgen/cgruntime", fset, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
