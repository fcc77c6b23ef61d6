// Package run is the generator's pipeline: it loads the schemas, builds the IR and runs each
// selected target, returning the files in memory, sorted by path. It touches no disk beyond reading
// the inputs; generate, check and the tests all share it.
package run

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/docs"
	"github.com/contractgen/contractgen/internal/gen/emit/goconstruct"
	"github.com/contractgen/contractgen/internal/gen/emit/gosurfaces"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/emit/govalidate"
	"github.com/contractgen/contractgen/internal/gen/emit/openapi"
	"github.com/contractgen/contractgen/internal/gen/emit/rust"
	"github.com/contractgen/contractgen/internal/gen/emit/ts"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// Options select the inputs and outputs of a run.
type Options struct {
	// Schemas are the input schema files.
	Schemas []string
	// Package is the Go package name of generated Go code.
	Package string
	// RootType overrides the root type's Go name.
	RootType string
	// Targets are the output targets to produce; empty means DefaultTargets, of which those other
	// than go that cannot follow the schema are skipped (Result.Skipped says why).
	Targets []string
	// GoDir is the directory of generated Go code under the output root; empty means Package.
	GoDir string
	// InlineRuntime is --runtime inline: the Go package carries the copy-in runtime and imports
	// only the standard library, instead of importing the runtime module (the default).
	InlineRuntime bool
	// AssertFormats is --formats assert: the validators assert "format" (ir.Package.AssertFormats).
	AssertFormats bool
	// Load are the loader's options: the dialect of schemas without "$schema", --ref-map.
	Load load.Options
	// Strict is --strict: a keyword that no dialect defines is an error, not an annotation.
	Strict bool
	// GoTypes maps formats and $ref targets to Go types of the user's (the config's go_types).
	GoTypes GoTypeMap
	// TypedFormats is --go-formats typed: string values of the typed formats get the runtime's
	// lossless string types.
	TypedFormats bool
	// ModuleDir is the directory the generated Go package goes to (it need not exist yet): the Go
	// types of the user's are type-checked against the module around it. Empty skips that check.
	ModuleDir string
	// Tags is --tags: struct tag keys every member of a generated struct gets beside json.
	Tags []string
	// tableOnly says the run prints nothing (validate), so it needs no package name.
	tableOnly bool
}

// A target turns the IR into files under its own directory of the output root.
type target struct {
	dir  func(Options) string
	emit func(*ir.Package) ([]emit.File, error)
}

func goDir(o Options) string {
	if o.GoDir != "" {
		return o.GoDir
	}
	return o.Package
}

func fixedDir(dir string) func(Options) string { return func(Options) string { return dir } }

// goEmitters produce the files of the generated Go package, in order.
var goEmitters = []func(*ir.Package) ([]emit.File, error){
	gotypes.Emit,
	gotypes.EmitCodec,
	govalidate.Emit,
	goconstruct.Emit,
	gosurfaces.Emit,
}

// emitGo runs every Go emitter into the one package.
func emitGo(pkg *ir.Package) ([]emit.File, error) {
	return emitAll(pkg, goEmitters)
}

// emitAll runs emitters concurrently and returns their files in emitter order. Emitters only read
// the IR and each writes its own files, so a run uses every core; the wall time is that of the
// longest emitter, which is why big files get an emitter of their own (gotypes.EmitCodec).
func emitAll(pkg *ir.Package, emitters []func(*ir.Package) ([]emit.File, error)) ([]emit.File, error) {
	outs := make([][]emit.File, len(emitters))
	errs := make([]error, len(emitters))
	var wg sync.WaitGroup
	for i, e := range emitters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = e(pkg)
		}()
	}
	wg.Wait()
	// Emitters that share an analysis may report the same problem; merged, it is printed once.
	if err := diag.Merge(errs...); err != nil {
		return nil, err
	}
	var files []emit.File
	for _, out := range outs {
		files = append(files, out...)
	}
	return files, nil
}

// targets lists every output target by name.
var targets = map[string]target{
	"go":      {dir: goDir, emit: emitGo},
	"docs":    {dir: fixedDir("docs"), emit: docs.Emit},
	"openapi": {dir: fixedDir("openapi"), emit: openapi.Emit},
	"ts":      {dir: fixedDir("ts"), emit: ts.Emit},
	"rust":    {dir: fixedDir("rust"), emit: rust.Emit},
}

