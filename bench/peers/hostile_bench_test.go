package peers

import (
	"bytes"
	"encoding/json"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	ae "github.com/contractgen/contractgen/generated/agenterror"
	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// The hostile shapes of issue 13, each under the surfaces' 1 MiB body limit. Every reader of the
// generated package is run on each and compared with json.Unmarshal of the same bytes into any, which
// does the least a Go program can do with the body (the "Any" baseline).

// hostileHead is the required part of an agent error, before the hostile members.
const hostileHead = `{"contract_version":1,"kind":"rate_limited","message":"m","origin":"budget",` +
	`"recovery":{"action":"retry_later","same_arguments":"safe","guidance":"g"},"side_effects":"none_expected"`

// hostileShapes returns the bodies by name: 80,000 undeclared members, an 80,000-member evidence
// object, a contract_version of 10^6 digits, and a 900 KB string nested 9,000 arrays deep in
// evidence.
func hostileShapes() map[string][]byte {
	var members, evidence strings.Builder
	members.WriteString(hostileHead)
	evidence.WriteString(hostileHead + `,"evidence":{`)
	for i := range 80000 {
		members.WriteString(`,"m` + strconv.Itoa(i) + `":1`)
		if i > 0 {
			evidence.WriteString(",")
		}
		evidence.WriteString(`"m` + strconv.Itoa(i) + `":1`)
	}
	members.WriteString(`}`)
	evidence.WriteString(`}}`)
	longNumber := `{"contract_version":1` + strings.Repeat("7", 1000000) + hostileHead[len(`{"contract_version":1`):] + `}`
	deep := hostileHead + `,"evidence":{"x":` + strings.Repeat("[", 9000) + `"` + strings.Repeat("x", 900000) + `"` +
		strings.Repeat("]", 9000) + `}}`
	return map[string][]byte{
		"Members":    []byte(members.String()),
		"Evidence":   []byte(evidence.String()),
		"LongNumber": []byte(longNumber),
		"Deep":       []byte(deep),
	}
}

// hostileReaders are the readers of the generated package and the validate command's interpreter,
// each reading one body; the error is the reader's verdict, not a failure.
func hostileReaders(tb testing.TB) map[string]func([]byte) error {
	nodes, root := contractTable(tb)
	return map[string]func([]byte) error{
		"Any": func(data []byte) error { var v any; return json.Unmarshal(data, &v) },
		"Parse": func(data []byte) error {
			_, err := ae.Parse(data)
			return err
		},
		"Unmarshal": func(data []byte) error { var v ae.AgentError; return json.Unmarshal(data, &v) },
		"ValidateJSON": func(data []byte) error {
			_, err := cgruntime.ValidateJSON(nodes, root, data)
			return err
		},
		"ReadHTTP": func(data []byte) error {
			_, err := ae.ReadHTTP(&http.Response{StatusCode: 429, Body: io.NopCloser(bytes.NewReader(data))})
			return err
		},
		"FromJSONRPC": func(data []byte) error {
			_, err := ae.FromJSONRPC(&ae.JSONRPCError{Code: -32000, Data: data})
			return err
		},
		"FromMCPToolResult": func(data []byte) error {
			ae.FromMCPToolResult(&ae.MCPToolResult{IsError: true, StructuredContent: data})
			return nil
		},
		"ReadCLI": func(data []byte) error {
			line := append(append([]byte(`{"ok":false,"command":"x","error":`), data...), '}')
			_, _, err := ae.ReadCLI(line)
			return err
		},
	}
}

// contractTable compiles the contract into the interpreter's table, as `contractgen validate` does.
func contractTable(tb testing.TB) ([]cgruntime.Node, int32) {
	tb.Helper()
	set, err := load.Files([]string{contractPath})
	if err != nil {
		tb.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "validate", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		tb.Fatal(err)
	}
	table := lower.Lower(pkg)
	return cgruntime.Compile(table.Nodes), table.Of(pkg.Roots[0].Schema)
}

// BenchmarkHostile runs every reader on every hostile shape; divide each by Hostile/<shape>/Any.
//
//	go test ./internal/benchtest -run '^$' -bench Hostile -benchmem -benchtime 3x -count 3
func BenchmarkHostile(b *testing.B) {
	readers := hostileReaders(b)
	for shape, data := range hostileShapes() {
		for name, read := range readers {
			b.Run(shape+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					_ = read(data)
				}
			})
		}
	}
}

// hostileAllocLimit is how many times the bytes json.Unmarshal into any allocates that a reader may
// allocate on a hostile body. Reading into typed values and keeping members in order costs a little
// more than a map; the 10^6-digit number cost 2.1 GB, a thousand times more, before the fix.
const hostileAllocLimit = 4

// TestHostileReadersAllocateLikeUnmarshal bounds every reader's memory on every hostile shape by the
// bytes json.Unmarshal into any allocates for the same body. Bytes allocated are counted, not timed,
// so the test does not depend on the machine's load; BenchmarkHostile gives the times.
func TestHostileReadersAllocateLikeUnmarshal(t *testing.T) {
	if testing.Short() {
		t.Skip("reads about 30 MB of hostile bodies")
	}
	readers := hostileReaders(t)
	for shape, data := range hostileShapes() {
		base := allocatedBy(func() { _ = readers["Any"](data) })
		for name, read := range readers {
			got := allocatedBy(func() { _ = read(data) })
			t.Logf("%s/%s: %d bytes (%.2f× Any)", shape, name, got, float64(got)/float64(base))
			if got > hostileAllocLimit*base+1<<20 {
				t.Errorf("%s/%s allocates %d bytes, more than %d× the %d bytes of json.Unmarshal into any",
					shape, name, got, hostileAllocLimit, base)
			}
		}
	}
}

// allocatedBy returns the bytes one call of f allocates.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
