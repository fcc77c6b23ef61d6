package gosrc

import (
	"go/token"
	"strconv"
	"strings"
)

// ImportPath is the import path of a Go package, such as "encoding/json".
type ImportPath string

// Ident returns the identifier name declared in the package at p.
func (p ImportPath) Ident(name string) Ident { return Ident{Path: p, Name: name} }

// Ident is a Go identifier together with the import path of the package that declares it, as
// protogen's GoIdent: a file spells it through File.Qualify, which prints it bare when the file
// belongs to that package (or Path is empty: a name of the package being written) and as
// pkg.Name otherwise, importing the package on the way. Emitters declare the identifiers they
// refer to once, as values, instead of spelling "json.RawMessage" and remembering the import.
type Ident struct {
	Path ImportPath
	Name string
}

// String returns the identifier as Go source outside its own package would spell it with the
// package's default name, for messages and tests; files use File.Qualify.
func (id Ident) String() string {
	if id.Path == "" {
		return id.Name
	}
	return defaultName(id.Path) + "." + id.Name
}

// Qualifier spells identifiers as one file refers to them. *File is the Qualifier of the file it
// writes; functions that spell types or expressions take a Qualifier so that they serve any file.
type Qualifier interface {
	Qualify(id Ident) string
}

// Qualify returns id as the file refers to it: bare when id belongs to the file's own package
// (see SetImportPath), otherwise name.Name with the package imported under name.
func (f *File) Qualify(id Ident) string {
	if id.Path == "" || id.Path == f.path {
		return id.Name
	}
	return f.Import(string(id.Path)) + "." + id.Name
}

// SetImportPath says which package the file belongs to: identifiers of that package print bare.
// Without it, only identifiers with an empty Path do.
func (f *File) SetImportPath(path ImportPath) { f.path = path }

// Import records that the file uses the package at path and returns the name to refer to it by:
// the path's last element (without a major-version element such as "v2"), made a valid
// identifier; when another imported package already has that name, the first free of name2,
// name3, ... in the order the file first uses them, so the output is as deterministic as the
// emitter. A package imported under a name other than its path's last element gets an explicit
// name in the import block.
func (f *File) Import(path string) string {
	if name, ok := f.imports[path]; ok {
		return name
	}
	base := defaultName(ImportPath(path))
	name := base
	for i := 2; f.names[name] || name == f.pkg; i++ {
		name = base + strconv.Itoa(i)
	}
	f.imports[path] = name
	f.names[name] = true
	return name
}

// defaultName is the package name an import path suggests.
func defaultName(path ImportPath) string {
	elems := strings.Split(string(path), "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && isMajorVersion(name) {
		name = elems[len(elems)-2]
	}
	name = strings.Map(func(r rune) rune {
		if r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return '_'
	}, name)
	if name == "" || '0' <= name[0] && name[0] <= '9' || token.IsKeyword(name) {
		name = "_" + name
	}
	return name
}

// isMajorVersion reports whether a path element is a module's major-version suffix ("v2").
func isMajorVersion(elem string) bool {
	if len(elem) < 2 || elem[0] != 'v' {
		return false
	}
	n, err := strconv.Atoi(elem[1:])
	return err == nil && n >= 2 && elem[1] != '0'
}

// importLine is one spec of the import block, as gofmt writes it.
func importLine(path, name string) string {
	if name == lastElem(path) {
		return strconv.Quote(path)
	}
	return name + " " + strconv.Quote(path)
}

func lastElem(path string) string { return path[strings.LastIndexByte(path, '/')+1:] }
