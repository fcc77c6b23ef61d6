package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/run"
	"github.com/contractgen/contractgen/internal/gen/write"
)

// Defaults for a run inside this repository.
const (
	DefaultSchema  = "docs/contracts/schemas/agent-error.schema.json"
	DefaultOut     = "generated"
	DefaultPackage = "agenterror"
)

// genOptions are the flags shared by generate and check.
type genOptions struct {
	config    string
	schemas   []string
	out       string
	goDir     string
	pkg       string
	rootType  string
	targets   []string
	runtime   string
	formats   string
	goFormats string
	tags      []string
	loaderFlags
}

// loaderFlags are the loader's settings on the command line, spelled the same by every command
// that reads schemas (run.LoadOptions reads them).
type loaderFlags struct {
	refRoot string
	dialect string
	refMap  []string
	strict  bool
}

// register defines the flags; refRootDefault says, for the help text, where references may read
// when --ref-root is not given.
func (l *loaderFlags) register(f *pflag.FlagSet, refRootDefault string) {
	f.StringVar(&l.refRoot, "ref-root", "", "directory a $ref may read schema files under (default: "+refRootDefault+")")
	f.StringVar(&l.dialect, "dialect", "", "dialect of schemas without $schema: draft4, draft6, draft7, draft2019-09, draft2020-12 (default)")
	f.StringArrayVar(&l.refMap, "ref-map", nil, "PREFIX=DIR: read remote references under URI PREFIX from files under DIR (repeatable; never the network)")
	f.BoolVar(&l.strict, "strict", false, "refuse keywords no JSON Schema dialect defines (default: they are annotations, and a likely misspelling is a warning)")
}

// configFile is the optional JSON configuration; flags override it.
type configFile struct {
	Schemas  []string `json:"schemas"`
	Out      string   `json:"out"`
	GoDir    string   `json:"go_dir"`
	Package  string   `json:"package"`
	RootType string   `json:"root_type"`
	Targets  []string `json:"targets"`
	RefRoot  string   `json:"ref_root"`
	Dialect  string   `json:"dialect"`
	RefMap   []string `json:"ref_map"`
	Runtime  string   `json:"runtime"`
	Strict   bool     `json:"strict"`
	Formats  string   `json:"formats"`
	Tags     []string `json:"tags"`
	// CompatMode is compat's default --mode.
	CompatMode string `json:"compat_mode"`
	// GoFormats is --go-formats.
	GoFormats string `json:"go_formats"`
	// GoTypes maps formats and $ref targets to Go types of the user's.
	GoTypes *goTypesConfig `json:"go_types"`
}

// goTypesConfig is the config file's go_types: the Go type of every string schema with a format,
// and of every schema that refers to a definition ("file.json#/$defs/Name").
type goTypesConfig struct {
	Formats map[string]run.GoTypeName `json:"formats"`
	Refs    map[string]run.GoTypeName `json:"refs"`
}

func (o *genOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.config, "config", "", "JSON config file with schemas, out, go_dir, package, root_type, targets, ref_root, dialect, ref_map, runtime, strict, formats, go_formats, go_types, tags, compat_mode (paths relative to it)")
	f.StringSliceVar(&o.schemas, "schema", nil, "schema file(s) (default "+DefaultSchema+")")
	f.StringVar(&o.out, "out", "", "output root (default "+DefaultOut+", or . under go generate)")
	f.StringVar(&o.goDir, "go-dir", "", "directory of the Go package under the output root (default the package name, or . under go generate)")
	f.StringVar(&o.pkg, "package", "", "Go package name (default $GOPACKAGE under go generate, else --out's base name when given, else the schema's file name; "+DefaultPackage+" for the bundled contract)")
	f.StringVar(&o.rootType, "root-type", "", "Go name of the root type (default from the schema's title)")
	f.StringSliceVar(&o.targets, "targets", nil, "targets to generate (default: all of "+fmt.Sprint(run.DefaultTargets())+")")
	o.loaderFlags.register(f, "the directories of the given schemas")
	registerFormats(f, &o.formats)
	f.StringVar(&o.goFormats, "go-formats", "", "Go type of date-time, date, time, duration, uuid, uri, ipv4, ipv6 and email strings: string (the default) or typed (the runtime's string types, which keep the text exactly and parse it on demand)")
	f.StringSliceVar(&o.tags, "tags", nil, `struct tag keys every member gets beside json, naming it as json does (for example yaml: yaml:"name,omitempty")`)
	f.StringVar(&o.runtime, "runtime", "", "how the Go package gets its runtime: import (the module "+emit.RuntimeImportPath+", default) or inline (a copy in the package: standard library imports only)")
}

