package internal_test

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// goProfileEmitters print the profile's IR as Go. They write Go source as string literals, so
// what the core check (contractNamesIn) looks for in identifiers hides here inside literals:
// "e.Recovery.RetryAfterMS", "/recovery/retry_after_ms". They must take every member name from
// errorcontract.Constructors (Fields, JSON), so that a contract with other names gets the same code.
var goProfileEmitters = []string{"internal/gen/emit/goconstruct", "internal/gen/emit/gosurfaces"}

// generatedAPINames are names the generated package declares itself — the Kind type, KindInfo's
// fields and JSONRPCError.Message — which are also Go names of the bundled contract's members.
// Bare, they are the API's; after a receiver other than a KindInfo (row) or a JSONRPCError (j)
// they select a member of the error and must come from the profile.
var generatedAPINames = []string{"Kind", "Message", "Origin", "Action", "SameArguments", "SideEffects", "Guidance"}

// apiReceivers are the emitted variables that hold the generated API's own types.
var apiReceivers = []string{"row", "j"}

// bundledGoSpellings are the bundled contract's member names as the Go emitters would spell them,
// taken from the profile's defaults: the JSON names (kept only where they cannot be an English
// word: "retry_after_ms" yes, "kind" no) and their Go names.
func bundledGoSpellings() (json, goNames []string) {
	for _, name := range errorcontract.DefaultMembers().List() {
		if strings.ContainsAny(name, "_-") {
			json = append(json, name)
		}
		goNames = append(goNames, naming.GoName(name))
	}
	return json, goNames
}

// selectorChain is a run of dotted words in emitted text: e.Recovery.RetryAfterMS, row.Kind, kind.
var selectorChain = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*`)

// bundledNamesEmittedIn lists where the Go files (tests aside) of the package in dir spell a
// bundled member name inside a string literal: a JSON name with an underscore anywhere, a Go name
// that only a member has (ContractVersion, RetryAfterMS), or a Go name the generated API shares
// (Kind, Origin) selected from anything but a KindInfo or JSONRPCError.
func bundledNamesEmittedIn(t *testing.T, dir string) []string {
	t.Helper()
	json, goNames := bundledGoSpellings()
	return namesIn(t, dir, func(n ast.Node) []string {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return nil
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil {
			return nil
		}
		var found []string
		for _, chain := range selectorChain.FindAllString(text, -1) {
			parts := strings.Split(chain, ".")
			for i, part := range parts {
				shared := slices.Contains(generatedAPINames, part)
				selected := i > 0 && !slices.Contains(apiReceivers, parts[i-1])
				if slices.Contains(json, part) || slices.Contains(goNames, part) && (!shared || selected) {
					found = append(found, strconv.Quote(chain))
					break
				}
			}
		}
		return found
	})
}

// TestGoEmittersNameNoBundledMember holds the Go emitters to the profile: a member name of the
// bundled contract in the code they print would make a second contract's package fail to compile,
// or say the bundled contract's names (testdata/golden/profile-second-contract runs one).
func TestGoEmittersNameNoBundledMember(t *testing.T) {
	for _, pkg := range goProfileEmitters {
		for _, at := range bundledNamesEmittedIn(t, filepath.Join("..", pkg)) {
			t.Errorf("%s spells a member of the bundled contract; print the name from errorcontract.Constructors (Fields or JSON)", at)
		}
	}
}

// TestGoEmitterCheckBites feeds the check an emitter that spells bundled members the ways the Go
// emitters did before they read the profile, and the API names it must let pass, so that an empty
// result for the real emitters means something.
func TestGoEmitterCheckBites(t *testing.T) {
	dir := t.TempDir()
	src := `package emitter

func write(f file, m model) {
	f.Line("e.Recovery.RetryAfterMS = &n")
	f.Line("return v.Kind == t")
	f.Line(` + "`" + `violations = append(violations, Violation{InstanceLocation: "/recovery/retry_after_ms"})` + "`" + `)
	f.Comment("WithSideEffects overrides the catalog's side_effects.")
	f.Line("ContractVersion: " + m.Version)
	// What the generated API names itself passes: KindInfo's fields, the Kind type, option names.
	f.Line("row.Kind = kind")
	f.Line("Origin        " + m.Origin)
	f.Line("func LookupKind(kind Kind) (KindInfo, bool)")
	f.Line("func WithSameArguments(same " + m.SameArguments + ") Option")
	f.Line("return j.Message")
}
`
	if err := os.WriteFile(filepath.Join(dir, "emitter.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	found := bundledNamesEmittedIn(t, dir)
	for _, want := range []string{`"e.Recovery.RetryAfterMS"`, `"v.Kind"`, `"retry_after_ms"`, `"side_effects"`, `"ContractVersion"`} {
		if !slices.ContainsFunc(found, func(at string) bool { return strings.HasSuffix(at, ": "+want) }) {
			t.Errorf("the check misses %s; found:\n%s", want, strings.Join(found, "\n"))
		}
	}
	if len(found) != 5 {
		t.Errorf("the check finds %d names, want the 5 above and none of the API's:\n%s", len(found), strings.Join(found, "\n"))
	}
}
