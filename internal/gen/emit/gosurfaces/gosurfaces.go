// Package gosurfaces emits the surface adapters of a contract with a kind catalog: an error as an
// HTTP response and back, as a JSON-RPC error object and back, as an MCP tool result (also wrapping
// a failed upstream result) and back, and as the CLI's JSON failure line with its exit status. The
// generated code uses the standard library only and carries the one canonical serialization.
//
// surfaces.go is written as text in gofmt's layout, without go/format: surfaces.go.txt holds the
// fixed text and gosrc.Expand fills in the names and the per-origin tables, whose columns are
// aligned with gosrc.PairLines. The tests check every output against go/format.
package gosurfaces

import (
	"bytes"
	_ "embed"
	"strconv"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

//go:embed surfaces.go.txt
var surfacesText string

// Emit returns surfaces.go, or nothing when the contract has no kind catalog. It relies on the
// names goconstruct.Emit declares (Info, LookupKind, Kind, the sanitizer) in the same package, and
// prints what the builder decided (ir.Constructors).
func Emit(pkg *ir.Package) ([]emit.File, error) {
	m := pkg.Constructors
	if m == nil {
		return nil, nil
	}
	var out bytes.Buffer
	out.Grow(len(surfacesText) + 1024)
	gosrc.Expand(&out, surfacesText, map[string]string{
		"Hash":            pkg.Hash,
		"Package":         pkg.Name,
		"Error":           m.Error,
		"Version":         m.Version,
		"Origin":          m.Origin,
		"mcpMetaKey":      strconv.Quote(m.MCPMetaKey),
		"retryAfterMS":    retryAfterMS(m),
		"setRetryAfterMS": setRetryAfterMS(m),
		"jsonrpcCodes":    codeTable(m.JSONRPCCodes),
		"cliExitCodes":    codeTable(m.CLIExitCodes),
	})
	return []emit.File{{Path: "surfaces.go", Bytes: out.Bytes()}}, nil
}

// retryAfterMS reads recovery.retry_after_ms into ms inside cgRetryAfterSeconds, from a json.Number
// or an int64 as the contract stores it.
func retryAfterMS(m *ir.Constructors) string {
	if m.RetryAfter == ir.GoNumber {
		return "\tms, err := strconv.ParseInt(string(*e.Recovery.RetryAfterMS), 10, 64)\n" +
			"\tif err != nil || ms < 0 {\n\t\treturn \"\", false\n\t}\n"
	}
	return "\tms := *e.Recovery.RetryAfterMS\n\tif ms < 0 {\n\t\treturn \"\", false\n\t}\n"
}

// setRetryAfterMS stores wait, in whole milliseconds rounded up, into recovery.retry_after_ms
// inside cgRetryAfterFromHeader, as a json.Number or an int64 as the contract stores it.
func setRetryAfterMS(m *ir.Constructors) string {
	ceil := "\tms := wait.Milliseconds()\n\tif wait%time.Millisecond != 0 {\n\t\tms++\n\t}\n"
	if m.RetryAfter == ir.GoNumber {
		return ceil + "\tn := json.Number(strconv.FormatInt(ms, 10))\n\te.Recovery.RetryAfterMS = &n\n"
	}
	return ceil + "\te.Recovery.RetryAfterMS = &ms\n"
}

// codeTable writes what goes between the braces of a per-origin map literal: a line per entry,
// values aligned as gofmt aligns them, or nothing, since gofmt writes an empty literal as "{}".
func codeTable(codes []ir.OriginCode) string {
	if len(codes) == 0 {
		return ""
	}
	rows := make([][]gosrc.Pair, len(codes))
	for i, c := range codes {
		rows[i] = []gosrc.Pair{{Key: c.Origin, Value: strconv.Itoa(c.Code)}}
	}
	var b bytes.Buffer
	b.WriteByte('\n')
	for _, l := range gosrc.PairLines(1, rows) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
