package load

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDialectComesFromSchemaOrDefault(t *testing.T) {
	dir := t.TempDir()
	d4 := write(t, dir, "d4.json", `{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object"}`)
	none := write(t, dir, "none.json", `{"type": "object"}`)
	for _, c := range []struct {
		file string
		opt  Dialect
		want Dialect
	}{{d4, Draft2020, Draft4}, {none, Draft2020, Draft2020}, {none, Draft7, Draft7}, {d4, Draft7, Draft4}} {
		set, err := Load([]string{c.file}, Options{Dialect: c.opt})
		if err != nil {
			t.Fatal(err)
		}
		if got := set.Roots[0].Dialect; got != c.want {
			t.Errorf("%s with default %s: dialect %s, want %s", c.file, c.opt, got, c.want)
		}
	}
}

func TestEachDialectChecksItsOwnMetaschema(t *testing.T) {
	dir := t.TempDir()
	// Valid in draft-04 (a boolean exclusiveMinimum), invalid in 2020-12, and the reverse.
	d4 := write(t, dir, "d4.json", `{"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 1, "exclusiveMinimum": true}`)
	if _, err := Files([]string{d4}); err != nil {
		t.Errorf("draft-04 boolean exclusiveMinimum refused: %v", err)
	}
	d20 := write(t, dir, "d20.json", `{"minimum": 1, "exclusiveMinimum": true}`)
	if _, err := Files([]string{d20}); err == nil || !strings.Contains(err.Error(), "not a valid 2020-12 schema") {
		t.Errorf("2020-12 boolean exclusiveMinimum: error %v", err)
	}
	bad4 := write(t, dir, "bad4.json", `{"$schema": "http://json-schema.org/draft-04/schema#", "exclusiveMinimum": 1}`)
	if _, err := Files([]string{bad4}); err == nil || !strings.Contains(err.Error(), "not a valid draft-04 schema") {
		t.Errorf("draft-04 numeric exclusiveMinimum: error %v", err)
	}
	custom := write(t, dir, "custom.json", `{"$schema": "https://example.com/my-metaschema"}`)
	if _, err := Files([]string{custom}); err == nil || !strings.Contains(err.Error(), "names no dialect") {
		t.Errorf("custom metaschema: error %v", err)
	}
}

// TestRelativeRefsResolveAgainstID checks that $id sets the base URI: a relative reference under
// an http $id names a remote URI, which a --ref-map mapping serves, and whose document keeps that
// URI as its base.
func TestRelativeRefsResolveAgainstID(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "local/common.json", `{"$defs": {"a": {"type": "string"}}}`)
	root := write(t, dir, "main.json", `{"$id": "https://example.com/schemas/main.json", "properties": {"a": {"$ref": "common.json#/$defs/a"}}}`)
	_, err := Files([]string{root})
	if err == nil || !strings.Contains(err.Error(), "--ref-map https://example.com/schemas/=DIR") {
		t.Fatalf("error %v, want a remote reference naming --ref-map", err)
	}
	set, err := Load([]string{root}, Options{RefMap: []RefMap{{Prefix: "https://example.com/schemas/", Dir: filepath.Join(dir, "local")}}})
	if err != nil {
		t.Fatal(err)
	}
	loc, _, err := set.Resolve(set.Roots[0], "/properties/a/$ref", "common.json#/$defs/a")
	if err != nil || loc.Doc.Tree.Resolve(loc.Pointer).Get("type").Text != "string" {
		t.Fatalf("Resolve = %+v, %v", loc, err)
	}
	if loc.Doc.URI != "https://example.com/schemas/common.json" {
		t.Errorf("the mapped document's base URI is %s, want the remote URI it was read for", loc.Doc.URI)
	}
}

