package errorcontract_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
	"github.com/contractgen/contractgen/internal/gen/schemacheck/schemachecktest"
	"github.com/contractgen/contractgen/internal/tools/tablegen"
)

const repo = "../../../.."

// TestVocabularyTableIsCurrent fails while vocabulary_table.go is not what go generate writes for
// vocabulary.schema.json today.
func TestVocabularyTableIsCurrent(t *testing.T) {
	want, err := tablegen.Source(tablegen.Options{Schema: "vocabulary.schema.json", Package: "errorcontract", Var: "vocabularyNodes"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("vocabulary_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("vocabulary_table.go is stale: run go generate ./internal/gen/profile/errorcontract")
	}
}

// TestVocabularySchemaIsValid holds vocabulary.schema.json to the official metaschema and to
// contractgen's.
func TestVocabularySchemaIsValid(t *testing.T) {
	data := readFile(t, "vocabulary.schema.json")
	if f, err := schemachecktest.Reference(schemachecktest.ReferenceMetaschema(), data); err != nil || len(f) > 0 {
		t.Errorf("reference metaschema: %v %v", f, err)
	}
	if f, msgs, err := schemachecktest.Ours(schemacheck.Metaschema(), data); err != nil || len(f) > 0 {
		t.Errorf("contractgen's metaschema: %v %v", msgs, err)
	}
}

var (
	referenceOnce sync.Once
	referenceVoc  *jsonschema.Schema
)

// reference is vocabulary.schema.json compiled by the reference validator, once.
func reference(t *testing.T) *jsonschema.Schema {
	referenceOnce.Do(func() { referenceVoc = schemachecktest.ReferenceSchema(t, "vocabulary.schema.json") })
	return referenceVoc
}

// agree fails the test when the vocabulary's table and the reference validator, compiling
// vocabulary.schema.json itself, disagree on a document; it returns the reference's verdict.
func agree(t *testing.T, name string, data []byte) (invalid bool) {
	t.Helper()
	ref := reference(t)
	if diff := schemachecktest.Compare(ref, errorcontract.Vocabulary, data, schemachecktest.IsMemberOf); diff != "" {
		t.Errorf("%s: %s", name, diff)
	}
	f, _ := schemachecktest.Reference(ref, data)
	return len(f) > 0
}

// TestVocabularyAgreesOnContracts compares the verdicts on every contract of the repository: the
// bundled one, the versions under testdata/contracts and the golden inputs with a catalog (one of
// them, fail-catalog-vocabulary, is invalid on purpose).
func TestVocabularyAgreesOnContracts(t *testing.T) {
	files := []string{filepath.Join(repo, "docs", "contracts", "schemas", "agent-error.schema.json")}
	for _, pattern := range []string{"testdata/contracts/*/*.schema.json", "testdata/golden/*/agent-error.schema.json"} {
		m, _ := filepath.Glob(filepath.Join(repo, pattern))
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d contracts", len(files))
	}
	invalid := 0
	for _, file := range files {
		if agree(t, file, readFile(t, file)) {
			invalid++
		}
	}
	if invalid == 0 {
		t.Error("no contract is invalid: fail-catalog-vocabulary should be")
	}
}

// mutations break the bundled contract's catalog and surface settings one way each: a wrong type,
// a value out of range, a missing or unknown member. Each maps a pointer to the raw JSON to put
// there ("" deletes the member). Some leave the contract valid (edge values), which must agree too.
var mutations = []map[string]string{
	{"/x-catalog": `5`}, {"/x-catalog": `[]`}, {"/x-catalog": `null`}, {"/x-surfaces": `"x"`},
	{"/x-catalog/kinds": ``}, {"/x-catalog/fallback": ``}, {"/x-catalog/extra": `{}`},
	{"/x-catalog/kinds": `[]`}, {"/x-catalog/kinds": `{}`},
	{"/x-catalog/kinds/Bad-Name": `{}`}, {"/x-catalog/kinds/1abc": `5`}, {"/x-catalog/kinds/": `{}`},
	{"/x-catalog/kinds/conflict": `5`}, {"/x-catalog/kinds/conflict": `{}`},
	{"/x-catalog/kinds/conflict/origin": ``}, {"/x-catalog/kinds/conflict/action": ``},
	{"/x-catalog/kinds/conflict/same_arguments": ``}, {"/x-catalog/kinds/conflict/side_effects": ``},
	{"/x-catalog/kinds/conflict/http_status": ``}, {"/x-catalog/kinds/conflict/retry_after": ``},
	{"/x-catalog/kinds/conflict/hint_relaxes": ``}, {"/x-catalog/kinds/conflict/guidance": ``},
	{"/x-catalog/kinds/conflict/htp_status": `409`},
	{"/x-catalog/kinds/conflict/origin": `5`}, {"/x-catalog/kinds/conflict/origin": `""`},
	{"/x-catalog/kinds/conflict/action": `null`}, {"/x-catalog/kinds/conflict/same_arguments": `""`},
	{"/x-catalog/kinds/conflict/side_effects": `[]`},
	{"/x-catalog/kinds/conflict/http_status": `99`}, {"/x-catalog/kinds/conflict/http_status": `600`},
	{"/x-catalog/kinds/conflict/http_status": `"500"`}, {"/x-catalog/kinds/conflict/http_status": `500.5`},
	{"/x-catalog/kinds/conflict/http_status": `599`}, {"/x-catalog/kinds/conflict/http_status": `100`},
	{"/x-catalog/kinds/conflict/http_status": `4e2`}, {"/x-catalog/kinds/conflict/http_status": `409.0`},
	{"/x-catalog/kinds/conflict/retry_after": `"false"`}, {"/x-catalog/kinds/conflict/hint_relaxes": `1`},
	{"/x-catalog/kinds/conflict/guidance": `""`}, {"/x-catalog/kinds/conflict/guidance": `5`},
	{"/x-catalog/kinds/conflict/jsonrpc_code": `1.5`}, {"/x-catalog/kinds/conflict/jsonrpc_code": `"x"`},
	{"/x-catalog/kinds/conflict/jsonrpc_code": `-32000`},
	{"/x-catalog/kinds/conflict/www_authenticate": `""`}, {"/x-catalog/kinds/conflict/www_authenticate": `5`},
	{"/x-catalog/kinds/conflict/www_authenticate": `"Bearer"`},
	{"/x-catalog/fallback": `true`}, {"/x-catalog/fallback/origin": ``}, {"/x-catalog/fallback/http_status": `0`},
	{"/x-catalog/fallback/extra": `1`, "/x-catalog/kinds/conflict/extra": `2`, "/x-surfaces/extra": `3`},
	{"/x-catalog/kinds/conflict/http_status": `1000`, "/x-surfaces/cli_exit_codes/runtime": `200`},
	{"/x-surfaces": `[]`}, {"/x-surfaces": `{}`}, {"/x-surfaces/extra": `{}`},
	{"/x-surfaces/mcp_meta_key": `""`}, {"/x-surfaces/mcp_meta_key": `5`}, {"/x-surfaces/www_authenticate": `""`},
	{"/x-surfaces/jsonrpc_codes": `[]`}, {"/x-surfaces/jsonrpc_codes/validation": `1.5`},
	{"/x-surfaces/jsonrpc_codes/validation": `"x"`}, {"/x-surfaces/jsonrpc_codes/new": `-1`},
	{"/x-surfaces/cli_exit_codes/validation": `0`}, {"/x-surfaces/cli_exit_codes/validation": `126`},
	{"/x-surfaces/cli_exit_codes/validation": `125`}, {"/x-surfaces/cli_exit_codes/validation": `1`},
	{"/x-surfaces/cli_exit_codes/validation": `"1"`}, {"/x-surfaces/cli_exit_codes/validation": `10.0`},
	{"/x-catalog": ``, "/x-surfaces": ``},
	// Members beside the vocabulary are the metaschema's business, not the vocabulary's.
	{"/x-other": `5`, "/properties": `5`},
}

// TestVocabularyAgreesOnBrokenCatalogs applies each mutation to the bundled contract and compares
// the verdicts and pointers.
func TestVocabularyAgreesOnBrokenCatalogs(t *testing.T) {
	contract := readFile(t, filepath.Join(repo, "docs", "contracts", "schemas", "agent-error.schema.json"))
	invalid := 0
	for _, m := range mutations {
		var doc map[string]any
		dec := json.NewDecoder(bytes.NewReader(contract))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		for ptr, raw := range m {
			mutate(t, doc, ptr, raw)
		}
		data, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if agree(t, mutationName(m), data) {
			invalid++
		}
	}
	if invalid < len(mutations)/2 {
		t.Errorf("only %d of %d mutations break the contract: the comparison proves little", invalid, len(mutations))
	}
}

// TestVocabularyNamesTheMemberName checks the wording of a violation of propertyNames: the
// pointer is the member's, and the message says that its name is at fault.
func TestVocabularyNamesTheMemberName(t *testing.T) {
	data := []byte(`{"x-catalog": {"kinds": {"Rate-Limited": {"origin": "a", "action": "b", "same_arguments": "c",
		"side_effects": "d", "http_status": 429, "retry_after": true, "hint_relaxes": false, "guidance": "g"}},
		"fallback": {"origin": "a", "action": "b", "same_arguments": "c", "side_effects": "d", "http_status": 500,
		"retry_after": true, "hint_relaxes": false, "guidance": "g"}}}`)
	_, msgs, err := schemachecktest.Ours(errorcontract.Vocabulary, data)
	if err != nil {
		t.Fatal(err)
	}
	want := `doc.json#/x-catalog/kinds/Rate-Limited (line 1, column 42): member name "Rate-Limited": does not match the pattern "^[a-z][a-z0-9_]*$"`
	if len(msgs) != 1 || msgs[0] != want {
		t.Fatalf("got %q\nwant %q", msgs, want)
	}
}

// mutate puts raw (JSON) at ptr in doc, creating nothing on the way: every parent must exist and
// be an object, else the mutation is a typo and the test fails. An empty raw deletes the member.
func mutate(t *testing.T, doc map[string]any, ptr, raw string) {
	t.Helper()
	tokens := strings.Split(ptr, "/")[1:]
	obj := doc
	for _, tok := range tokens[:len(tokens)-1] {
		next, ok := obj[tok].(map[string]any)
		if !ok {
			t.Fatalf("mutation %s: %s is not an object of the contract", ptr, tok)
		}
		obj = next
	}
	last := tokens[len(tokens)-1]
	if raw == "" {
		if _, ok := obj[last]; !ok {
			t.Fatalf("mutation %s deletes nothing", ptr)
		}
		delete(obj, last)
		return
	}
	obj[last] = json.RawMessage(raw)
}

func mutationName(m map[string]string) string {
	b, _ := json.Marshal(m)
	return string(b)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
