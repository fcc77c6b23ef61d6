// Package testmod is test support for code that imports the runtime module
// (emit.RuntimeImportPath): the go.mod of the throwaway modules that tests build generated code
// in, which takes the runtime from this checkout's cgruntime/ directory so no test needs a
// published version or the network, and a go/types importer that serves the runtime from there.
package testmod

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// GoMod returns a go.mod for module that requires the runtime module and replaces it with this
// checkout's cgruntime/ directory.
func GoMod(t testing.TB, module string) string {
	t.Helper()
	return "module " + module + "\n\ngo 1.24\n\nrequire " + emit.RuntimeImportPath + " v0.1.0\n\nreplace " + emit.RuntimeImportPath + " => " + RuntimeDir(t) + "\n"
}

// RuntimeDir is the absolute path of this checkout's cgruntime/ directory, found from the working
// directory of the test (a package directory of this checkout) upwards.
func RuntimeDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "cgruntime", "go.mod")); err == nil {
			return filepath.Join(dir, "cgruntime")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testmod: no cgruntime/go.mod above the working directory")
		}
		dir = parent
	}
}

// RuntimeImporter imports the standard library from export data and the runtime module from this
// checkout's cgruntime/ directory, type-checked from source once per test binary. Every caller
// gets the same runtime package, so that, say, apidiff comparing two packages sees one Nullable
// and one ValidationError.
func RuntimeImporter(t testing.TB) types.Importer {
	t.Helper()
	dir := RuntimeDir(t)
	sharedRuntime.once.Do(func() {
		sharedRuntime.std = importer.ForCompiler(token.NewFileSet(), "gc", nil)
		sharedRuntime.pkg, sharedRuntime.err = checkRuntime(dir, sharedRuntime.std)
	})
	if sharedRuntime.err != nil {
		t.Fatalf("type-checking the runtime module: %v", sharedRuntime.err)
	}
	return importerFunc(func(path string) (*types.Package, error) {
		if path == emit.RuntimeImportPath {
			return sharedRuntime.pkg, nil
		}
		return sharedRuntime.std.Import(path)
	})
}

// sharedRuntime is the one standard-library importer and runtime package of a test binary.
var sharedRuntime struct {
	once sync.Once
	std  types.Importer
	pkg  *types.Package
	err  error
}

// checkRuntime type-checks the non-test files of the runtime module in dir.
func checkRuntime(dir string, std types.Importer) (*types.Package, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: std}
	return conf.Check(emit.RuntimeImportPath, fset, files, nil)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
