// Package buildtest is test support: it builds the IR of schemas written as strings, as the tests
// of the packages after build need it.
package buildtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// Build writes the schema files (name/content pairs) to a temporary directory, makes it the
// working directory (so that messages name the files alone), loads every file whose name does not
// start with "_" (those are reached only through $ref) and builds them with opts, in package "p"
// unless opts names one. A schema the loader refuses fails the test; the builder's error is
// returned.
func Build(t *testing.T, opts build.Options, files ...string) (*ir.Package, error) {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	var roots []string
	for i := 0; i+1 < len(files); i += 2 {
		if err := os.WriteFile(filepath.Join(dir, files[i]), []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(files[i], "_") {
			roots = append(roots, files[i])
		}
	}
	set, err := load.Files(roots)
	if err != nil {
		t.Fatal(err)
	}
	if opts.Package == "" {
		opts.Package = "p"
	}
	return build.Build(set, opts)
}

// Package is Build with package name "p", failing the test on a builder error.
func Package(t *testing.T, files ...string) *ir.Package {
	t.Helper()
	pkg, err := Build(t, build.Options{}, files...)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}
