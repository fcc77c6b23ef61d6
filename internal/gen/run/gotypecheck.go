package run

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// checkCustomTypes type-checks the Go types of the user's that the package names (x-go-type,
// goJSONSchema.type, the config's go_types) against the module the generated package will live
// in, the one around dir: each package must build, declare the type, and the type must be one
// encoding/json decodes exactly (it implements json.Unmarshaler or encoding.TextUnmarshaler, or
// its underlying type is a boolean, a number or a string). A mapping that fails is a generation
// error at the schema pointer that made it, not a compile error in generated code later. The
// packages are read from the export data the go command builds for them (go list -export), so
// their imports resolve as the module sees them.
func checkCustomTypes(pkg *ir.Package, dir string) error {
	customs := customTypes(pkg)
	if len(customs) == 0 {
		return nil
	}
	pkgDir := dir
	dir = existingDir(dir)
	var paths []string
	for _, c := range customs {
		for _, part := range c.Parts() {
			if part.Import != "" && !slices.Contains(paths, part.Import) {
				paths = append(paths, part.Import)
			}
		}
	}
	exports, failed := exportData(dir, paths)
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		if f, ok := exports[path]; ok && f != "" {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %q", path)
	}).(types.ImporterFrom)
	loaded := map[string]*types.Package{}
	var diags diag.List
	for _, c := range customs {
		file, ptr, _ := strings.Cut(c.Origin, "#")
		// The parts of an expression are checked as a named type is, and named in messages with
		// the expression they stand in.
		in := ""
		if c.Shape != ir.CustomNamed {
			in = " (in " + c.Spell(func(path, name string) string { return gosrc.ImportPath(path).Ident(name).String() }) + ")"
		}
		for _, part := range customParts(c) {
			if msg := checkCustomPart(pkg, pkgDir, dir, imp, loaded, failed, part.t, part.key, in); msg != "" {
				diags.Add(file, ptr, "%s", msg)
			}
		}
	}
	return diags.Err()
}

// customPart is a named type of a custom type, and whether it is a map's key.
type customPart struct {
	t   *ir.CustomType
	key bool
}

// customParts lists the named types of c with their places.
func customParts(c *ir.CustomType) []customPart {
	var out []customPart
	var walk func(c *ir.CustomType, key bool)
	walk = func(c *ir.CustomType, key bool) {
		switch c.Shape {
		case ir.CustomNamed:
			out = append(out, customPart{c, key})
		case ir.CustomMap:
			walk(c.Key, true)
			walk(c.Elem, false)
		default:
			walk(c.Elem, false)
		}
	}
	walk(c, false)
	return out
}

// checkCustomPart checks one named type of a custom type (c, a map's key when key is set; in
// names the expression it stands in, or is ""), and returns what is wrong, or "".
func checkCustomPart(pkg *ir.Package, pkgDir, dir string, imp types.ImporterFrom, loaded map[string]*types.Package, failed map[string]string, c *ir.CustomType, key bool, in string) string {
	if c.Local {
		return checkLocalType(pkg, pkgDir, c.Name, key, in)
	}
	if c.Import == "" {
		return "" // a predeclared type; the builder accepts only those encoding/json decodes
	}
	p, ok := loaded[c.Import]
	if _, bad := failed[c.Import]; !ok && !bad {
		var err error
		if p, err = imp.ImportFrom(c.Import, dir, 0); err != nil {
			failed[c.Import] = firstLine(err.Error())
		} else {
			loaded[c.Import] = p
		}
	}
	if msg, bad := failed[c.Import]; bad {
		return fmt.Sprintf("Go type %s.%s%s: package %q does not build from %s (%s); give the import path of a package the module can build (x-go-type-import, goJSONSchema.imports or go_types' import)",
			packageName(c.Import), c.Name, in, c.Import, dir, msg)
	}
	obj, _ := p.Scope().Lookup(c.Name).(*types.TypeName)
	if obj == nil || !obj.Exported() {
		return fmt.Sprintf("Go type %s.%s%s: package %q declares no exported type %s; name a type the package declares", p.Name(), c.Name, in, c.Import, c.Name)
	}
	if key && !textKey(obj.Type()) {
		return fmt.Sprintf("Go type %s.%s%s is a map key but neither implements encoding.TextMarshaler and encoding.TextUnmarshaler nor is a string or integer type, so encoding/json cannot encode or decode it; give it MarshalText and UnmarshalText methods, or use string keys", p.Name(), c.Name, in)
	}
	if !key && !jsonExact(obj.Type()) {
		return fmt.Sprintf("Go type %s.%s%s neither implements json.Unmarshaler (or encoding.TextUnmarshaler) nor is a boolean, number or string type, so encoding/json would not hold the JSON value exactly; give it UnmarshalJSON and MarshalJSON methods, or map another type", p.Name(), c.Name, in)
	}
	return ""
}

