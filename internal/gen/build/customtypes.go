package build

import (
	"fmt"
	"path"
	"regexp"
	"slices"
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
		s.GoTypeExt = b.customType(doc, ptr+"/x-go-type", x, []string{imp})
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
		if s.GoTypeExt != nil {
			b.diags.Add(doc.Path, ptr+"/goJSONSchema/type", "goJSONSchema.type and x-go-type both name a Go type; keep one")
			return
		}
		s.GoTypeExt = b.customType(doc, ptr+"/goJSONSchema/type", t, imports)
	} else if imports != nil {
		b.diags.Add(doc.Path, ptr+"/goJSONSchema/imports", "goJSONSchema.imports needs a goJSONSchema.type beside it")
	}
}

// customType reads a Go type name and finds its package: a full path ("github.com/google/uuid.UUID")
// names it alone; otherwise among the imports, the one whose last element (without a /vN suffix)
// is the qualifier, or the only one. A qualifier without an import names a standard library
// package by its path ("time").
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
	imports = slicesCompact(imports)
	if strings.Contains(v.Text, "/") {
		c, err := ParseGoType(v.Text, "")
		if err != nil {
			b.diags.Add(doc.Path, ptr, "%v", err)
			return nil
		}
		c.Origin = doc.Path + "#" + ptr
		return &c
	}
	m := goTypeName.FindStringSubmatch(v.Text)
	if m == nil {
		b.diags.Add(doc.Path, ptr, "%q is not a Go type name: write a predeclared type (string, int64) or package.Type", v.Text)
		return nil
	}
	c := &ir.CustomType{Name: m[2], Origin: doc.Path + "#" + ptr}
	switch {
	case m[1] == "" && !predeclared[m[2]] && len(imports) > 0:
		b.diags.Add(doc.Path, ptr, "%q names no package, so it is a type of the generated package and takes no import; write package.Type to use the imports", v.Text)
		return nil
	case m[1] == "" && !predeclared[m[2]]:
		c.Local = true
	case m[1] == "":
	case len(imports) == 1:
		c.Import = imports[0]
	default:
		for _, p := range imports {
			if packageElem(p) == m[1] {
				c.Import = p
			}
		}
		if c.Import == "" {
			if len(imports) > 0 {
				b.diags.Add(doc.Path, ptr, "none of the imports %q is package %s of %q; list its import path", imports, m[1], v.Text)
				return nil
			}
			c.Import = m[1]
		}
	}
	return c
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
	if s.GoTypeExt != nil {
		return s.GoTypeExt
	}
	if s.Ref != nil && !hasAssertions(s) {
		if t := s.Ref.Schema; t != nil && t.GoTypeExt != nil {
			return t.GoTypeExt
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
// ("github.com/google/uuid.UUID") alone, or a predeclared type or a type of the generated package
// (declared in a file of the user's beside the generated ones) alone.
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
