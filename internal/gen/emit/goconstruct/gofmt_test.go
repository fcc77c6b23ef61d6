package goconstruct_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/goconstruct"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gosurfaces"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"github.com/contractgen/contractgen/internal/gen/run"
)

// contracts are the schemas with a kind catalog the repository holds: the bundled contract and the
// versions the compatibility tests pin.
var contracts = []string{
	contractSchema,
	"../../../../testdata/contracts/v1/agent-error.schema.json",
	"../../../../testdata/contracts/v1.1/agent-error.schema.json",
	"../../../../testdata/contracts/v2/agent-error.schema.json",
}

// emitted returns construct.go and surfaces.go for pkg, failing the test when either is missing.
func emitted(t *testing.T, pkg *ir.Package) []emit.File {
	t.Helper()
	var files []emit.File
	for _, e := range []func(*ir.Package) ([]emit.File, error){goconstruct.Emit, gosurfaces.Emit} {
		out, err := e(pkg)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, out...)
	}
	requireFiles(t, files)
	return files
}

func requireFiles(t *testing.T, files []emit.File) {
	t.Helper()
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
	}
	if !slices.Contains(names, "construct.go") || !slices.Contains(names, "surfaces.go") {
		t.Fatalf("files %v lack construct.go or surfaces.go", names)
	}
}

// requireGofmt fails unless construct.go and surfaces.go are exactly what go/format makes of them:
// the emitters write them as text without go/format, so this is what keeps them honest.
func requireGofmt(t *testing.T, files []emit.File) {
	t.Helper()
	for _, f := range files {
		if f.Path == "construct.go" || f.Path == "surfaces.go" {
			if err := gosrc.FormatError(f.Path, f.Bytes); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestContractsAreGofmt checks the constructors and surfaces of every contract we have.
func TestContractsAreGofmt(t *testing.T) {
	for _, schema := range contracts {
		t.Run(filepath.Base(filepath.Dir(schema)), func(t *testing.T) {
			requireGofmt(t, emitted(t, buildIR(t, schema)))
		})
	}
}

// TestGoldenCasesAreGofmt checks construct.go and surfaces.go of every golden case that generates
// them (a case whose schema has a catalog and passes the lint).
func TestGoldenCasesAreGofmt(t *testing.T) {
	const goldenDir = "../../../../testdata/golden"
	cases, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	defer func() { t.Logf("%d golden cases generate constructors and surfaces", checked) }()
	for _, c := range cases {
		dir := filepath.Join(goldenDir, c.Name())
		opts, ok := goldenOptions(t, dir)
		if !ok {
			continue
		}
		res, err := run.Run(opts)
		if err != nil {
			continue // an error case: TestGolden compares its message
		}
		var files []emit.File
		for _, f := range res.Files {
			if f.Path == "construct.go" || f.Path == "surfaces.go" {
				files = append(files, f)
			}
		}
		if len(files) > 0 {
			checked++
			t.Run(c.Name(), func(t *testing.T) {
				requireFiles(t, files)
				requireGofmt(t, files)
			})
		}
	}
}

// goldenOptions reads a golden case's run options the way TestGolden does (options.json, or every
// *.schema.json of the case), with the schema paths made relative to this package.
func goldenOptions(t *testing.T, dir string) (run.Options, bool) {
	t.Helper()
	var o struct {
		Package  string   `json:"package"`
		RootType string   `json:"root_type"`
		Schemas  []string `json:"schemas"`
	}
	o.Package = "golden"
	if data, err := os.ReadFile(filepath.Join(dir, "options.json")); err == nil {
		if err := json.Unmarshal(data, &o); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
	}
	if len(o.Schemas) == 0 {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.schema.json"))
		slices.Sort(matches)
		for _, m := range matches {
			o.Schemas = append(o.Schemas, filepath.Base(m))
		}
	}
	for i, s := range o.Schemas {
		o.Schemas[i] = filepath.Join(dir, s)
	}
	return run.Options{Schemas: o.Schemas, Package: o.Package, RootType: o.RootType, Targets: []string{"go"}, GoDir: "."}, len(o.Schemas) > 0
}

// TestContractVariantsAreGofmt changes what the builder decided for the contract (errorcontract.Constructors)
// in the ways that change the layout of the emitted text beyond what the contracts above exercise:
// no x-surfaces, an int64 retry hint, no cause, evidence or safety-hint rule, a required parameter,
// names long enough for gofmt to break an aligned column, and guidance with paragraphs, headings,
// lists and link definitions, which gofmt rewrites in doc comments.
func TestContractVariantsAreGofmt(t *testing.T) {
	long := strings.Repeat("Long", 12)
	variants := map[string]func(*errorcontract.Constructors){
		"no surfaces": func(c *errorcontract.Constructors) { c.MCPMetaKey, c.JSONRPCCodes, c.CLIExitCodes = "", nil, nil },
		"no kinds":    func(c *errorcontract.Constructors) { c.Kinds = nil },
		"int64 retry hint": func(c *errorcontract.Constructors) {
			c.RetryAfter = ir.TypeInt64
		},
		"no cause, evidence or safety rule": func(c *errorcontract.Constructors) {
			c.Options = slices.DeleteFunc(c.Options, func(o errorcontract.Option) bool { return o.JSON == "cause" || o.JSON == "evidence" })
			c.CauseField, c.Safety, c.Conditional = "", nil, ""
			c.Fallback.HintRelaxes = false
			for i := range c.Kinds {
				c.Kinds[i].HintRelaxes = false
			}
		},
		"required parameters with long names": func(c *errorcontract.Constructors) {
			c.Options = slices.DeleteFunc(c.Options, func(o errorcontract.Option) bool { return o.JSON == "tool" || o.JSON == "service" })
			c.Params = append(c.Params, errorcontract.Param{Field: "Tool", Var: "tool", JSON: "tool"},
				errorcontract.Param{Field: "Service" + long, Var: "service" + long, JSON: "service"})
		},
		"const members with long names": func(c *errorcontract.Constructors) {
			c.Consts = append(c.Consts, errorcontract.ConstMember{Field: "OK", Value: "false"}, errorcontract.ConstMember{Field: "Schema" + long, Value: `"agent-error"`})
		},
		"long origin names": func(c *errorcontract.Constructors) {
			for i := range c.Kinds {
				if i%3 == 1 {
					c.Kinds[i].Origin += long
				}
			}
			for i := range c.JSONRPCCodes {
				if i%3 == 1 {
					c.JSONRPCCodes[i].Origin += long
					c.CLIExitCodes[i].Origin += long
				}
			}
		},
		"guidance gofmt rewrites": func(c *errorcontract.Constructors) {
			k := c.Kinds
			k[0].Guidance = "First paragraph.\n\nOld Style Heading\n\nThird paragraph,\n\n\n\nafter blank lines."
			k[1].Guidance = "See [Go].\n\n[Go]: https://go.dev"
			k[2].Guidance = "A list follows:\n\n- one\n- two\n\n# Heading\n\nThe end."
			k[3].Guidance = strings.Repeat("word ", 30) + "\n\n#notaheading [x]: not a link"
		},
	}
	for name, mutate := range variants {
		t.Run(name, func(t *testing.T) {
			pkg := buildIR(t, contractSchema)
			mutate(errorcontract.Of(pkg).Constructors)
			requireGofmt(t, emitted(t, pkg))
		})
	}
}
