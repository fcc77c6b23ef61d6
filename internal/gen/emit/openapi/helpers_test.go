package openapi

import (
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// contractPath is the bundled contract, relative to this package.
var contractPath = filepath.Join("..", "..", "..", "..", "docs", "contracts", "schemas", "agent-error.schema.json")

// fixturePath is a contract that uses every keyword the 3.0 conversion rewrites.
var fixturePath = filepath.Join("testdata", "features.schema.json")

// unionsPath holds unions told apart by a discriminator member (inferred, and named by OpenAPI's
// keyword with a mapping) and unions that have none or cannot be mapped.
var unionsPath = filepath.Join("testdata", "unions.schema.json")

// secondContractPath is the profile's second contract (testdata/golden/profile-second-contract):
// a catalog whose members have names of their own, so its responses, examples and header texts
// show what the emitter reads from the profile rather than spells.
var secondContractPath = filepath.Join("..", "..", "..", "..", "testdata", "golden", "profile-second-contract", "service-fault.schema.json")

// noWaitPath is the second contract without a wait member (testdata/golden/profile-no-wait): its
// recovery object ("next") has nothing that becomes a Retry-After header.
var noWaitPath = filepath.Join("..", "..", "..", "..", "testdata", "golden", "profile-no-wait", "no-wait.schema.json")

// buildIR loads a schema and builds its IR as the pipeline does.
func buildIR(t testing.TB, schema string) *ir.Package {
	t.Helper()
	set, err := load.Files([]string{schema})
	if err != nil {
		t.Fatalf("load %s: %v", schema, err)
	}
	pkg, err := build.Build(set, build.Options{Package: "sample", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatalf("build %s: %v", schema, err)
	}
	return pkg
}

// emitFiles runs the emitter and returns its files by path.
func emitFiles(t testing.TB, pkg *ir.Package) map[string][]byte {
	t.Helper()
	files, err := Emit(pkg)
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Path] = f.Bytes
	}
	return out
}