// textKey reports whether encoding/json encodes and decodes a map key of type t: a string or
// integer type, or a type with MarshalText and (on its pointer) UnmarshalText.
func textKey(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&(types.IsString|types.IsInteger) != 0 {
		return true
	}
	return hasTextMethod(types.NewMethodSet(t), "MarshalText", false) && hasTextMethod(types.NewMethodSet(types.NewPointer(t)), "UnmarshalText", true)
}

// hasTextMethod reports whether the method set has MarshalText() ([]byte, error) (unmarshal
// false) or UnmarshalText([]byte) error (unmarshal true).
func hasTextMethod(ms *types.MethodSet, name string, unmarshal bool) bool {
	sel := ms.Lookup(nil, name)
	if sel == nil {
		return false
	}
	sig, ok := sel.Obj().Type().(*types.Signature)
	if !ok {
		return false
	}
	if unmarshal {
		return sig.Params().Len() == 1 && sig.Results().Len() == 1 && types.TypeString(sig.Params().At(0).Type(), nil) == "[]byte" && types.TypeString(sig.Results().At(0).Type(), nil) == "error"
	}
	return sig.Params().Len() == 0 && sig.Results().Len() == 2 && types.TypeString(sig.Results().At(0).Type(), nil) == "[]byte" && types.TypeString(sig.Results().At(1).Type(), nil) == "error"
}

// jsonExact reports whether encoding/json decodes a value of t through t's own methods, or t is
// a boolean, number or string type, which it decodes as the JSON scalar it is.
func jsonExact(t types.Type) bool {
	ms := types.NewMethodSet(types.NewPointer(t))
	// UnmarshalText counts too: encoding/json decodes a JSON string through it (netip.Addr).
	for _, name := range []string{"UnmarshalJSON", "UnmarshalText"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
				types.TypeString(sig.Params().At(0).Type(), nil) == "[]byte" && types.TypeString(sig.Results().At(0).Type(), nil) == "error" {
				return true
			}
		}
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) != 0 && b.Info()&types.IsComplex == 0
}

// customTypes lists the user's Go types the package's fields, named types and elements name, in
// the order of their origins.
func customTypes(pkg *ir.Package) []*ir.CustomType {
	seen := map[*ir.CustomType]bool{}
	var out []*ir.CustomType
	var walk func(t *ir.Type)
	walk = func(t *ir.Type) {
		if t == nil {
			return
		}
		if t.Go.Custom != nil {
			if !t.Go.Custom.Runtime && !seen[t.Go.Custom] {
				seen[t.Go.Custom] = true
				out = append(out, t.Go.Custom)
			}
			return
		}
		if t.Kind != ir.TypeRef {
			walk(t.Elem)
		}
	}
	for _, n := range pkg.Types {
		walk(n.Underlying)
		for _, f := range n.Fields {
			walk(f.Type)
		}
		if n.Union != nil {
			for _, v := range n.Union.Variants {
				walk(v.Type)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *ir.CustomType) int { return strings.Compare(a.Origin, b.Origin) })
	return out
}

// existingDir is dir, or its nearest ancestor that exists: the generated package's directory may
// not exist before the first run, and the module around it is what resolves the imports.
func existingDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for {
		if st, err := os.Stat(abs); err == nil && st.IsDir() {
			return abs
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return abs
		}
		abs = parent
	}
}

// GoTypeMap is the run's mapping of formats and $ref targets to Go types of the user's.
type GoTypeMap = build.GoTypeMap

// GoTypeName names a Go type as the schema extensions do: "package.Type" with its import path (a
// standard library package may go without), or a predeclared type alone. It is the shape of the
// config file's go_types entries.
type GoTypeName struct {
	Type   string `json:"type"`
	Import string `json:"import"`
}

// GoTypes checks the config's go_types (formats, and $ref targets as "file.json#/pointer") and
// turns them into the run's mapping.
func GoTypes(formats, refs map[string]GoTypeName) (GoTypeMap, error) {
	var m GoTypeMap
	for _, part := range []struct {
		name string
		from map[string]GoTypeName
		to   *map[string]ir.CustomType
	}{{"formats", formats, &m.Formats}, {"refs", refs, &m.Refs}} {
		for _, key := range slices.Sorted(maps.Keys(part.from)) {
			t := part.from[key]
			ct, err := build.ParseGoType(t.Type, t.Import)
			if err != nil {
				return GoTypeMap{}, fmt.Errorf("go_types.%s[%q]: %w", part.name, key, err)
			}
			if *part.to == nil {
				*part.to = map[string]ir.CustomType{}
			}
			(*part.to)[key] = ct
		}
	}
	return m, nil
}