// TestRefsBesideTheRootID: the input schema's own $id tells where its siblings live, so a relative
// reference under that base reads the file at the same relative place on disk (go-jsonschema's
// ref/ref.json → ../other/other.json layout), or else the file the reference names from the
// referring file, confined to the reference root as ever; an absolute reference to the same place
// stays remote.
func TestRefsBesideTheRootID(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "other/other.json", `{"$id": "https://example.com/other/other.json", "$defs": {"Thing": {"type": "integer"}}}`)
	write(t, dir, "ref/sib.json", `{"type": "string"}`)
	root := write(t, dir, "ref/ref.json", `{"$id": "https://example.com/ref/ref.json", "properties": {
		"a": {"$ref": "sib.json"}, "b": {"$ref": "../other/other.json#/$defs/Thing"}}}`)
	_, err := Files([]string{root})
	if err == nil || !strings.Contains(err.Error(), "outside the reference root") || strings.Contains(err.Error(), "sib.json") {
		t.Fatalf("error %v, want ../other refused as outside the reference root and sib.json read", err)
	}
	set, err := Load([]string{root}, Options{RefRoot: dir})
	if err != nil {
		t.Fatal(err)
	}
	loc, _, err := set.Resolve(set.Roots[0], "/properties/b/$ref", "../other/other.json#/$defs/Thing")
	if err != nil || loc.Doc.Tree.Resolve(loc.Pointer).Get("type").Text != "integer" || loc.Doc.URI != "https://example.com/other/other.json" {
		t.Fatalf("Resolve = %+v, %v", loc, err)
	}
	// go-jsonschema's refExternalFile/refExternalFile.json names itself https://example.com/refExternalFile
	// (no folder of its own), so "../other/other.json" resolves to https://example.com/other/other.json,
	// which the $id's folder on disk does not hold; the reference as written, from the referring
	// file, does.
	flat := write(t, dir, "flat/flat.json", `{"$id": "https://example.com/flat", "properties": {"b": {"$ref": "../other/other.json#/$defs/Thing"}}}`)
	if set, err := Load([]string{flat}, Options{RefRoot: dir}); err != nil {
		t.Errorf("a relative reference beside the referring file was not read: %v", err)
	} else if r := set.Resource("https://example.com/other/other.json"); r == nil || filepath.Base(r.Doc.Abs) != "other.json" {
		t.Errorf("the reference was not served from other/other.json: %+v", r)
	}
	abs := write(t, dir, "ref/abs.json", `{"$id": "https://example.com/ref/abs.json", "$ref": "https://example.com/ref/sib.json"}`)
	if _, err := Load([]string{abs}, Options{RefRoot: dir}); err == nil || !strings.Contains(err.Error(), "is remote") {
		t.Errorf("an absolute reference was read from disk: %v", err)
	}
}

// TestUnmappedURINamesTheMapping: the error for a remote URI whose file sits beside the input
// schema names the mapping that would serve it, and --ref-map serves an extensionless URI from
// NAME.json.
func TestUnmappedURINamesTheMapping(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tsconfig.json", `{"type": "object"}`)
	root := write(t, dir, "main.json", `{"$id": "https://json.schemastore.org/main.json", "properties": {"t": {"$ref": "https://www.schemastore.org/tsconfig"}}}`)
	_, err := Files([]string{root})
	want := "tsconfig.json would serve it with --ref-map https://www.schemastore.org/=" + filepath.ToSlash(dir)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want it to say %q", err, want)
	}
	set, err := Load([]string{root}, Options{RefMap: []RefMap{{Prefix: "https://www.schemastore.org/", Dir: dir}}})
	if err != nil {
		t.Fatal(err)
	}
	if r := set.Resource("https://www.schemastore.org/tsconfig"); r == nil || filepath.Base(r.Doc.Abs) != "tsconfig.json" {
		t.Errorf("the extensionless URI was not served from tsconfig.json: %+v", r)
	}
}

