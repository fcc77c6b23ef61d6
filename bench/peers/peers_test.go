package peers

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/bench/peers/gojsonschema"
	"github.com/contractgen/contractgen/generated/agenterror"
)

// corpusDir holds contract instances whose file names state the reference verdict: valid-*,
// invalid-*, and dup-* (repeated member names, which the reference accepts and Parse rejects on
// purpose; left out here).
const corpusDir = "../../testdata/corpus/agent-error"

// TestPeerAgreesLessThanParse measures what the project claims against its closest peer: over the
// whole instance corpus, how often go-jsonschema's generated decoding and contractgen's Parse give
// a different valid/invalid verdict than the reference validator. Parse must never differ; the
// peer's count is reported (and BENCHMARKS.md quotes it), and the test fails if the peer suddenly
// agrees everywhere, because then this comparison no longer shows anything.
func TestPeerAgreesLessThanParse(t *testing.T) {
	reference := compileReference(t)
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if err != nil || len(files) < 200 {
		t.Fatalf("corpus has %d files (%v), want at least 200", len(files), err)
	}
	sort.Strings(files)
	var total, parseWrong, peerWrong int
	var peerExamples []string
	for _, f := range files {
		name := filepath.Base(f)
		if strings.HasPrefix(name, "dup-") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := referenceCheck(reference, data) == nil
		if stated := strings.HasPrefix(name, "valid-"); stated != want {
			t.Fatalf("%s: the file name says valid=%v, the reference says %v", name, stated, want)
		}
		total++
		if _, err := agenterror.Parse(data); (err == nil) != want {
			parseWrong++
			t.Errorf("%s: Parse says valid=%v, the reference %v (%v)", name, err == nil, want, err)
		}
		var peer gojsonschema.AgentErrorSchemaJson
		if (json.Unmarshal(data, &peer) == nil) != want {
			peerWrong++
			if len(peerExamples) < 8 {
				peerExamples = append(peerExamples, name)
			}
		}
	}
	t.Logf("%d instances: Parse disagrees with the reference on %d, go-jsonschema v0.24.1 on %d (%.0f%%), e.g. %s",
		total, parseWrong, peerWrong, 100*float64(peerWrong)/float64(total), strings.Join(peerExamples, ", "))
	if peerWrong == 0 {
		t.Error("go-jsonschema agrees with the reference on every instance: the comparison shows nothing any more")
	}
}
