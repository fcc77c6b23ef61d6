package run

import (
	"fmt"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ecmaregexp"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// MaxInstanceSize bounds each instance file contractgen validate reads, as the loader bounds schema
// files.
const MaxInstanceSize = load.MaxFileSize

// Violation is one way an instance fails its schema: the instance's JSON pointer, the schema
// keyword's pointer (through $ref) and a message. It is the generated packages' own type.
type Violation = cgruntime.Violation

// LoadOptions reads the loader's settings as the command line and the config file spell them:
// the dialect of schemas without "$schema" ("" for 2020-12), remote prefixes mapped to local
// directories ("PREFIX=DIR") and the directory references may read under ("" for the schemas'
// own). generate, check and validate all read them here, so they cannot disagree.
func LoadOptions(dialect string, refMap []string, refRoot string) (load.Options, error) {
	d, err := load.ParseDialect(dialect)
	if err != nil {
		return load.Options{}, err
	}
	opts := load.Options{Dialect: d, RefRoot: refRoot}
	for _, m := range refMap {
		rm, err := load.ParseRefMap(m)
		if err != nil {
			return load.Options{}, err
		}
		opts.RefMap = append(opts.RefMap, rm)
	}
	return opts, nil
}

// Validator checks JSON instances against a schema with the semantics of the generated Parse:
// the interpreter generated packages carry runs over the table the Go target would print, so
// contractgen validate and the generated code cannot disagree.
type Validator struct {
	nodes []cgruntime.Node
	root  int32
	// Warnings are the schema's problems that did not stop it from being compiled, as generate
	// reports them.
	Warnings diag.List
}

// NewValidator loads and builds the schema (opts.Schemas holds exactly one; opts.Load applies;
// the targets and Go settings do not) and compiles its validation table. Errors are those of
// generate: every problem with its file and pointer.
func NewValidator(opts Options) (*Validator, error) {
	if len(opts.Schemas) != 1 {
		return nil, fmt.Errorf("validate takes one schema, not %d", len(opts.Schemas))
	}
	opts.tableOnly = true
	var warnings diag.List
	pkg, _, err := loadAndBuild(opts, &warnings)
	if err != nil {
		return nil, err
	}
	table := lower.Lower(pkg)
	return &Validator{nodes: cgruntime.CompileWith(table.Nodes, ecmaregexp.Compile), root: table.Of(pkg.Roots[0].Schema), Warnings: warnings.Sorted()}, nil
}

// Validate checks one JSON document. It returns an error only when data is not JSON; a member
// name that occurs twice in one object is a violation.
func (v *Validator) Validate(data []byte) ([]Violation, error) {
	return cgruntime.ValidateJSON(v.nodes, v.root, data)
}

// InstanceJSON returns an instance file's content as JSON: YAML (.yaml, .yml) is converted as the
// loader converts YAML schemas, anything else is returned as it is.
func InstanceJSON(name string, data []byte) ([]byte, error) { return load.InstanceJSON(name, data) }
