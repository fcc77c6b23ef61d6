package cli

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/write"
)

// underGoGenerate reports whether contractgen runs from a //go:generate directive: go generate sets
// GOFILE and GOPACKAGE for the command it runs.
func underGoGenerate() bool {
	return os.Getenv("GOFILE") != "" && os.Getenv("GOPACKAGE") != ""
}

// go generate lists the files of every package it was given before it runs the first directive,
// then reads each file in turn, and stops with "generate: open FILE: no such file or directory"
// when a file it listed has gone. So under go generate a stale Go file that go generate may still
// read cannot be deleted at once. It is retired instead: replaced by a tombstone that the build
// ignores (so its old declarations no longer clash with the new output) and whose own go:generate
// line deletes it when go generate reaches it. go run cannot run a _test.go file, so a test file's
// tombstone has no such line. A later run deletes any tombstone left over (after go generate -run,
// say) directly, since go generate does not list a build-ignored file. Tombstones are not recorded
// in the contract's manifest: the tree go generate leaves must be the one the next run leaves.

// tombstoneText explains a tombstone; selfDelete is the part that deletes it (%[1]q is the file's
// base name).
const (
	tombstoneText = `// ` + emit.Header + `

//go:build ignore

// contractgen no longer generates this file. go generate had already listed it when contractgen
// ran, and stops when a listed file is gone, so the file was emptied instead of deleted: the build
// ignores it now, and the next contractgen run deletes it.
`
	selfDelete = `
// go generate runs the line below when it reaches this file, which deletes the file sooner.
//
//go:generate go run %[1]q

package main

import "os"

// main deletes this file; go generate runs it when it reaches the file.
func main() {
	if err := os.Remove(%[1]q); err != nil {
		panic(err)
	}
}
`
)

// tombstone returns the tombstone for the Go file named base.
func tombstone(base string) []byte {
	if isTestFile(base) {
		return []byte(tombstoneText + "\npackage main\n")
	}
	return fmt.Appendf([]byte(tombstoneText), selfDelete, base)
}

func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.go") }

// buildIgnored matches the constraint that takes a file out of every build, tombstones included.
var buildIgnored = []byte("\n//go:build ignore\n")

// tombstones returns a tombstone for each stale file under out that the running go generate may
// still read, to be written with the other files but left out of the manifest (the tombstone is gone
// by the next run), and the tombstones an earlier run left behind (a test file's, or one go generate
// -run skipped), to be removed: their exact content proves they are contractgen's, and go generate
// does not list a build-ignored file, so removing them now is safe.
func tombstones(out string, files []emit.File, contract string) (tombs []emit.File, leftovers []string, err error) {
	if underGoGenerate() {
		if tombs, err = retire(out, files, contract); err != nil {
			return nil, nil, err
		}
	}
	leftovers, err = leftoverTombstones(out, files)
	return tombs, leftovers, err
}

// retire returns a tombstone for each stale file that the running go generate may still read.
func retire(out string, files []emit.File, contract string) (tombs []emit.File, err error) {
	state, err := write.Compare(out, files, write.Options{Contract: contract})
	if err != nil {
		return nil, err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	directive := goFile{name: os.Getenv("GOFILE"), pkg: os.Getenv("GOPACKAGE")}
	for _, rel := range state.Stale {
		name := filepath.Join(out, filepath.FromSlash(rel))
		content, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, err
		}
		if goGenerateMayRead(abs, content, cwd, directive) {
			tombs = append(tombs, emit.File{Path: rel, Bytes: tombstone(filepath.Base(rel))})
		}
	}
	return tombs, nil
}

// leftoverTombstones returns the tombstones an earlier run left in the Go directories of files.
func leftoverTombstones(out string, files []emit.File) (leftovers []string, err error) {
	produced := map[string]bool{}
	dirs := map[string]bool{}
	for _, f := range files {
		produced[f.Path] = true
		if path.Ext(f.Path) == ".go" {
			dirs[path.Dir(f.Path)] = true
		}
	}
	for dir := range dirs {
		entries, err := os.ReadDir(filepath.Join(out, filepath.FromSlash(dir)))
		if err != nil {
			continue // a directory not written yet holds no tombstone
		}
		for _, e := range entries {
			rel := path.Join(dir, e.Name())
			if produced[rel] || !e.Type().IsRegular() || filepath.Ext(e.Name()) != ".go" {
				continue
			}
			// A tombstone's size is known; the package's other files are not read at all.
			want := tombstone(e.Name())
			if info, err := e.Info(); err != nil || info.Size() != int64(len(want)) {
				continue
			}
			content, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rel)))
			if err == nil && bytes.Equal(content, want) {
				leftovers = append(leftovers, rel)
			}
		}
	}
	slices.Sort(leftovers)
	return leftovers, nil
}

// goFile is a Go file of a package: its base name and its package clause.
type goFile struct{ name, pkg string }

// readGroup is 0 for the files go generate reads first, the package's own files and tests in name
// order, and 1 for the external tests (package x_test) it reads after them.
func (f goFile) readGroup() int {
	if isTestFile(f.name) && strings.HasSuffix(f.pkg, "_test") {
		return 1
	}
	return 0
}

// goGenerateMayRead reports whether go generate, running a directive of the file directive in
// directory cwd, may still read the file at path abs. Within the directive's package the order is
// known (see readGroup); the order of other packages is not, so any Go file outside the directive's
// directory may still be read. Files the build ignores are never read.
func goGenerateMayRead(abs string, content []byte, cwd string, directive goFile) bool {
	base := filepath.Base(abs)
	if filepath.Ext(base) != ".go" || strings.HasPrefix(base, "_") || strings.HasPrefix(base, ".") {
		return false
	}
	if bytes.Contains(content, buildIgnored) {
		return false
	}
	if filepath.Dir(abs) != filepath.Clean(cwd) {
		return true
	}
	clause, err := parser.ParseFile(token.NewFileSet(), base, content, parser.PackageClauseOnly)
	if err != nil {
		return true // go generate reads the file before it finds the clause unusable
	}
	stale := goFile{name: base, pkg: clause.Name.Name}
	sg, dg := stale.readGroup(), directive.readGroup()
	readAlready := sg < dg || (sg == dg && base <= directive.name) // go generate holds the directive's file in memory
	return !readAlready
}

// retiredNote says what happens next to a file that was retired rather than deleted.
func retiredNote(rel string) string {
	if isTestFile(rel) {
		return "no longer generated; go generate had listed it, so it is out of the build now and the next run deletes it"
	}
	return "no longer generated; go generate had listed it, so it is out of the build now and deletes itself when go generate reaches it"
}
