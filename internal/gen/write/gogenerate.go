package write

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// go generate lists the files of every package it was given before it runs the first directive,
// then reads each file in turn, and stops with "generate: open FILE: no such file or directory"
// when a file it listed has gone. So under go generate a stale Go file that go generate may still
// read cannot be deleted at once. It is retired instead: replaced by a tombstone that the build
// ignores (so its old declarations no longer clash with the new output) and whose own go:generate
// line deletes it when go generate reaches it. go run cannot run a _test.go file, so a test file's
// tombstone has no such line. A later run deletes any tombstone left over (after go generate -run,
// say) directly, since go generate does not list a build-ignored file. Tombstones are not recorded
// in the contract's manifest: the tree go generate leaves must be the one the next run leaves.

// GoGenerate describes the go:generate directive a run is part of, as go generate tells the
// command it runs ($GOFILE, $GOPACKAGE, and the directive's directory as working directory).
type GoGenerate struct {
	// Dir is the directive's directory (absolute).
	Dir string
	// File is the base name of the file holding the directive; Package is its package clause.
	File, Package string
}

// tombstoneText explains a tombstone; selfDelete is the part that deletes it (%[1]q is the file's
// base name).
var (
	tombstoneText = emit.HeaderComment(".go", emit.Header) + `
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

// retire returns a tombstone for each stale file that the running go generate may still read.
func retire(fsys FS, root string, stale []string, g GoGenerate) ([]emit.File, error) {
	var tombs []emit.File
	directive := goFile{name: g.File, pkg: g.Package}
	for _, rel := range stale {
		name := filepath.Join(root, filepath.FromSlash(rel))
		content, err := fsys.ReadFile(name)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, err
		}
		if goGenerateMayRead(abs, content, g.Dir, directive) {
			tombs = append(tombs, emit.File{Path: rel, Bytes: tombstone(filepath.Base(rel))})
		}
	}
	return tombs, nil
}

// leftoverTombstones returns the tombstones an earlier run left in the Go directories of the
// produced files: their exact content proves they are contractgen's, and go generate does not
// list a build-ignored file, so removing them is safe at any time.
func leftoverTombstones(fsys FS, root string, produced map[string]bool) []string {
	dirs := map[string]bool{}
	for p := range produced {
		if path.Ext(p) == ".go" {
			dirs[path.Dir(p)] = true
		}
	}
	var leftovers []string
	for dir := range dirs {
		entries, err := fsys.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			continue // a directory not written yet holds no tombstone
		}
		for _, e := range entries {
			rel := path.Join(dir, e.Name())
			if produced[rel] || !e.Type().IsRegular() || filepath.Ext(e.Name()) != ".go" || isTemp(e.Name()) {
				continue
			}
			// A tombstone's size is known; the package's other files are not read at all.
			want := tombstone(e.Name())
			if info, err := e.Info(); err != nil || info.Size() != int64(len(want)) {
				continue
			}
			content, err := fsys.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
			if err == nil && bytes.Equal(content, want) {
				leftovers = append(leftovers, rel)
			}
		}
	}
	slices.Sort(leftovers)
	return leftovers
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
