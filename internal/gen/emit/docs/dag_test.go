package docs

import "testing"

// TestEmitDAGIsLinear renders the pages of two 64-level DAGs of $defs (2^64 paths through 65
// schemas): issue 13's anyOf shape, which made the OpenAPI emitter exponential, and the same with
// object members. It finishes only if the emitter visits each schema a bounded number of times; an
// exponential one runs into go test's timeout.
func TestEmitDAGIsLinear(t *testing.T) {
	for _, schema := range []string{
		"internal/gen/emit/openapi/testdata/dag.schema.json",
		"internal/gen/emit/openapi/testdata/dag-properties.schema.json",
	} {
		files, err := Emit(buildIR(t, schema))
		if err != nil {
			t.Fatalf("%s: %v", schema, err)
		}
		if len(files) == 0 {
			t.Fatalf("%s: no files", schema)
		}
	}
}
