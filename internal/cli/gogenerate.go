package cli

import (
	"os"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/write"
)

// underGoGenerate reports whether contractgen runs from a //go:generate directive: go generate sets
// GOFILE and GOPACKAGE for the command it runs.
func underGoGenerate() bool {
	return os.Getenv("GOFILE") != "" && os.Getenv("GOPACKAGE") != ""
}

// goGenerate describes the running go:generate directive to the writer, which retires the stale
// files go generate may still read instead of removing them; nil outside go generate.
func goGenerate() (*write.GoGenerate, error) {
	if !underGoGenerate() {
		return nil, nil
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	return &write.GoGenerate{Dir: cwd, File: os.Getenv("GOFILE"), Package: os.Getenv("GOPACKAGE")}, nil
}

func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.go") }

// retiredNote says what happens next to a file that was retired rather than deleted.
func retiredNote(rel string) string {
	if isTestFile(rel) {
		return "no longer generated; go generate had listed it, so it is out of the build now and the next run deletes it"
	}
	return "no longer generated; go generate had listed it, so it is out of the build now and deletes itself when go generate reaches it"
}
