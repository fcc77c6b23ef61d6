package build_test

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

const contractPath = "../../../docs/contracts/schemas/agent-error.schema.json"

// coldEnv makes the test binary (TestMain) do one measured load and build and exit; it is set
// only in the child processes of BenchmarkLoadBuildContract/cold.
const coldEnv = "CONTRACTGEN_COLD_LOAD_BUILD"

func loadBuildContract(tb testing.TB) {
	set, err := load.Files([]string{contractPath})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := build.Build(set, build.Options{Package: "bench"}); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkLoadBuildContract measures loading and building the bundled contract: warm (the same
// process again and again, so everything compiled lazily is already there) and cold (the first
// load and build of a fresh process, which is what every contractgen run pays). For cold, each
// iteration starts this test binary anew and reads the time of its one load and build, reported as
// cold-ns/op; the ns/op of that sub-benchmark is the whole child process.
func BenchmarkLoadBuildContract(b *testing.B) {
	b.Run("warm", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			loadBuildContract(b)
		}
	})
	b.Run("cold", func(b *testing.B) {
		var total time.Duration
		n := 0
		for b.Loop() {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), coldEnv+"=1")
			out, err := cmd.CombinedOutput()
			if err != nil {
				b.Fatalf("child: %v\n%s", err, out)
			}
			_, after, ok := strings.Cut(string(out), "cold load+build ns: ")
			ns, err := strconv.ParseInt(strings.Fields(after + " ")[0], 10, 64)
			if !ok || err != nil {
				b.Fatalf("child printed no time:\n%s", out)
			}
			total += time.Duration(ns)
			n++
		}
		b.ReportMetric(float64(total.Nanoseconds())/float64(n), "cold-ns/op")
	})
}

// TestMain runs the child of BenchmarkLoadBuildContract/cold instead of the tests when the
// environment asks for it: one load and build of the contract, timed, in a fresh process.
func TestMain(m *testing.M) {
	if os.Getenv(coldEnv) != "" {
		start := time.Now()
		set, err := load.Files([]string{contractPath})
		if err == nil {
			_, err = build.Build(set, build.Options{Package: "bench"})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("cold load+build ns: %d\n", time.Since(start).Nanoseconds())
		os.Exit(0)
	}
	os.Exit(m.Run())
}
