package build

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// GoTypeMap is the run's mapping of schemas to Go types of the user's (the config file's
// go_types): by "format", and by the "file#/pointer" of a $ref target.
type GoTypeMap struct {
	// Formats maps a format name to the Go type of every string schema with that format.
	Formats map[string]ir.CustomType
	// Refs maps the origin of a referenced schema ("common.json#/$defs/Money") to the Go type of
	// every schema that refers to it.
	Refs map[string]ir.CustomType
}

// goTypeName is a Go type as the extensions spell it: a predeclared type or a type of the
// generated package (Name), or package.Name.
var goTypeName = regexp.MustCompile(`^(?:([A-Za-z_][A-Za-z0-9_]*)\.)?([A-Za-z_][A-Za-z0-9_]*)$`)

// predeclared are the Go types an extension may name without a package: encoding/json decodes
// and encodes each of them.
var predeclared = map[string]bool{"string": true, "bool": true, "int": true, "int8": true, "int16": true, "int32": true,
	"int64": true, "uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "float32": true,
	"float64": true, "byte": true, "rune": true, "any": true}

// readGoTypeExt reads the Go type a node's extensions name: oapi-codegen's x-go-type (with
// x-go-type-import, an object {path, name} or the path as a string) and go-jsonschema's
// goJSONSchema.type (with goJSONSchema.imports, a list of import paths).
func (b *builder) readGoTypeExt(doc *load.Document, ptr string, s *ir.Schema, node *jsontree.Node) {
	if x := node.Get("x-go-type"); x != nil {
		imp := ""
		if i := node.Get("x-go-type-import"); i != nil {
			switch i.Kind {
			case jsontree.String:
				imp = i.Text
			case jsontree.Object:
				if p := i.Get("path"); p != nil && p.Kind == jsontree.String {
					imp = p.Text
				}
			}
			if imp == "" {
				b.diags.Add(doc.Path, ptr+"/x-go-type-import", "x-go-type-import must be an import path or an object {\"path\": ..., \"name\": ...} with a path")
				return
			}
		}
		s.Go.TypeExt = b.customType(doc, ptr+"/x-go-type", x, []string{imp})
	} else if node.Has("x-go-type-import") {
		b.diags.Add(doc.Path, ptr+"/x-go-type-import", "x-go-type-import needs an x-go-type beside it")
	}
	g := node.Get(goJSONSchema)
	if g == nil || g.Kind != jsontree.Object {
		return
	}
	var imports []string
	if i := g.Get("imports"); i != nil {
		for _, item := range i.Items {
			imports = append(imports, item.Text)
		}
		if i.Kind != jsontree.Array || len(imports) != len(i.Items) {
			b.diags.Add(doc.Path, ptr+"/goJSONSchema/imports", "goJSONSchema.imports must be a list of import paths")
			return
		}
	}
	if t := g.Get("type"); t != nil {
		if s.Go.TypeExt != nil {
			b.diags.Add(doc.Path, ptr+"/goJSONSchema/type", "goJSONSchema.type and x-go-type both name a Go type; keep one")
			return
		}
		s.Go.TypeExt = b.customType(doc, ptr+"/goJSONSchema/type", t, imports)
	} else if imports != nil {
		b.diags.Add(doc.Path, ptr+"/goJSONSchema/imports", "goJSONSchema.imports needs a goJSONSchema.type beside it")
	}
}

// customType reads the Go type an extension names and finds the package of each of its parts
// (ParseGoTypeExpr): a type name, a full path ("github.com/google/uuid.UUID"), or an expression
// over type names ("map[string][]*time.Time").
func (b *builder) customType(doc *load.Document, ptr string, v *jsontree.Node, imports []string) *ir.CustomType {
	if v.Kind != jsontree.String {
		b.diags.Add(doc.Path, ptr, "%s is not a Go type name: write a predeclared type (string, int64) or package.Type", v.Compact())
		return nil
	}
	if ptr == "/x-go-type" || ptr == "/"+goJSONSchema+"/type" {
		if slices.Contains(b.set.Roots, doc) {
			b.diags.Add(doc.Path, ptr, "a root schema is the generated package's own type and cannot be %q; put the Go type on the members or $defs entries that use it", v.Text)
			return nil
		}
	}
	c, err := ParseGoTypeExpr(v.Text, imports)
	if err != nil {
		b.diags.Add(doc.Path, ptr, "%v", err)
		return nil
	}
	c.Origin = doc.Path + "#" + ptr
	return &c
}

