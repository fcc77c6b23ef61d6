package plantest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/cgruntime/internal/plantest/agenterror"
	golden "github.com/contractgen/contractgen/cgruntime/internal/plantest/union"
)

// The plans beside the per-type code they replace, and encoding/json's floor (Unmarshal into the
// same struct, which neither validates nor keeps unknown members):
//
//	go test ./internal/plantest -run '^$' -bench . -benchmem -count 5

func contractInstance(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "corpus", "agent-error", "valid-recovery-action-do_not_retry.json"))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkParseContract(b *testing.B) {
	data := contractInstance(b)
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var v agenterror.AgentError
			// encoding/json would call UnmarshalJSON: the alias type has no methods.
			type plain agenterror.AgentError
			if err := json.Unmarshal(data, (*plain)(&v)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("per-type", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := agenterror.Parse(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := cgruntime.ParseAs[agenterror.AgentError](agenterror.PlanSchema, agenterror.TAgentError, data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkValidateContract(b *testing.B) {
	v, err := agenterror.Parse(contractInstance(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("per-type", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := v.Validate(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := agenterror.PlanSchema.Validate(v, agenterror.TAgentError); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMarshalContract(b *testing.B) {
	v, err := agenterror.Parse(contractInstance(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("per-type", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := v.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := agenterror.PlanSchema.Marshal(v, agenterror.TAgentError); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// deepTree is a valid Tree nested depth branches deep: a recursive struct through a sum type.
func deepTree(depth int) []byte {
	return []byte(strings.Repeat(`{"kind":"branch","child":`, depth) + `{"kind":"leaf"}` + strings.Repeat("}", depth))
}

// BenchmarkParseDeep parses valid recursive documents of growing depth: time per level must stay
// flat (linear in the depth), which building each level's location as a string did not.
func BenchmarkParseDeep(b *testing.B) {
	for _, depth := range []int{1000, 4000} {
		data := deepTree(depth)
		b.Run("per-type/depth="+strconv.Itoa(depth), func(b *testing.B) {
			for b.Loop() {
				if _, err := cgruntime.Parse[golden.Tree](data, golden.PlanSchema.Nodes, golden.PlanSchema.Types[golden.TTree].Node); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(depth), "ns/level")
		})
		b.Run("plan/depth="+strconv.Itoa(depth), func(b *testing.B) {
			for b.Loop() {
				if _, err := cgruntime.ParseAs[golden.Tree](golden.PlanSchema, golden.TTree, data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(depth), "ns/level")
		})
	}
}
