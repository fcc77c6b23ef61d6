package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// pkgSource is one Go package parsed and type-checked from a directory (non-test files only).
type pkgSource struct {
	fset  *token.FileSet
	names []string // file names, sorted
	files map[string]*ast.File
	pkg   *types.Package
	info  *types.Info
}

// load parses and type-checks the non-test files of the package in dir. The runtime imports only
// the standard library, so the default importer (export data of the standard library) is all it
// needs.
func load(dir string) (*pkgSource, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	p := &pkgSource{fset: token.NewFileSet(), files: map[string]*ast.File{}}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(p.fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p.names = append(p.names, name)
		p.files[name] = f
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no Go files (want the runtime module's directory)", dir)
	}
	slices.Sort(p.names)
	p.info = &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	p.pkg, err = conf.Check(files[0].Name.Name, p.fset, files, p.info)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %w", dir, err)
	}
	return p, nil
}

// renamer decides new names: for a package-level object (owner nil) or a method or interface
// method of the package-level type owner. It returns the name unchanged to keep it.
type renamer func(obj types.Object, owner *types.TypeName) string

// rename renames, in place, every package-level object and every method of a package-level type
// for which r returns a new name, at its declaration and every use, and the first word of the doc
// comment of each renamed declaration. It refuses a new name that another object visible at a use
// already has, so a rename can never change what an identifier refers to.
func (p *pkgSource) rename(r renamer) error {
	to := map[types.Object]string{}
	scope := p.pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if n := r(obj, nil); n != obj.Name() {
			to[obj] = n
		}
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		var methods []*types.Func
		if named, ok := tn.Type().(*types.Named); ok {
			for i := range named.NumMethods() {
				methods = append(methods, named.Method(i))
			}
		}
		if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
			for i := range iface.NumExplicitMethods() {
				methods = append(methods, iface.ExplicitMethod(i))
			}
		}
		for _, m := range methods {
			if n := r(m, tn); n != m.Name() {
				to[m] = n
			}
		}
	}
	// New package-level names must be unique and not shadowed where the renamed object is used.
	taken := map[string]types.Object{}
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		n := name
		if nn, ok := to[obj]; ok {
			n = nn
		}
		if types.Universe.Lookup(n) != nil {
			return fmt.Errorf("renaming %s to %s would hide the predeclared %s", name, n, n)
		}
		if other, dup := taken[n]; dup {
			return fmt.Errorf("%s and %s would both be named %s", other.Name(), name, n)
		}
		taken[n] = obj
	}
	var errs []string
	check := func(id *ast.Ident, obj types.Object) {
		n, ok := to[obj]
		if !ok || obj.Parent() != scope {
			return
		}
		inner := scope.Innermost(id.Pos())
		if inner == nil {
			inner = scope
		}
		if _, found := inner.LookupParent(n, id.Pos()); found != nil && found != obj && found.Parent() != scope && found.Parent() != types.Universe {
			errs = append(errs, fmt.Sprintf("%s: renaming %s to %s: a local %s hides it", p.fset.Position(id.Pos()), obj.Name(), n, n))
		}
	}
	for id, obj := range p.info.Uses {
		check(id, obj)
	}
	for obj, n := range to {
		if m, ok := obj.(*types.Func); ok && m.Signature().Recv() != nil {
			recv := m.Signature().Recv().Type()
			if o, _, _ := types.LookupFieldOrMethod(recv, true, p.pkg, n); o != nil && o != obj {
				errs = append(errs, fmt.Sprintf("renaming method %s to %s: the type has a %s already", obj.Name(), n, n))
			}
		}
	}
	if len(errs) > 0 {
		slices.Sort(errs)
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	for _, m := range []map[*ast.Ident]types.Object{p.info.Defs, p.info.Uses} {
		for id, obj := range m {
			if n, ok := to[origin(obj)]; ok {
				id.Name = n
			}
		}
	}
	// Doc comments start with the name they document.
	for _, f := range p.files {
		ast.Inspect(f, func(node ast.Node) bool {
			var doc *ast.CommentGroup
			var ids []*ast.Ident
			switch d := node.(type) {
			case *ast.FuncDecl:
				doc, ids = d.Doc, []*ast.Ident{d.Name}
			case *ast.TypeSpec:
				doc, ids = d.Doc, []*ast.Ident{d.Name}
			case *ast.ValueSpec:
				doc, ids = d.Doc, d.Names
			case *ast.Field:
				doc, ids = d.Doc, d.Names
			case *ast.GenDecl:
				if len(d.Specs) == 1 {
					switch s := d.Specs[0].(type) {
					case *ast.TypeSpec:
						doc, ids = d.Doc, []*ast.Ident{s.Name}
					case *ast.ValueSpec:
						doc, ids = d.Doc, s.Names
					}
				}
			}
			if doc == nil || len(ids) != 1 {
				return true
			}
			obj := p.info.Defs[ids[0]]
			if _, ok := to[obj]; !ok {
				return true
			}
			first := doc.List[0]
			if rest, ok := strings.CutPrefix(first.Text, "// "+obj.Name()+" "); ok {
				first.Text = "// " + ids[0].Name + " " + rest
			}
			return true
		})
	}
	return nil
}

// origin is the generic method an instantiated method comes from: a method called through a type
// parameter is the constraint's instance of the method, not the method itself.
func origin(obj types.Object) types.Object {
	if f, ok := obj.(*types.Func); ok {
		return f.Origin()
	}
	return obj
}

// print formats one file of the package under package name pkg, after header.
func (p *pkgSource) print(name, pkg, header string) ([]byte, error) {
	f := p.files[name]
	f.Name.Name = pkg
	var buf bytes.Buffer
	buf.WriteString(header)
	if err := format.Node(&buf, p.fset, f); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}
