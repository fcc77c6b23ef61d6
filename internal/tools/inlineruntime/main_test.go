package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	moduleDir = "../../../cgruntime"
	inlineDir = "../../templates/goruntime"
)

// TestInlineRuntimeIsDerived fails when internal/templates/goruntime is not exactly what this
// tool derives from cgruntime: the copy-in runtime is never edited by hand. Run go generate in
// internal/templates after editing cgruntime.
func TestInlineRuntimeIsDerived(t *testing.T) {
	want, err := derive(moduleDir)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := filepath.Glob(filepath.Join(inlineDir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, path := range committed {
		name := filepath.Base(path)
		names = append(names, name)
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := want[name]; !ok {
			t.Errorf("%s: no file of cgruntime derives it; delete it (go generate in internal/templates)", name)
		} else if !bytes.Equal(got, w) {
			t.Errorf("%s is stale or edited by hand: run go generate in internal/templates", name)
		}
	}
	for name := range want {
		if !slices.Contains(names, name) {
			t.Errorf("%s is missing: run go generate in internal/templates", name)
		}
	}
}

// TestDerivedNames checks the renaming itself on a few names the emitters print and one that
// generated code must never see: the module's names come back with the prefix, the public API
// without, and the module-only files are left out.
func TestDerivedNames(t *testing.T) {
	files, err := derive(moduleDir)
	if err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, name := range []string{"decode.go", "validate.go", "encode.go", "validate_parse.go"} {
		all += string(files[name])
	}
	for _, want := range []string{
		"type cgDecoder struct", "func (d *cgDecoder) mismatch(", "type ValidationError struct",
		"type Nullable[T any] struct", "cgEncode(buf []byte) ([]byte, error)", "type cgCollector struct",
		"func (p *cgPath) String() string", "package goruntime",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the derived runtime lacks %q", want)
		}
	}
	for _, name := range moduleOnly {
		if _, ok := files[name]; ok {
			t.Errorf("%s is module-only but was derived", name)
		}
	}
	for name, src := range files {
		if strings.Contains(string(src), "package cgruntime") || strings.Contains(string(src), "cgruntime.") {
			t.Errorf("%s still names cgruntime", name)
		}
	}
}

// TestRenameRefusesCapture proves the rename cannot change what an identifier means: a package
// whose unexported name would become one that a local variable already has is refused.
func TestRenameRefusesCapture(t *testing.T) {
	dir := t.TempDir()
	src := "package cgruntime\n\nfunc helper() int { return 1 }\n\nfunc F() int {\n\tcgHelper := 2\n\treturn helper() + cgHelper\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := derive(dir)
	if err == nil || !strings.Contains(err.Error(), "hides it") {
		t.Fatalf("derive = %v, want a refusal because the local cgHelper hides the renamed helper", err)
	}
}
