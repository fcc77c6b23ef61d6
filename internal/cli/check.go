package cli

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/contractgen/contractgen/internal/gen/run"
	"github.com/contractgen/contractgen/internal/gen/write"
)

func newCheckCommand() *cobra.Command {
	var o genOptions
	var format string
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Regenerate in memory and report drift from the files on disk (exit 1 on drift)",
		Long: "check regenerates every target in memory and compares with the output directory: modified files\n" +
			"(with a unified diff), missing files, stale files that contractgen generated earlier but no longer\n" +
			"produces, and files in the way that contractgen did not generate. It writes nothing." +
			exitStatusHelp("clean: the files on disk are what generate would write",
				"drift (the report says which files and the command that fixes it), or a schema that\n"+
					"     cannot be read or is invalid (also for a target named with --targets)"),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "text" && format != "json" {
				return usage("--format must be text or json, not %q", format)
			}
			opts, out, err := o.resolve(cmd)
			if err != nil {
				return err
			}
			res, err := run.Run(opts)
			if err != nil {
				return err
			}
			printWarnings(cmd.ErrOrStderr(), res.Warnings)
			printSkipped(cmd.ErrOrStderr(), res.Skipped)
			state, err := write.Compare(out, res.Files, write.Options{Contract: opts.Package})
			if err != nil {
				return writeError(err)
			}
			if format == "json" {
				err = writeDriftJSON(cmd.OutOrStdout(), out, state)
			} else {
				err = writeDriftText(cmd.OutOrStdout(), out, state.Total, state, regenerateCommand(cmd))
				if err == nil && len(state.Missing) == state.Total {
					err = writeMissingHint(cmd, out)
				}
			}
			if err != nil {
				return err
			}
			if !state.Clean() {
				return &exitError{code: ExitFail}
			}
			return nil
		},
	}
	o.register(cmd)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

func writeDriftText(w io.Writer, out string, total int, s *write.State, fix string) error {
	if s.Clean() {
		_, err := fmt.Fprintf(w, "ok: %d generated files match %s\n", total, out)
		return err
	}
	for _, c := range s.Changed {
		p := joinOut(out, c.File.Path)
		if c.HashOnly {
			fmt.Fprintf(w, "modified: %s (only the source hash)\n", p)
			continue
		}
		fmt.Fprintf(w, "modified: %s\n", p)
		fmt.Fprint(w, driftDiff(p, c.Old, c.File.Bytes))
	}
	for _, f := range s.Missing {
		fmt.Fprintf(w, "missing: %s (would be generated)\n", joinOut(out, f.Path))
	}
	for _, p := range s.Stale {
		fmt.Fprintf(w, "stale: %s (generated earlier, no longer produced)\n", joinOut(out, p))
	}
	for _, p := range s.Foreign {
		fmt.Fprintf(w, "foreign: %s (lacks the generated-code header; generate would refuse to replace it)\n", joinOut(out, p))
	}
	for _, c := range s.Conflicts {
		fmt.Fprintf(w, "conflict: %s (generated for contract %s; generate would refuse to replace it)\n", joinOut(out, c.Path), c.Contract)
	}
	switch {
	case len(s.Foreign) > 0:
		fix = "move the foreign files away, then run " + fix
	case len(s.Conflicts) > 0:
		fix = "move the conflicting files away, then run " + fix
	default:
		fix = "run " + fix
	}
	_, err := fmt.Fprintf(w, "drift: %d modified, %d missing, %d stale, %d foreign; %s\n",
		len(s.Changed), len(s.Missing), len(s.Stale), len(s.Foreign)+len(s.Conflicts), fix)
	return err
}

// driftJSON is the machine-readable drift report.
type driftJSON struct {
	Clean    bool          `json:"clean"`
	Modified []driftChange `json:"modified"`
	Missing  []string      `json:"missing"`
	Stale    []string      `json:"stale"`
	Foreign  []string      `json:"foreign"`
}

type driftChange struct {
	Path string `json:"path"`
	// HashOnly is set when the content hash is all that differs.
	HashOnly bool   `json:"hash_only"`
	Diff     string `json:"diff"`
}

func writeDriftJSON(w io.Writer, out string, s *write.State) error {
	r := driftJSON{Clean: s.Clean(), Modified: []driftChange{}, Missing: []string{}, Stale: []string{}, Foreign: []string{}}
	for _, c := range s.Changed {
		p := joinOut(out, c.File.Path)
		r.Modified = append(r.Modified, driftChange{Path: p, HashOnly: c.HashOnly, Diff: driftDiff(p, c.Old, c.File.Bytes)})
	}
	for _, f := range s.Missing {
		r.Missing = append(r.Missing, joinOut(out, f.Path))
	}
	for _, p := range s.Stale {
		r.Stale = append(r.Stale, joinOut(out, p))
	}
	for _, p := range s.Foreign {
		r.Foreign = append(r.Foreign, joinOut(out, p))
	}
	for _, c := range s.Conflicts {
		r.Foreign = append(r.Foreign, joinOut(out, c.Path))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// regenerateCommand is the command that clears the drift check reports, as the user would type it.
// With GOPACKAGE set check stands in for a go:generate directive, so the fix is go generate (which
// runs the directive with its own flags); otherwise it is generate with the flags check was given.
func regenerateCommand(cmd *cobra.Command) string {
	if os.Getenv("GOPACKAGE") != "" {
		return "go generate ./..."
	}
	words := []string{"contractgen", "generate"}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name == "format" {
			return // check's own flag
		}
		value := f.Value.String()
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			value = strings.Join(sv.GetSlice(), ",")
		}
		words = append(words, "--"+f.Name, shellQuote(value))
	})
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but plain path characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:=@+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// writeMissingHint explains a report where every file is missing and GOPACKAGE is unset: the usual
// cause is running check in a go:generate directive's directory without what go generate sets,
// so check looked in the default output root for the default package.
func writeMissingHint(cmd *cobra.Command, out string) error {
	if os.Getenv("GOPACKAGE") != "" {
		return nil
	}
	pkg := "PACKAGE"
	if name, ok := packageHere(); ok {
		pkg = name
	}
	_, err := fmt.Fprintf(cmd.OutOrStdout(), "hint: nothing generate would write is in %s. Under go generate the output goes beside\n"+
		"the directive and the package is $GOPACKAGE; to check a directive's output, run check in its\n"+
		"directory as go generate would: GOPACKAGE=%s %s ...\n", out, pkg, cmd.CommandPath())
	return err
}

// packageHere returns the package name of the Go files in the current directory, if any.
func packageHere() (string, bool) {
	names, _ := filepath.Glob("*.go")
	for _, name := range names {
		if isTestFile(name) {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name, true
		}
	}
	return "", false
}
