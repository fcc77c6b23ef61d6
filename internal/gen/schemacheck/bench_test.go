package schemacheck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
)

// BenchmarkMetaschemaContract checks the bundled contract against the 2020-12 metaschema: with
// schemacheck's table, and with the reference validator that contractgen used before. cold
// compiles the metaschema in every iteration, as each contractgen process does once; warm
// compiles it once.
func BenchmarkMetaschemaContract(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(repo, "docs", "contracts", "schemas", "agent-error.schema.json"))
	if err != nil {
		b.Fatal(err)
	}
	tree, err := jsontree.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	check := func(b *testing.B, s *schemacheck.Schema) {
		if d := schemacheck.Check(s, "c.json", data, tree, ""); len(d) > 0 {
			b.Fatal(d)
		}
	}
	b.Run("table/cold", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			check(b, &schemacheck.Schema{Nodes: schemacheck.Metaschema().Nodes})
		}
	})
	b.Run("table/warm", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			check(b, schemacheck.Metaschema())
		}
	})
	const url = "https://json-schema.org/draft/2020-12/schema"
	validate := func(b *testing.B, s *jsonschema.Schema) {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
		if err == nil {
			err = s.Validate(v)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.Run("reference/cold", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			validate(b, jsonschema.NewCompiler().MustCompile(url))
		}
	})
	b.Run("reference/warm", func(b *testing.B) {
		s := jsonschema.NewCompiler().MustCompile(url)
		b.ReportAllocs()
		for b.Loop() {
			validate(b, s)
		}
	})
}
