// Package testmod writes the go.mod of the throwaway modules that tests build generated code in:
// generated packages import the runtime module (github.com/contractgen/contractgen/cgruntime), which
// such a module takes from this checkout's cgruntime/ directory, so no test needs a published
// version or the network.
package testmod

import (
	"os"
	"path/filepath"
	"testing"
)

// RuntimeModule is the runtime module's path.
const RuntimeModule = "github.com/contractgen/contractgen/cgruntime"

// GoMod returns a go.mod for module that requires the runtime module and replaces it with this
// checkout's cgruntime/ directory.
func GoMod(t testing.TB, module string) string {
	t.Helper()
	return "module " + module + "\n\ngo 1.24\n\nrequire " + RuntimeModule + " v0.1.0\n\nreplace " + RuntimeModule + " => " + RuntimeDir(t) + "\n"
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