// ParseGoTypeExpr reads the Go type an extension names, with the import paths beside it
// (goJSONSchema.imports, x-go-type-import): a predeclared type, a type of the generated package
// (Local), package.Type, the type's full path alone ("github.com/google/uuid.UUID"), or a map,
// slice, array or pointer of those, nested ("map[string][]*time.Time"), parsed with go/parser.
// Each qualifier names the import whose last element (without a /vN suffix) it is, or the only
// import when the expression has one qualifier; without imports, a standard library package by
// its path ("time"). What encoding/json cannot hold (functions, channels, interfaces with
// methods, map keys other than strings and integers) and what the generated code cannot spell
// (struct literals, generic instantiations) is refused, saying what to write instead.
func ParseGoTypeExpr(text string, imports []string) (ir.CustomType, error) {
	text = strings.TrimSpace(text)
	imports = slicesCompact(imports)
	if isFullPath(text) {
		return ParseGoType(text, "")
	}
	if strings.Contains(text, "/") {
		// go/parser would read the slashes as divisions.
		return ir.CustomType{}, fmt.Errorf("%q is not a Go type expression: inside an expression write package.Type (%s) and list the import path (goJSONSchema.imports, x-go-type-import)", text, exampleQualified(text))
	}
	e, err := parser.ParseExpr(text)
	if err != nil {
		return ir.CustomType{}, fmt.Errorf("%q is not a Go type: %s", text, writeInstead)
	}
	p := exprParser{text: text, root: e, imports: imports, qualifiers: map[string]bool{}}
	c, err := p.parse(e)
	if err != nil {
		return ir.CustomType{}, err
	}
	// An import only a local part could use is a mistake: the part is of the generated package.
	if len(imports) > 0 && len(p.qualifiers) == 0 && p.local != "" {
		if c.Shape == ir.CustomNamed {
			return ir.CustomType{}, fmt.Errorf("%q names no package, so it is a type of the generated package and takes no import; write package.Type to use the imports", text)
		}
		return ir.CustomType{}, fmt.Errorf("%q names no package, so %s is a type of the generated package and takes no import; write package.Type to use the imports", text, p.local)
	}
	if err := p.resolve(c); err != nil {
		return ir.CustomType{}, err
	}
	return *c, nil
}

// writeInstead is what a refused Go type expression should be instead.
const writeInstead = "write a predeclared type, package.Type, a type of the generated package, or a map, slice, array or pointer of those"

// noMethods is why an interface with methods cannot be a custom type.
const noMethods = ", which encoding/json cannot decode into; write any, or a named type of yours"

// maxArrayLen bounds an array type's length: a JSON array held in a Go array is one value.
const maxArrayLen = 1 << 20

// isFullPath reports whether text is a type's full path ("github.com/google/uuid.UUID"), which
// names the type alone (ParseGoType).
func isFullPath(text string) bool {
	i := strings.LastIndex(text, ".")
	return i > 0 && strings.Contains(text[:i], "/") && !strings.ContainsAny(text[:i], " *[]()")
}

// exampleQualified is how a full path inside an expression is written qualified, for messages:
// "uuid.UUID" for "[]github.com/google/uuid.UUID".
func exampleQualified(text string) string {
	i := strings.LastIndex(text, "/")
	rest := text[i+1:]
	end := len(rest)
	for j, r := range rest {
		if r != '.' && r != '_' && !('0' <= r && r <= '9') && !('a' <= r && r <= 'z') && !('A' <= r && r <= 'Z') {
			end = j
			break
		}
	}
	return rest[:end]
}

// exprParser turns a parsed Go type expression into a custom type; qualifiers are resolved to
// import paths once all are known.
type exprParser struct {
	text       string
	root       ast.Expr
	imports    []string
	qualifiers map[string]bool
	local      string // a part of the generated package, for messages
}

// refuse reports a part of the expression that cannot be a custom type: what it is (kind), then
// why not and what to write instead (rest).
func (p *exprParser) refuse(e ast.Expr, kind, rest string) error {
	if e == p.root {
		return fmt.Errorf("%q is %s%s", p.text, kind, rest)
	}
	return fmt.Errorf("%q holds %s (%s)%s", p.text, kind, types.ExprString(e), rest)
}

