package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/contractgen/contractgen/internal/gen/compat"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract/compatrules"
	"github.com/contractgen/contractgen/internal/gen/run"
)

// compatOptions are the flags of contractgen compat.
type compatOptions struct {
	against, format, mode, config string
	loaderFlags
}

func newCompatCommand() *cobra.Command {
	var o compatOptions
	cmd := &cobra.Command{
		Use:   "compat --against <file | git-ref:path> [--mode backward|forward|full|contract] [schema]",
		Short: "Classify the changes between two schema versions (exit 1 when a change is breaking in the chosen mode)",
		Long: "compat compares an older version of a schema (--against) with the current one (the argument, default\n" +
			DefaultSchema + ") and decides, for every change, whether the set of valid instances grew, shrank,\n" +
			"both, or cannot be decided (counted as breaking). --mode says which direction must hold:\n" +
			"  backward  the new schema accepts every instance the old one accepted (readers upgrade first)\n" +
			"  forward   the old schema accepts every instance the new one accepts (writers upgrade first)\n" +
			"  full      both\n" +
			"  contract  the agent error contract's rules, where contract_version answers breaking changes\n" +
			"The default is contract for a schema with a contract_version member or an x-catalog, and backward\n" +
			"for any other schema, as in schema registries; compat_mode in a --config file sets it too.\n\n" +
			"--against takes a file, or ref:path to read the old version from git (git show ref:path, so the path\n" +
			"is relative to the repository root unless it starts with ./). An existing file wins over ref:path.\n" +
			"Files are read like generate reads them (YAML, --ref-map, --ref-root, --dialect), and references\n" +
			"into other files are compared by what they reach; an old version from git is one file.\n\n" +
			exitStatusHelp("compatible in the chosen mode (contract mode: no breaking change, or one with a\n"+
				"     contract_version bump)",
				"a breaking change, or a schema that cannot be compared (not JSON, not a schema)"),
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.against, "against", "", "the older schema: a file, or git-ref:path (for example main:docs/contracts/schemas/agent-error.schema.json)")
	f.StringVar(&o.format, "format", "text", "output format: text or json (described by internal/gen/compat/report.schema.json)")
	f.StringVar(&o.mode, "mode", "", "backward, forward, full or contract (default: contract for contract schemas, else backward)")
	f.StringVar(&o.config, "config", "", "JSON config file; compat reads compat_mode, ref_root, dialect and ref_map from it")
	o.loaderFlags.register(f, "the schemas' directories")
	return cmd
}

// run compares the two versions and prints the report.
func (o *compatOptions) run(cmd *cobra.Command, args []string) (err error) {
	if o.format != "text" && o.format != "json" {
		return usage("--format must be text or json, not %q", o.format)
	}
	if o.against == "" {
		return usage("--against is required: the older schema, as a file or git-ref:path")
	}
	var newPath string
	if len(args) == 1 {
		newPath = args[0]
	} else if newPath, err = defaultSchema("the schema argument"); err != nil {
		return err
	}
	settings, err := o.settings(cmd)
	if err != nil {
		return err
	}
	report, err := compareVersions(o.against, newPath, settings)
	if err != nil {
		return err
	}
	if o.format == "json" {
		err = report.WriteJSON(cmd.OutOrStdout())
	} else {
		err = report.WriteText(cmd.OutOrStdout())
	}
	if err != nil {
		return err
	}
	if report.NeedsNewVersion() {
		return &exitError{code: ExitFail}
	}
	return nil
}

// compatProfiles are the vocabularies compat reads, as run.Profiles are generate's: the
// agent-error contract's rules for x-catalog, x-surfaces and its version member.
var compatProfiles = []compat.Profile{compatrules.Profile{}}

// compatSettings are compat's resolved flags and config.
type compatSettings struct {
	opts   compat.Options
	reason string // why the mode, when it was chosen
	load   load.Options
	loader bool // a loader setting was given: always read files with the loader
}

// settings applies the config file under the flags.
func (o *compatOptions) settings(cmd *cobra.Command) (compatSettings, error) {
	var cfg configFile
	if o.config != "" {
		data, err := os.ReadFile(o.config)
		if err != nil {
			return compatSettings{}, usage("--config: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cfg); err != nil {
			return compatSettings{}, usage("%s: %s", o.config, configErrorText(err))
		}
		base := filepath.Dir(o.config)
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
	pick := func(flag, fromFlag, fromConfig string) string {
		if flags.Changed(flag) {
			return fromFlag
		}
		return fromConfig
	}
	var s compatSettings
	modeText := pick("mode", o.mode, cfg.CompatMode)
	mode, err := compat.ParseMode(modeText)
	if err != nil {
		return s, usage("--mode: %v", err)
	}
	s.opts.Mode = mode
	s.opts.Profiles = compatProfiles
	switch {
	case flags.Changed("mode"):
		s.reason = "chosen with --mode"
	case cfg.CompatMode != "":
		s.reason = "compat_mode in " + o.config
	}
	refMap := o.refMap
	if !flags.Changed("ref-map") {
		refMap = cfg.RefMap
	}
	dialect, refRoot := pick("dialect", o.dialect, cfg.Dialect), pick("ref-root", o.refRoot, cfg.RefRoot)
	if s.load, err = run.LoadOptions(dialect, refMap, refRoot); err != nil {
		return s, usage("%v", err)
	}
	s.opts.Dialect = s.load.Dialect
	s.loader = len(refMap) > 0 || refRoot != ""
	return s, nil
}

// compareVersions reads both documents and classifies the changes, naming both sources in errors
// because the classifier only knows them as "old" and "new". Two files are compared with the
// loader when a loader setting asks for it, when one is YAML, or when a reference leaves the file.
func compareVersions(against, newPath string, s compatSettings) (*compat.Report, error) {
	oldDoc, err := readAgainst(against)
	if err != nil {
		return nil, err
	}
	newDoc, err := os.ReadFile(newPath)
	if err != nil {
		return nil, fail(err)
	}
	report, err := compat.CompareWith(oldDoc, newDoc, s.opts)
	if s.loader || isYAML(against) || isYAML(newPath) || (err != nil && strings.Contains(err.Error(), "leaves the document")) {
		if _, statErr := os.Stat(against); statErr == nil {
			report, err = compat.CompareFiles(against, newPath, s.load, s.opts)
		}
	}
	if err != nil {
		return nil, fail(fmt.Errorf("comparing %s (old) with %s (new): %w", against, newPath, err))
	}
	if s.reason != "" {
		report.ModeReason = s.reason
	}
	return report, nil
}

// isYAML reports a YAML file name.
func isYAML(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".yaml" || ext == ".yml"
}

// readAgainst reads the older schema from a file, or from git when the argument is ref:path and
// no file of that name exists.
func readAgainst(spec string) ([]byte, error) {
	data, err := os.ReadFile(spec)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fail(err)
	}
	if err == nil {
		return data, nil
	}
	ref, path, ok := strings.Cut(spec, ":")
	if !ok || ref == "" || path == "" {
		return nil, fail(err)
	}
	return gitShow(ref, path)
}

// gitShow returns the content of path at ref, with git's own message on failure.
func gitShow(ref, path string) ([]byte, error) {
	var stderr bytes.Buffer
	c := exec.Command("git", "show", ref+":"+path)
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git show %s:%s: %s", ref, path, msg)
	}
	return out, nil
}