// DefaultTargets are the targets produced when none are named.
func DefaultTargets() []string { return []string{"go", "docs", "openapi", "ts", "rust"} }

// TargetNames lists every known target, sorted.
func TargetNames() []string {
	names := make([]string, 0, len(targets))
	for name := range targets {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Result is the output of a run.
type Result struct {
	// Package is the IR the files were generated from.
	Package *ir.Package
	// Files are the generated files, sorted by path, relative to the output root.
	Files []emit.File
	// Timings say where the run's wall time went (CONTRACTGEN_TIMINGS prints them).
	Timings Timings
	// Warnings are problems that did not stop the run, such as a keyword that looks misspelt.
	Warnings diag.List
	// Skipped are the default targets that could not follow the schema, sorted by target, when
	// Options.Targets named none.
	Skipped []Skipped
}

// Skipped is a default target left out of a run, and why.
type Skipped struct {
	// Target is the target's name; Reason is one line.
	Target, Reason string
}

// TargetError is a target's refusal of a schema it cannot follow: the schema is valid JSON Schema
// but invalid for that target (the TypeScript runtime lacks a keyword, say), which the command
// line reports as a schema problem (exit 1) rather than a usage error.
type TargetError struct {
	// Target is the target's name; Err is its refusal, which names the file and pointer.
	Target string
	Err    error
}

// Error is the refusal prefixed once with the target's name (emitters prefix their own name too).
func (e *TargetError) Error() string {
	return "target " + e.Target + ": " + strings.TrimPrefix(e.Err.Error(), e.Target+": ")
}

// Unwrap returns the target's own error.
func (e *TargetError) Unwrap() error { return e.Err }

// skipReason words a target's refusal as one line: its first problem, and how many more there are.
func skipReason(err error) string {
	var dl diag.List
	lines := strings.Split(err.Error(), "\n")
	if errors.As(err, &dl) {
		lines = dl.Lines()
	}
	reason := lines[0]
	if len(lines) > 1 {
		reason += fmt.Sprintf(" (and %d more)", len(lines)-1)
	}
	return reason
}

// Timings are the wall times of a run's stages.
type Timings struct {
	// Load reads, parses and checks the schema files; Build makes the IR; Emit runs every target.
	Load, Build, Emit time.Duration
}

// Run generates every file for the options. It returns either all files or an error.
func Run(opts Options) (*Result, error) {
	names := opts.Targets
	implicit := len(names) == 0
	if implicit {
		names = DefaultTargets()
	}
	for _, name := range names {
		if _, ok := targets[name]; !ok {
			return nil, fmt.Errorf("unknown target %q (known: %s)", name, strings.Join(TargetNames(), ", "))
		}
	}
	if len(opts.Schemas) == 0 {
		return nil, fmt.Errorf("no schema given")
	}
	if err := checkGoDir(goDir(opts)); err != nil {
		return nil, err
	}
	var warnings diag.List
	pkg, timings, err := loadAndBuild(opts, &warnings)
	if err != nil {
		return nil, err
	}
	if opts.ModuleDir != "" {
		if err := checkCustomTypes(pkg, opts.ModuleDir); err != nil {
			return nil, err
		}
	}
	built := time.Now()
	res := &Result{Package: pkg, Timings: timings, Warnings: warnings.Sorted()}
	selected := sortedCopy(names)
	emitters := make([]func(*ir.Package) ([]emit.File, error), len(selected))
	skipped := make([]string, len(selected))
	for i, name := range selected {
		t := targets[name]
		emitters[i] = func(pkg *ir.Package) ([]emit.File, error) {
			files, err := t.emit(pkg)
			if err != nil && implicit && name != "go" {
				// A target nobody asked for that cannot follow the schema (TypeScript's runtime
				// lacks a keyword, say) must not fail a run whose Go output is fine.
				skipped[i] = strings.TrimPrefix(skipReason(err), name+": ")
				return nil, nil
			}
			if err != nil {
				return nil, &TargetError{Target: name, Err: err}
			}
			for j := range files {
				files[j].Path = path.Join(t.dir(opts), files[j].Path)
				files[j].Hash = pkg.Hash
			}
			return files, nil
		}
	}
	files, err := emitAll(pkg, emitters)
	if err != nil {
		return nil, err
	}
	res.Timings.Emit = time.Since(built)
	for i, reason := range skipped {
		if reason != "" {
			res.Skipped = append(res.Skipped, Skipped{Target: selected[i], Reason: reason})
		}
	}
	res.Files = files
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	for i := 1; i < len(res.Files); i++ {
		if res.Files[i].Path == res.Files[i-1].Path {
			return nil, fmt.Errorf("two targets produce %s", res.Files[i].Path)
		}
	}
	return res, nil
}

// loadAndBuild loads the schemas and builds the IR: the part of a run that generate, check and
// validate share.
func loadAndBuild(opts Options, warnings *diag.List) (*ir.Package, Timings, error) {
	start := time.Now()
	set, err := load.LoadPartial(opts.Schemas, opts.Load)
	if err != nil {
		return nil, Timings{}, withBuildProblems(set, err, opts)
	}
	loaded := time.Now()
	// The target list is not part of the hash: which targets run changes which files exist, not
	// what any one of them holds, so generating docs as well must not touch the Go package.
	// Go files written into the output root itself (--go-dir ., go generate's default) join the
	// package of the directive's file, which has the package comment.
	pkg, err := build.Build(set, buildOptions(opts, warnings))
	if err != nil {
		return nil, Timings{}, err
	}
	return pkg, Timings{Load: loaded.Sub(start), Build: time.Since(loaded)}, nil
}

// Profiles are the vocabularies a run reads (internal/gen/profile): registering one here is all
// the core needs; its emitters run from Targets when its IR is present.
var Profiles = []profile.Profile{errorcontract.Profile{}}

// ValidTagKey reports whether --tags may name key: a struct tag key, and not json, which the
// generator writes itself.
func ValidTagKey(key string) bool { return key != "json" && build.ValidTagKey(key) }

func buildOptions(opts Options, warnings *diag.List) build.Options {
	return build.Options{Package: opts.Package, RootType: opts.RootType, SharedPackage: path.Clean(goDir(opts)) == ".",
		ImportRuntime: !opts.InlineRuntime, Strict: opts.Strict, Warnings: warnings, AssertFormats: opts.AssertFormats,
		Profiles: Profiles, GoTypes: opts.GoTypes, TypedFormats: opts.TypedFormats, Tags: opts.Tags, TableOnly: opts.tableOnly}
}

// withBuildProblems adds to the loader's problems (loadErr) those the builder finds in what could
// be loaded, so that a metaschema error does not hide, until the next run, a problem elsewhere in
// the schema. A builder problem at or below a place the loader reported is left out: it is most
// likely a consequence, and the metaschema's message is the one to read. The builder assumes
// metaschema-valid input, so should it fail on what it was given, the loader's problems stand alone.
func withBuildProblems(set *load.Set, loadErr error, opts Options) (err error) {
	var loaded diag.List
	if set == nil || len(set.Roots) == 0 || !errors.As(loadErr, &loaded) {
		return loadErr
	}
	defer func() {
		if recover() != nil {
			err = loadErr
		}
	}()
	_, buildErr := build.Build(set, buildOptions(opts, nil))
	var built diag.List
	if !errors.As(buildErr, &built) {
		return loadErr
	}
	all := slices.Clone(loaded)
	for _, d := range built {
		if !slices.ContainsFunc(loaded, func(l diag.Diagnostic) bool {
			return d.File == l.File && (l.Pointer == "" || d.Pointer == l.Pointer || strings.HasPrefix(d.Pointer, l.Pointer+"/"))
		}) {
			all = append(all, d)
		}
	}
	return all.Err()
}

// checkGoDir refuses a Go directory that would put files outside the output root: the writer
// refuses such paths too, but here the message can name the setting that made them.
func checkGoDir(dir string) error {
	slash := filepath.ToSlash(dir)
	if dir == "." || fs.ValidPath(slash) && !strings.Contains(dir, `\`) && filepath.IsLocal(dir) {
		return nil
	}
	return fmt.Errorf("the Go directory %q (--go-dir, config go_dir, or the package name) must be a relative path inside the output directory (--out), without \"..\" or a leading \"/\"; nothing was written", dir)
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}
