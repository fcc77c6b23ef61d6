// Package openapi emits OpenAPI component fragments for a contract: an OpenAPI 3.1 document and an
// OpenAPI 3.0.3 down-conversion, each in YAML and JSON, and a report of what the down-conversion
// loses.
//
// Each document holds the contract's schemas under components.schemas (one per root and $defs
// entry, named after the generated Go type, plus <Root>Response for response bodies), the
// Retry-After header (when the recovery object has a wait member) and the WWW-Authenticate header
// (when a kind answers 401) under components.headers, and under components.responses one response
// per HTTP status that the kind catalog uses, with a named example for every kind mapped there. Another OpenAPI document uses the fragment through $ref;
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
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
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
	// Losses are the rewrites of the contract's schemas, in document order: for 3.1 only those of
	// the rules made in both versions (open enums, const).
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
		Losses: base + ".conversion-losses.md",
	}
}

// Emit returns both versions in both encodings and the down-conversion report.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	names := FileNames(pkg)
	b := newBuilder(pkg)
	doc31, err := b.build(Version31)
	if err != nil {
		return nil, err
	}
	doc30, err := b.build(Version30)
	if err != nil {
		return nil, err
	}
	// Each encoding writes the Maps both documents share once (see encoder). The first document
	// grows its buffer as it goes; its size then presizes the other three, which differ from it by
	// a few percent.
	shared := b.sharedMaps()
	jsonEnc, yamlEnc := newEncoder(shared...), newEncoder(shared...)
	json31, err := jsonEnc.appendJSON(nil, doc31.Root)
	if err != nil {
		return nil, err
	}
	hint := len(json31) + len(json31)/8
	yaml31, err := yamlEnc.appendYAML(make([]byte, 0, hint), doc31.Root, emit.Header)
	if err != nil {
		return nil, err
	}
	json30, err := jsonEnc.appendJSON(make([]byte, 0, hint), doc30.Root)
	if err != nil {
		return nil, err
	}
	yaml30, err := yamlEnc.appendYAML(make([]byte, 0, hint), doc30.Root, emit.Header)
	if err != nil {
		return nil, err
	}
	return []emit.File{
		{Path: names.YAML31, Bytes: yaml31}, {Path: names.JSON31, Bytes: json31},
		{Path: names.YAML30, Bytes: yaml30}, {Path: names.JSON30, Bytes: json30},
		{Path: names.Losses, Bytes: report(doc30.Losses, names.YAML30)},
	}, nil
}

// Build makes the document of one OpenAPI version (Version31 or Version30).
func Build(pkg *ir.Package, openapiVersion string) (*Document, error) {
	return newBuilder(pkg).build(openapiVersion)
}

// builder makes the documents of one package. What does not depend on the OpenAPI version (the
// component names, the parsed schema values, the headers and responses) it works out once and
// shares between the two documents.
type builder struct {
	pkg        *ir.Package
	components map[*ir.Named]string
	enums      map[*ir.Schema]*ir.Enum
	// unions maps the schema of every union told apart by a discriminator member to its union.
	unions map[*ir.Schema]*ir.Union
	values valueCache
	// catalog holds components.headers and components.responses once built (nil before, and
	// without a catalog).
	catalog *catalogParts
}

// sharedMaps are the Maps that both documents hold.
func (b *builder) sharedMaps() []*Map {
	if b.catalog == nil {
		return nil
	}
	return []*Map{b.catalog.headers, b.catalog.responses}
}

// catalogParts are the members of components that come from the kind catalog.
type catalogParts struct {
	headers, responses *Map
}

func newBuilder(pkg *ir.Package) *builder {
	b := &builder{pkg: pkg, components: componentNames(pkg), enums: map[*ir.Schema]*ir.Enum{},
		unions: map[*ir.Schema]*ir.Union{}, values: valueCache{}}
	for _, n := range pkg.Types {
		if n.Enum != nil {
			b.enums[n.Schema] = n.Enum
		}
		if u := n.Union; u != nil && u.Discriminated() {
			b.unions[n.Schema] = u
		}
	}
	return b
}

// build makes the document of one OpenAPI version.
func (b *builder) build(openapiVersion string) (*Document, error) {
	pkg := b.pkg
	c := &converter{components: b.components, enums: b.enums, unions: b.unions, cache: b.values, losses: &lossLog{},
		nulls: nullMemo{}}
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
	// OpenAPI's default when servers is absent, written out: the fragment serves no API of its own,
	// and linters (redocly's recommended no-empty-servers) refuse a document without servers.
	root.Set("servers", []any{NewMap().Set("url", "/").
		Set("description", "OpenAPI's default: this document describes components, not a server.")})
	if c.v == v30 {
		// 3.0 requires paths; a fragment has none.
		root.Set("paths", NewMap())
	}
	components, err := b.buildComponents(c)
	if err != nil {
		return nil, err
	}
	root.Set("components", components)
	return &Document{Version: openapiVersion, Root: root, Losses: c.losses.losses}, nil
}

// info describes the fragment; its version is the contract's own (the const of the root's version
// member, as the profile names it) when it has one, so that consumers can tell contract versions apart.
func info(pkg *ir.Package) *Map {
	root := pkg.Roots[0]
	title := root.Schema.Title
	if title == "" {
		title = root.Name
	}
	version := pkg.Hash
	versionMember := errorcontract.Of(pkg).Names().Version
	for _, f := range root.Fields {
		if f.Name == versionMember && f.Schema.Const != nil {
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