// exportData builds the packages and their dependencies as the module around dir sees them
// ("go list -export -deps") and returns the export data file of each, and the error of each of
// paths that does not build.
func exportData(dir string, paths []string) (map[string]string, map[string]string) {
	exports, failed := map[string]string{}, map[string]string{}
	cmd := exec.Command("go", append([]string{"list", "-e", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}\t{{with .Error}}{{.Err}}{{end}}{{range .DepsErrors}}{{.Err}} {{end}}", "--"}, paths...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	for _, line := range strings.Split(string(out), "\n") {
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			continue
		}
		exports[parts[0]] = parts[1]
		if parts[2] != "" {
			failed[parts[0]] = strings.TrimSpace(parts[2])
		}
	}
	for _, p := range paths {
		if _, ok := failed[p]; !ok && exports[p] == "" {
			msg := firstLine(strings.TrimSpace(stderr.String()))
			if msg == "" && err != nil {
				msg = err.Error()
			}
			if msg == "" {
				msg = "the go command gave no export data"
			}
			failed[p] = msg
		}
	}
	return exports, failed
}

// packageName is the name an import path suggests, for messages.
func packageName(path string) string { return path[strings.LastIndex(path, "/")+1:] }

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// checkLocalType checks a type the schema says the user declares in the generated package
// itself: a file of theirs in dir (one without contractgen's header) declares it, no generated
// declaration takes its name, and encoding/json decodes it exactly (it has an UnmarshalJSON or
// UnmarshalText method, or its type is a predeclared boolean, number or string; as a map's key,
// when key is set, MarshalText and UnmarshalText methods or a string or integer type). The files
// are parsed, not type-checked: the package cannot build before its generated half exists. in
// names the expression the type stands in, or is "". It returns what is wrong, or "".
func checkLocalType(pkg *ir.Package, dir, name string, key bool, in string) string {
	for _, n := range pkg.Types {
		if n.Name == name {
			return fmt.Sprintf("Go type %s%s is a type of the generated package, and the schema's type at %s takes that name too; rename one (x-go-name on the schema)", name, in, n.Origin)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	var spec *ast.TypeSpec
	methods := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		// Only regular files of a bounded size: a symbolic link could lead out of the package's
		// directory, and what is read here is the user's, not the schema's.
		if st, err := os.Lstat(f); err != nil || !st.Mode().IsRegular() || st.Size() > maxUserGoFile {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil || bytes.HasPrefix(src, []byte(emit.HeaderPrefix(f))) {
			continue
		}
		file, err := parser.ParseFile(fset, f, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok && ts.Name.Name == name {
						spec = ts
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 && receiverName(d.Recv.List[0].Type) == name {
					methods[d.Name.Name] = true
				}
			}
		}
	}
	if spec == nil {
		return fmt.Sprintf("Go type %s%s names no package, so it is a type of the generated package, but no file of yours in %s declares it; write it beside the generated files, or write package.Type with its import", name, in, dir)
	}
	var basic types.Type
	if id, ok := spec.Type.(*ast.Ident); ok {
		if obj, ok := types.Universe.Lookup(id.Name).(*types.TypeName); ok {
			basic = obj.Type()
		}
	}
	if key {
		if methods["MarshalText"] && methods["UnmarshalText"] || basic != nil && textKey(basic) {
			return ""
		}
		return fmt.Sprintf("Go type %s%s is a map key but neither has MarshalText and UnmarshalText methods nor is a string or integer type, so encoding/json cannot encode or decode it; give it MarshalText and UnmarshalText methods, or use string keys", name, in)
	}
	if methods["UnmarshalJSON"] || methods["UnmarshalText"] || basic != nil && jsonExact(basic) {
		return ""
	}
	return fmt.Sprintf("Go type %s%s neither has an UnmarshalJSON (or UnmarshalText) method nor is a boolean, number or string type, so encoding/json would not hold the JSON value exactly; give it UnmarshalJSON and MarshalJSON methods", name, in)
}

// maxUserGoFile bounds each file of the user's that checkLocalType reads.
const maxUserGoFile = 8 << 20

// receiverName is the type name of a method receiver (T or *T, type parameters aside).
func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ix.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
