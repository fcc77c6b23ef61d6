// Package openapi emits OpenAPI component fragments for a contract: an OpenAPI 3.1 document and an
// OpenAPI 3.0.3 down-conversion, each in YAML and JSON, and a report of what the down-conversion
// loses.
//
// Each document holds the contract's schemas under components.schemas (one per root and $defs
// entry, named after the generated Go type, plus <Root>Response for response bodies), the
// Retry-After and WWW-Authenticate headers under components.headers, and under
// components.responses one response per HTTP status that the kind catalog uses, with a named
// example for every kind mapped there. Another OpenAPI document uses the fragment through $ref;
// docs/openapi.md shows how.
//
// The documents are built as data (Map keeps member order) and serialized by this package, so the
// output is byte-for-byte stable.
package openapi

import (
	"fmt"
	"path"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// The OpenAPI versions written.
const (
	// Version31 is the version of the 3.1 fragment.
	Version31 = "3.1.0"
	// Version30 is the version of the down-converted fragment.
	Version30 = "3.0.3"
)

// Document is one OpenAPI version of the fragment, as data.
type Document struct {
	// Version is the "openapi" member: Version31 or Version30.
	Version string
	// Root is the whole document.
	Root *Map
	// Losses are the rewrites of the 3.0 down-conversion, in document order; nil for 3.1.
	Losses []Loss
}

// Names are the file names of one contract's fragments, relative to the target directory.
type Names struct {
	YAML31, JSON31, YAML30, JSON30, Losses string
}

// FileNames derives the file names from the first source's base name: agent-error.schema.json
// gives agent-error.openapi.yaml and so on.
func FileNames(pkg *ir.Package) Names {
	base := "contract"
	if len(pkg.Sources) > 0 {
		base = strings.TrimSuffix(strings.TrimSuffix(path.Base(pkg.Sources[0].Path), ".json"), ".schema")
	}
	return Names{
		YAML31: base + ".openapi.yaml", JSON31: base + ".openapi.json",
		YAML30: base + ".openapi-3.0.yaml", JSON30: base + ".openapi-3.0.json",
		Losses: "conversion-losses.md",
	}
}

// Emit returns both versions in both encodings and the down-conversion report.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	names := FileNames(pkg)
	var files []emit.File
	for _, v := range []struct {
		version    string
		yaml, json string
	}{{Version31, names.YAML31, names.JSON31}, {Version30, names.YAML30, names.JSON30}} {
		doc, err := Build(pkg, v.version)
		if err != nil {
			return nil, err
		}
		y, err := encodeYAML(doc.Root, emit.Header)
		if err != nil {
			return nil, err
		}
		j, err := encodeJSON(doc.Root)
		if err != nil {
			return nil, err
		}
		files = append(files, emit.File{Path: v.yaml, Bytes: y}, emit.File{Path: v.json, Bytes: j})
		if v.version == Version30 {
			files = append(files, emit.File{Path: names.Losses, Bytes: report(doc.Losses, names.YAML30)})
		}
	}
	return files, nil
}

// Build makes the document of one OpenAPI version (Version31 or Version30).
func Build(pkg *ir.Package, openapiVersion string) (*Document, error) {
	c := &converter{components: componentNames(pkg), enums: map[*ir.Schema]*ir.Enum{}, losses: &lossLog{}}
	for _, n := range pkg.Types {
		if n.Enum != nil {
			c.enums[n.Schema] = n.Enum
		}
	}
	switch openapiVersion {
	case Version31:
		c.v = v31
	case Version30:
		c.v = v30
	default:
		return nil, fmt.Errorf("openapi: unknown version %q (known: %s, %s)", openapiVersion, Version31, Version30)
	}
	if len(pkg.Roots) == 0 {
		return nil, fmt.Errorf("openapi: the package has no root schema")
	}
	root := NewMap()
	// JSON has no comments, so the generated-code marker is a member, first so that it falls inside
	// the window the writer searches; YAML carries it too, which keeps both encodings the same data.
	root.Set("x-generated", emit.Header)
	root.Set("openapi", openapiVersion)
	root.Set("info", info(pkg))
	if c.v == v30 {
		// 3.0 requires paths; a fragment has none.
		root.Set("paths", NewMap())
	}
	components, err := buildComponents(pkg, c)
	if err != nil {
		return nil, err
	}
	root.Set("components", components)
	doc := &Document{Version: openapiVersion, Root: root}
	if c.v == v30 {
		doc.Losses = c.losses.losses
	}
	return doc, nil
}

// info describes the fragment; its version is the contract's own (the root's contract_version
// const) when it has one, so that consumers can tell contract versions apart.
func info(pkg *ir.Package) *Map {
	root := pkg.Roots[0]
	title := root.Schema.Title
	if title == "" {
		title = root.Name
	}
	version := pkg.Hash
	for _, f := range root.Fields {
		if f.Name == "contract_version" && f.Schema.Const != nil {
			version = string(f.Schema.Const.JSON)
		}
	}
	var sources []string
	for _, s := range pkg.Sources {
		sources = append(sources, s.Path)
	}
	m := NewMap()
	m.Set("title", title+" — OpenAPI components")
	m.Set("version", version)
	m.Set("description", "Schemas, headers and responses generated by contractgen from "+
		strings.Join(sources, ", ")+". Reference them with $ref from your own OpenAPI document; "+
		"the responses are the error responses of every HTTP status the kind catalog uses.")
	m.Set("x-contract-hash", pkg.Hash)
	return m
}
