// Package conformance proves that generated validators mean what JSON Schema means. Its tests run
// the official JSON Schema Test Suite through generated Parse functions, compare generated code and
// the validate command with the reference validator (github.com/santhosh-tekuri/jsonschema/v6) on
// a corpus of contract instances and under fuzzing, and write the support matrix in
// docs/validation.md from what actually ran.
//
// This file holds the one piece the tests share with tools: writing the Go package of a schema.
package conformance

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/emit/govalidate"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// Generate writes the types and validation of the schema file as Go package pkg into dir, with the
// root type named rootType. It returns the generator's error unchanged, so callers can check that
// an unsupported keyword is named with its pointer.
func Generate(schema, pkg, rootType, dir string) error {
	return GenerateWith(schema, pkg, rootType, dir, load.Options{})
}

// GenerateWith is Generate with loader options: the dialect of schemas that declare none and
// the --ref-map mappings.
func GenerateWith(schema, pkg, rootType, dir string, opts load.Options) error {
	return GenerateBuild(schema, dir, opts, build.Options{Package: pkg, RootType: rootType})
}

// GenerateBuild is GenerateWith with the builder's options (package and root type included).
func GenerateBuild(schema, dir string, opts load.Options, bopts build.Options) error {
	set, err := load.Load([]string{schema}, opts)
	if err != nil {
		return err
	}
	ir, err := build.Build(set, bopts)
	if err != nil {
		return err
	}
	var files []emit.File
	for _, e := range []func() ([]emit.File, error){
		func() ([]emit.File, error) { return gotypes.Emit(ir) },
		func() ([]emit.File, error) { return gotypes.EmitCodec(ir) },
		func() ([]emit.File, error) { return govalidate.Emit(ir) },
	} {
		out, err := e()
		if err != nil {
			return err
		}
		files = append(files, out...)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		// The big files are written without go/format; the suite's schemas are the widest set of
		// shapes to prove they come out in gofmt's layout anyway.
		if err := gosrc.FormatError(f.Path, f.Bytes); err != nil {
			return fmt.Errorf("%s: %w", schema, err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(f.Path)), f.Bytes, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	return nil
}