// resolve applies the config file and the defaults, returning the pipeline options and output root.
func (o *genOptions) resolve(cmd *cobra.Command) (run.Options, string, error) {
	var cfg configFile
	if o.config != "" {
		data, err := os.ReadFile(o.config)
		if err != nil {
			return run.Options{}, "", usage("--config: %v", err)
		}
		dec := json.NewDecoder(bytesReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cfg); err != nil {
			return run.Options{}, "", usage("%s: %s", o.config, configErrorText(err))
		}
		base := filepath.Dir(o.config)
		for i, s := range cfg.Schemas {
			cfg.Schemas[i] = filepath.Join(base, s)
		}
		if cfg.Out != "" {
			cfg.Out = filepath.Join(base, cfg.Out)
		}
		if cfg.RefRoot != "" {
			cfg.RefRoot = filepath.Join(base, cfg.RefRoot)
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
	defOut := DefaultOut
	if goPackage != "" {
		defOut = "."
	}
	out := pick("out", o.out, cfg.Out, defOut)
	schemas := o.schemas
	if !flags.Changed("schema") {
		schemas = cfg.Schemas
	}
	// The bundled contract's package name applies to the bundled contract alone: a schema of the
	// user's names its package by go generate's package, the output directory the user chose,
	// or its own file name, in that order.
	defPkg := DefaultPackage
	switch {
	case goPackage != "":
		defPkg = goPackage
	case len(schemas) == 0:
		// the bundled contract's
	case flags.Changed("out") || cfg.Out != "":
		defPkg = packageNameOf(filepath.Base(absOr(out)), "")
	case len(schemas) > 0:
		defPkg = packageNameOf(filepath.Base(schemas[0]), filepath.Ext(schemas[0]))
	}
	opts := run.Options{
		Package:  pick("package", o.pkg, cfg.Package, defPkg),
		RootType: pick("root-type", o.rootType, cfg.RootType, ""),
		Schemas:  schemas,
		Targets:  o.targets,
	}
	switch rt := pick("runtime", o.runtime, cfg.Runtime, "import"); rt {
	case "import":
	case "inline":
		opts.InlineRuntime = true
	default:
		return run.Options{}, "", usage("--runtime %q: give import (the runtime module, the default) or inline (a copy in the package)", rt)
	}
	assert, err := formatsMode(pick("formats", o.formats, cfg.Formats, "annotate"))
	if err != nil {
		return run.Options{}, "", err
	}
	opts.AssertFormats = assert
	switch gf := pick("go-formats", o.goFormats, cfg.GoFormats, "string"); gf {
	case "string":
	case "typed":
		opts.TypedFormats = true
	default:
		return run.Options{}, "", usage("--go-formats %q: give string (the default) or typed", gf)
	}
	if cfg.GoTypes != nil {
		m, err := cfg.GoTypes.resolve(o.config)
		if err != nil {
			return run.Options{}, "", err
		}
		opts.GoTypes = m
	}
	opts.Tags = o.tags
	if !flags.Changed("tags") {
		opts.Tags = cfg.Tags
	}
	for _, t := range opts.Tags {
		if !run.ValidTagKey(t) {
			return run.Options{}, "", usage("--tags %q: give struct tag keys other than json (letters, digits, _ - . only), such as yaml", t)
		}
	}
	if !token.IsIdentifier(opts.Package) {
		if opts.Package == defPkg && !flags.Changed("package") && cfg.Package == "" {
			return run.Options{}, "", usage("no Go package name follows from the output directory or the schema's file name (%q); name one with --package", opts.Package)
		}
		return run.Options{}, "", usage("--package %q is not a valid Go package name: give a Go identifier, such as %s", opts.Package, DefaultPackage)
	}
	if len(opts.Schemas) == 0 {
		def, err := defaultSchema("--schema (or schemas in a --config file)")
		if err != nil {
			return run.Options{}, "", err
		}
		opts.Schemas = []string{def}
	}
	if !flags.Changed("targets") && len(cfg.Targets) > 0 {
		opts.Targets = cfg.Targets
	}
	defGoDir := opts.Package
	if goPackage != "" {
		defGoDir = "."
	}
	opts.GoDir = pick("go-dir", o.goDir, cfg.GoDir, defGoDir)
	refMap := o.refMap
	if !flags.Changed("ref-map") {
		refMap = cfg.RefMap
	}
	lopts, err := run.LoadOptions(pick("dialect", o.dialect, cfg.Dialect, ""), refMap, pick("ref-root", o.refRoot, cfg.RefRoot, ""))
	if err != nil {
		return run.Options{}, "", usage("%v", err)
	}
	opts.Load = lopts
	opts.Strict = cfg.Strict
	if flags.Changed("strict") {
		opts.Strict = o.strict
	}
	opts.ModuleDir = filepath.Join(out, opts.GoDir)
	return opts, out, nil
}

// packageNameOf makes a Go package name of a file or directory name: without its extension ext and
// a ".schema" suffix, lower case, letters and digits only (github-workflow.json → githubworkflow,
// dependabot-2.0.json → dependabot20). A Go keyword keeps the extension (package.json →
// packagejson); a name that starts with a digit gets a "schema" prefix. It returns "" when no
// letter or digit is left.
func packageNameOf(name, ext string) string {
	stem := strings.TrimSuffix(strings.TrimSuffix(name, ext), ".schema")
	var b strings.Builder
	for _, r := range strings.ToLower(stem) {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	pkg := b.String()
	switch {
	case pkg == "":
		return ""
	case token.IsKeyword(pkg) || pkg == "main":
		pkg += strings.ToLower(strings.TrimPrefix(ext, "."))
		if token.IsKeyword(pkg) || pkg == "main" {
			pkg += "schema"
		}
	case unicode.IsDigit(rune(pkg[0])):
		pkg = "schema" + pkg
	}
	return pkg
}

// absOr returns the absolute form of dir (so that "." names the directory it stands for), or dir
// itself when that fails.
func absOr(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// registerFormats defines --formats, shared by generate, check and validate.
func registerFormats(f *pflag.FlagSet, v *string) {
	f.StringVar(v, "formats", "", `"format": annotate (the default: an annotation, as 2019-09 and 2020-12 say) or assert (check `+
		strings.Join(cgruntime.AssertedFormats, ", ")+`; hostname and the idn- formats are refused)`)
}

// formatsMode reads --formats.
func formatsMode(v string) (bool, error) {
	switch v {
	case "", "annotate":
		return false, nil
	case "assert":
		return true, nil
	}
	return false, usage("--formats %q: give annotate (the default) or assert", v)
}

// defaultSchema returns DefaultSchema when it exists here, or a usage error that says the path was
// the default and names what sets the schema instead (how).
func defaultSchema(how string) (string, error) {
	if _, err := os.Stat(DefaultSchema); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return DefaultSchema, nil
	}
	return "", usage("no schema given, and the default %s (contractgen's bundled contract, present only in its own\n"+
		"repository) is not in this directory: name your schema with %s", DefaultSchema, how)
}

// configKeys are the keys a --config file may hold, read from configFile's tags so that a new
// field is known at once.
func configKeys() []string {
	t := reflect.TypeFor[configFile]()
	keys := make([]string, t.NumField())
	for i := range keys {
		keys[i], _, _ = strings.Cut(t.Field(i).Tag.Get("json"), ",")
	}
	return keys
}

// unknownField matches encoding/json's complaint about a key the struct lacks.
var unknownField = regexp.MustCompile(`^json: unknown field "(.*)"$`)

// configErrorText rewords a config decoding error: an unknown key names the nearest valid one and
// lists them all.
func configErrorText(err error) string {
	m := unknownField.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	keys := configKeys()
	msg := fmt.Sprintf("unknown key %q", m[1])
	if near := nearest(m[1], keys); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	return msg + "; the keys are " + strings.Join(keys, ", ")
}

// writeError words the writer's refusal of an output path that is not a directory as a usage
// error naming the flags that choose it; other errors pass unchanged.
func writeError(err error) error {
	var nd *write.NotDirError
	if !errors.As(err, &nd) {
		return err
	}
	if nd.Root {
		return usage("--out %s is a file, not a directory: name a directory for the output (it is created when missing)", nd.Path)
	}
	return usage("%s is a file, but generated files go in a directory of that name: move it away, or choose another --out or --go-dir", nd.Path)
}

// resolve checks the config's Go type names and turns them into the run's mapping.
func (c *goTypesConfig) resolve(config string) (run.GoTypeMap, error) {
	m, err := run.GoTypes(c.Formats, c.Refs)
	if err != nil {
		return run.GoTypeMap{}, usage("%s: %v", config, err)
	}
	return m, nil
}
