package gosurfaces_test

import (
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/gosurfaces"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// BenchmarkEmit measures surfaces.go for the bundled contract, from the IR to the bytes: the
// emitter's share of a generator run.
func BenchmarkEmit(b *testing.B) {
	set, err := load.Files([]string{"../../../../docs/contracts/schemas/agent-error.schema.json"})
	if err != nil {
		b.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "agenterror", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gosurfaces.Emit(pkg); err != nil {
			b.Fatal(err)
		}
	}
}
