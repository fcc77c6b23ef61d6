package internal_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// corePackages are the packages every schema goes through: the IR, the stages before the
// emitters, the emitters every target shares, and compat. They serve any schema, so they never
// name a profile's members or keywords; a profile reads its own (internal/gen/profile/...).
var corePackages = []string{
	"internal/gen/diag", "internal/gen/jsontree", "internal/gen/jsonpointer", "internal/gen/ir",
	"internal/gen/schemaref", "internal/gen/keywords", "internal/gen/load", "internal/gen/build",
	"internal/gen/lower", "internal/gen/profile", "internal/gen/emit", "internal/gen/emit/gosrc",
	"internal/gen/emit/gotypes", "internal/gen/emit/govalidate", "internal/gen/compat",
}

// nameSet is what a boundary check looks for: names as string literals and as identifiers.
type nameSet struct{ literals, idents []string }

// contractNames are the agent-error contract's member names and vocabulary as a core package
// would spell them: JSON names and keywords as string literals, Go names as identifiers.
var contractNames = nameSet{
	literals: []string{"contract_version", "kind", "origin", "recovery", "side_effects", "same_arguments",
		"retry_after_ms", "safety", "read_only_hint", "idempotent_hint", "x-catalog", "x-surfaces"},
	idents: []string{"ContractVersion", "Recovery", "SideEffects", "SameArguments", "RetryAfterMS",
		"AgentError", "Catalog", "Surfaces", "Constructors", "KindRow"},
}

// contractNamesIn lists where the Go files (tests aside) of the package in dir use one of names
// outside comments.
func contractNamesIn(t *testing.T, dir string, names nameSet) []string {
	t.Helper()
	return namesIn(t, dir, func(n ast.Node) []string {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if v, err := strconv.Unquote(n.Value); err == nil && slices.Contains(names.literals, v) {
					return []string{n.Value}
				}
			}
		case *ast.Ident:
			if slices.Contains(names.idents, n.Name) {
				return []string{n.Name}
			}
		}
		return nil
	})
}

// namesIn walks the Go files (tests aside) of the package in dir and lists, sorted and each with
// its position, what match finds at every node outside comments.
func namesIn(t *testing.T, dir string, match func(ast.Node) []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var found []string
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			for _, name := range match(n) {
				found = append(found, fset.Position(n.Pos()).String()+": "+name)
			}
			return true
		})
	}
	sort.Strings(found)
	return found
}

// TestCoreNamesNoProfileMember holds the profile boundary: the core packages serve every schema,
// so none of them spells a member or keyword of the agent-error contract.
func TestCoreNamesNoProfileMember(t *testing.T) {
	for _, pkg := range corePackages {
		for _, at := range contractNamesIn(t, filepath.Join("..", pkg), contractNames) {
			t.Errorf("%s names the agent-error contract; move what needs it into its profile (internal/gen/profile/errorcontract)", at)
		}
	}
}

// TestProfileBoundaryBites shows the check finds the contract's names where they belong, in the
// profile itself, so an empty result for the core means something.
func TestProfileBoundaryBites(t *testing.T) {
	found := strings.Join(contractNamesIn(t, filepath.Join("..", "internal/gen/profile/errorcontract"), contractNames), "\n")
	for _, want := range []string{`"x-catalog"`, `"side_effects"`, "Constructors"} {
		if !strings.Contains(found, want) {
			t.Errorf("the check does not find %s in the profile; found:\n%s", want, found)
		}
	}
}