func (p *exprParser) parse(e ast.Expr) (*ir.CustomType, error) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return p.parse(e.X)
	case *ast.Ident:
		switch obj := types.Universe.Lookup(e.Name); {
		case e.Name == "_":
		case obj == nil:
			if p.local == "" {
				p.local = e.Name
			}
			return &ir.CustomType{Name: e.Name, Local: true}, nil
		case predeclared[e.Name]:
			return &ir.CustomType{Name: e.Name}, nil
		case e.Name == "error":
			return nil, p.refuse(e, "an interface with methods", noMethods)
		}
		if _, ok := types.Universe.Lookup(e.Name).(*types.TypeName); ok {
			return nil, p.refuse(e, "a predeclared type encoding/json cannot hold", "; "+writeInstead)
		}
		return nil, fmt.Errorf("%q is not a Go type: %s", p.text, writeInstead)
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return nil, fmt.Errorf("%q is not a Go type: %s", p.text, writeInstead)
		}
		p.qualifiers[x.Name] = true
		// The qualifier stands in Import until resolve replaces it with the path.
		return &ir.CustomType{Import: x.Name, Name: e.Sel.Name}, nil
	case *ast.StarExpr:
		elem, err := p.parse(e.X)
		if err != nil {
			return nil, err
		}
		return &ir.CustomType{Shape: ir.CustomPointer, Elem: elem}, nil
	case *ast.ArrayType:
		elem, err := p.parse(e.Elt)
		if err != nil {
			return nil, err
		}
		if e.Len == nil {
			return &ir.CustomType{Shape: ir.CustomSlice, Elem: elem}, nil
		}
		lit, ok := e.Len.(*ast.BasicLit)
		n, err := int64(0), error(nil)
		if ok && lit.Kind == token.INT {
			n, err = strconv.ParseInt(lit.Value, 0, 64)
		}
		if !ok || lit.Kind != token.INT || err != nil {
			return nil, fmt.Errorf("%q has no array length; write [N]T with N a number, or []T", p.text)
		}
		if n > maxArrayLen {
			return nil, fmt.Errorf("%q: array length %d is more than %d; write []T", p.text, n, maxArrayLen)
		}
		return &ir.CustomType{Shape: ir.CustomArray, Len: n, Elem: elem}, nil
	case *ast.MapType:
		key, err := p.parse(e.Key)
		if err != nil {
			return nil, err
		}
		elem, err := p.parse(e.Value)
		if err != nil {
			return nil, err
		}
		if key.Shape != ir.CustomNamed || key.Import == "" && !key.Local && !mapKeys[key.Name] {
			return nil, fmt.Errorf("%q has keys of type %s, which encoding/json cannot encode or decode (a JSON object's keys are strings); write map[string]%s, or a key type with MarshalText and UnmarshalText",
				p.text, types.ExprString(e.Key), types.ExprString(e.Value))
		}
		return &ir.CustomType{Shape: ir.CustomMap, Key: key, Elem: elem}, nil
	case *ast.InterfaceType:
		if e.Methods == nil || len(e.Methods.List) == 0 {
			return &ir.CustomType{Name: "any"}, nil
		}
		return nil, p.refuse(e, "an interface with methods", noMethods)
	case *ast.FuncType:
		return nil, p.refuse(e, "a function type", ", which JSON cannot hold; "+writeInstead)
	case *ast.ChanType:
		return nil, p.refuse(e, "a channel type", ", which JSON cannot hold; "+writeInstead)
	case *ast.StructType:
		return nil, p.refuse(e, "a struct literal", "; declare the struct as a named type (in a package, or in a file of yours beside the generated ones) and write its name")
	case *ast.IndexExpr, *ast.IndexListExpr:
		return nil, p.refuse(e, "an instantiation of a generic type", ", which the generated code does not spell; declare a named type for it with UnmarshalJSON and MarshalJSON (in a package, or in a file of yours beside the generated ones) and write its name")
	}
	return nil, fmt.Errorf("%q is not a Go type: %s", p.text, writeInstead)
}

// mapKeys are the predeclared types encoding/json takes as map keys: strings and integers.
var mapKeys = map[string]bool{"string": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "byte": true, "rune": true}

// resolve replaces each qualifier with its package's import path.
func (p *exprParser) resolve(c *ir.CustomType) error {
	for _, part := range c.Parts() {
		q := part.Import
		switch {
		case q == "":
		case len(p.imports) == 1 && len(p.qualifiers) == 1:
			part.Import = p.imports[0]
		default:
			part.Import = ""
			for _, path := range p.imports {
				if packageElem(path) == q {
					part.Import = path
				}
			}
			if part.Import == "" {
				if len(p.imports) > 0 {
					return fmt.Errorf("none of the imports %q is package %s of %q; list its import path", p.imports, q, p.text)
				}
				part.Import = q
			}
		}
	}
	return nil
}

