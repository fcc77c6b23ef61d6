package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/run"
)

// Defaults for a run inside this repository.
const (
	DefaultSchema  = "docs/contracts/schemas/agent-error.schema.json"
	DefaultOut     = "generated"
	DefaultPackage = "agenterror"
)

// genOptions are the flags shared by generate and check.
type genOptions struct {
	config   string
	schemas  []string
	out      string
	goDir    string
	pkg      string
	rootType string
	targets  []string
	dialect  string
	refMap   []string
}

// configFile is the optional JSON configuration; flags override it.
type configFile struct {
	Schemas  []string `json:"schemas"`
	Out      string   `json:"out"`
	GoDir    string   `json:"go_dir"`
	Package  string   `json:"package"`
	RootType string   `json:"root_type"`
	Targets  []string `json:"targets"`
	Dialect  string   `json:"dialect"`
	RefMap   []string `json:"ref_map"`
}

func (o *genOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.config, "config", "", "JSON config file with schemas, out, go_dir, package, root_type, targets, dialect, ref_map (paths relative to it)")
	f.StringSliceVar(&o.schemas, "schema", nil, "schema file(s) (default "+DefaultSchema+")")
	f.StringVar(&o.out, "out", "", "output root (default "+DefaultOut+", or . under go generate)")
	f.StringVar(&o.goDir, "go-dir", "", "directory of the Go package under the output root (default the package name, or . under go generate)")
	f.StringVar(&o.pkg, "package", "", "Go package name (default $GOPACKAGE under go generate, else "+DefaultPackage+")")
	f.StringVar(&o.rootType, "root-type", "", "Go name of the root type (default from the schema's title)")
	f.StringSliceVar(&o.targets, "targets", nil, "targets to generate (default: all of "+fmt.Sprint(run.DefaultTargets())+")")
	f.StringVar(&o.dialect, "dialect", "", "dialect of schemas without $schema: draft4, draft6, draft7, draft2019-09, draft2020-12 (default)")
	f.StringArrayVar(&o.refMap, "ref-map", nil, "PREFIX=DIR: read remote references under URI PREFIX from files under DIR (repeatable; never the network)")
}

// resolve applies the config file and the defaults, returning the pipeline options and output root.
func (o *genOptions) resolve(cmd *cobra.Command) (run.Options, string, error) {
	var cfg configFile
	if o.config != "" {
		data, err := os.ReadFile(o.config)
		if err != nil {
			return run.Options{}, "", err
		}
		dec := json.NewDecoder(bytesReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cfg); err != nil {
			return run.Options{}, "", fmt.Errorf("%s: %w", o.config, err)
		}
		base := filepath.Dir(o.config)
		for i, s := range cfg.Schemas {
			cfg.Schemas[i] = filepath.Join(base, s)
		}
		if cfg.Out != "" {
			cfg.Out = filepath.Join(base, cfg.Out)
		}
		for i, m := range cfg.RefMap {
			if prefix, dir, ok := strings.Cut(m, "="); ok && !filepath.IsAbs(dir) {
				cfg.RefMap[i] = prefix + "=" + filepath.Join(base, dir)
			}
		}
	}
	flags := cmd.Flags()
	pick := func(flag, fromFlag, fromConfig, def string) string {
		if flags.Changed(flag) {
			return fromFlag
		}
		if fromConfig != "" {
			return fromConfig
		}
		return def
	}
	goPackage := os.Getenv("GOPACKAGE") // set by go generate
	defOut, defPkg := DefaultOut, DefaultPackage
	if goPackage != "" {
		defOut, defPkg = ".", goPackage
	}
	opts := run.Options{
		Package:  pick("package", o.pkg, cfg.Package, defPkg),
		RootType: pick("root-type", o.rootType, cfg.RootType, ""),
		Schemas:  o.schemas,
		Targets:  o.targets,
	}
	if !flags.Changed("schema") {
		opts.Schemas = cfg.Schemas
	}
	if len(opts.Schemas) == 0 {
		opts.Schemas = []string{DefaultSchema}
	}
	if !flags.Changed("targets") && len(cfg.Targets) > 0 {
		opts.Targets = cfg.Targets
	}
	defGoDir := opts.Package
	if goPackage != "" {
		defGoDir = "."
	}
	opts.GoDir = pick("go-dir", o.goDir, cfg.GoDir, defGoDir)
	dialect, err := load.ParseDialect(pick("dialect", o.dialect, cfg.Dialect, ""))
	if err != nil {
		return run.Options{}, "", err
	}
	opts.Load.Dialect = dialect
	refMap := o.refMap
	if !flags.Changed("ref-map") {
		refMap = cfg.RefMap
	}
	for _, m := range refMap {
		rm, err := load.ParseRefMap(m)
		if err != nil {
			return run.Options{}, "", err
		}
		opts.Load.RefMap = append(opts.Load.RefMap, rm)
	}
	return opts, pick("out", o.out, cfg.Out, defOut), nil
}