func TestEmbeddedResourcesAndAnchors(t *testing.T) {
	dir := t.TempDir()
	root := write(t, dir, "main.json", `{
		"$id": "https://example.com/root.json",
		"$defs": {
			"inner": {"$id": "inner/x.json", "$defs": {"y": {"$anchor": "why", "type": "integer"}}},
			"d7": {"$schema": "http://json-schema.org/draft-07/schema#"},
			"e7": {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "e7.json", "properties": {"x": {}}}
		}}`)
	set, err := Files([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]string{
		"https://example.com/inner/x.json#why":               "/$defs/inner/$defs/y",
		"inner/x.json#/$defs/y":                              "/$defs/inner/$defs/y",
		"https://example.com/inner/x.json":                   "/$defs/inner",
		"#/$defs/d7":                                         "/$defs/d7",
		"https://example.com/root.json#/$defs/inner/$defs/y": "/$defs/inner/$defs/y",
	} {
		loc, _, err := set.Resolve(set.Roots[0], "/$ref", ref)
		if err != nil || loc.Pointer != want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", ref, loc.Pointer, err, want)
		}
	}
	if _, _, err := set.Resolve(set.Roots[0], "/$ref", "#nope"); err == nil || !strings.Contains(err.Error(), `anchor "nope"`) {
		t.Errorf("a missing anchor: %v", err)
	}
	if r := set.ResourceAt(set.Roots[0], "/$defs/d7"); r.Dialect != Draft2020 {
		t.Errorf("a $schema without an identifier below the root changed the dialect to %s", r.Dialect)
	}
	if r := set.ResourceAt(set.Roots[0], "/$defs/e7/properties/x"); r.Dialect != Draft7 || r.Pointer != "/$defs/e7" {
		t.Errorf("an embedded resource with a draft-07 $schema: %+v", r)
	}
}

func TestMetaschemaReferencesAreBuiltIn(t *testing.T) {
	dir := t.TempDir()
	root := write(t, dir, "m.json", `{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "http://json-schema.org/draft-07/schema#"}`)
	set, err := Files([]string{root})
	if err != nil {
		t.Fatalf("a reference to the draft-07 metaschema: %v", err)
	}
	loc, _, err := set.Resolve(set.Roots[0], "/$ref", "http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger")
	if err != nil || loc.Doc.Tree.Resolve(loc.Pointer).Get("minimum") == nil {
		t.Fatalf("Resolve into the metaschema = %+v, %v", loc, err)
	}
}

func TestParseRefMap(t *testing.T) {
	m, err := ParseRefMap("http://localhost:1234/=testdata/remotes")
	if err != nil || m.Prefix != "http://localhost:1234/" || m.Dir != "testdata/remotes" {
		t.Fatalf("ParseRefMap = %+v, %v", m, err)
	}
	for _, bad := range []string{"nodir=", "=dir", "relative/=dir", "noequals"} {
		if _, err := ParseRefMap(bad); err == nil {
			t.Errorf("ParseRefMap(%q) accepted", bad)
		}
	}
	set := &Set{opts: Options{RefMap: []RefMap{{"https://a/", "/x"}, {"https://a/b/", "/y"}}}}
	for uri, want := range map[string]string{"https://a/c.json": "/x/c.json", "https://a/b/c.json": "/y/c.json"} {
		if got, ok := set.LocalFile(uri); !ok || got != want {
			t.Errorf("LocalFile(%q) = %q, %v; want %q (the longest prefix)", uri, got, ok, want)
		}
	}
	if _, ok := set.LocalFile("https://a/../etc/passwd"); ok {
		t.Error("a mapping climbed out of its directory")
	}
}

func TestYAMLSchemas(t *testing.T) {
	dir := t.TempDir()
	root := write(t, dir, "s.yaml", `title: S
type: object
properties:
  zeta:
    type: string
  alpha:
    $ref: defs.yml#/$defs/n
`)
	write(t, dir, "defs.yml", "$defs:\n  n:\n    type: integer\n")
	set, err := Files([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	props := set.Roots[0].Tree.Get("properties")
	if len(props.Members) != 2 || props.Members[0].Name != "zeta" {
		t.Fatalf("the YAML mapping's order was not kept: %+v", props.Members)
	}
	bad := write(t, dir, "bad.yaml", "type: object\nproperties:\n  a:\n    minLength: -1\n")
	_, err = Files([]string{bad})
	if err == nil || !strings.Contains(err.Error(), "bad.yaml#/properties/a/minLength (line 4, column 16)") {
		t.Errorf("a metaschema error in YAML must carry the YAML line and column: %v", err)
	}
	broken := write(t, dir, "broken.yml", "type: [object\n")
	if _, err = Files([]string{broken}); err == nil || !strings.Contains(err.Error(), "invalid YAML") {
		t.Errorf("broken YAML: %v", err)
	}
}