// slicesCompact drops empty import paths.
func slicesCompact(s []string) []string {
	var out []string
	for _, p := range s {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// packageElem is the package name an import path suggests: its last element, without a major
// version suffix.
func packageElem(path string) string {
	parts := strings.Split(path, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	if i := strings.IndexAny(last, ".-"); i >= 0 {
		last = last[:i]
	}
	return last
}

// customGoType returns the Go type of the user's or of a typed format that values of s take, or
// nil: the node's own extension first, then its $ref target's extension or mapping, then its
// format's mapping, then (with typed formats) the runtime's type for the format.
func (b *builder) customGoType(s *ir.Schema) *ir.CustomType {
	if b.declaring == s {
		return nil // a named type is declared as its schema says; its users take the custom type
	}
	if s.Go.TypeExt != nil {
		return s.Go.TypeExt
	}
	if s.Ref != nil && !hasAssertions(s) {
		if t := s.Ref.Schema; t != nil && t.Go.TypeExt != nil {
			return t.Go.TypeExt
		}
		if c, ok := b.opts.GoTypes.Refs[refKey(s.Ref.Origin)]; ok {
			b.usedRefs[refKey(s.Ref.Origin)] = true
			c.Origin = s.Origin + "/$ref"
			return &c
		}
		return nil
	}
	if s.Format == "" || s.Ref != nil || IsComposite(s) || s.Enum != nil || s.Const != nil {
		return nil
	}
	all := typesOf(s)
	nullable := len(all) == 2 && all[0] == "null" && all[1] == "string"
	if !(len(all) == 1 && all[0] == "string") && !nullable {
		return nil
	}
	if c, ok := b.opts.GoTypes.Formats[s.Format]; ok {
		c.Origin = s.Origin + "/format"
		return &c
	}
	if name, ok := cgruntime.FormatTypes[s.Format]; ok && b.opts.TypedFormats {
		c := &ir.CustomType{Name: name, Origin: s.Origin + "/format", Runtime: true}
		if b.opts.ImportRuntime {
			c.Import = RuntimeImportPath
		}
		return c
	}
	return nil
}

// RuntimeImportPath is the runtime module's import path (emit.RuntimeImportPath, which build
// cannot import).
const RuntimeImportPath = "github.com/contractgen/contractgen/cgruntime"

// checkRefMap reports the run's $ref mappings that no reference took: a misspelt key would
// otherwise change nothing, silently.
func (b *builder) checkRefMap() {
	var keys []string
	for k := range b.opts.GoTypes.Refs {
		if !b.usedRefs[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		b.diags.Add("", "", "go_types.refs maps %q, which no $ref of the schemas points at; write the target as \"file.json#/json/pointer\" (the file's name as given)", k)
	}
}

// ParseGoType reads a Go type named by the run's configuration: "package.Type" with the import
// path of its package (a standard library package may go without), the type's full path
// ("github.com/google/uuid.UUID") alone, a predeclared type or a type of the generated package
// (declared in a file of the user's beside the generated ones) alone, or an expression over
// those with the one import (ParseGoTypeExpr).
func ParseGoType(name, importPath string) (ir.CustomType, error) {
	if i := strings.LastIndex(name, "."); i > 0 && strings.Contains(name[:i], "/") && importPath == "" {
		path, typ := name[:i], name[i+1:]
		if m := goTypeName.FindStringSubmatch(typ); m == nil || m[1] != "" || strings.ContainsAny(path, " *[]") {
			return ir.CustomType{}, fmt.Errorf("%q is not a Go type name: write the import path, a dot and the type (example.com/pkg.Type)", name)
		}
		return ir.CustomType{Import: path, Name: typ}, nil
	}
	m := goTypeName.FindStringSubmatch(name)
	switch {
	case m == nil && !strings.Contains(name, "/"):
		var imports []string
		if importPath != "" {
			imports = []string{importPath}
		}
		return ParseGoTypeExpr(name, imports)
	case m == nil:
		return ir.CustomType{}, fmt.Errorf("%q is not a Go type name: write a predeclared type (string, int64) or package.Type", name)
	case m[1] == "" && !predeclared[m[2]] && importPath != "":
		return ir.CustomType{}, fmt.Errorf("%q names no package, so it is a type of the generated package and takes no import; write package.Type to use the import", name)
	case m[1] == "" && !predeclared[m[2]]:
		return ir.CustomType{Name: m[2], Local: true}, nil
	case m[1] == "" && importPath != "":
		return ir.CustomType{}, fmt.Errorf("%q is predeclared and takes no import", name)
	case m[1] == "":
		return ir.CustomType{Name: m[2]}, nil
	case importPath == "":
		importPath = m[1]
	}
	return ir.CustomType{Import: importPath, Name: m[2]}, nil
}

// refKey is how the run's mapping names a referenced schema: the file's name without its
// directory, as generated output names it, and the pointer ("common.json#/$defs/Money").
func refKey(origin string) string {
	file, ptr, _ := strings.Cut(origin, "#")
	return path.Base(file) + "#" + ptr
}
