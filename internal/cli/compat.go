package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/contractgen/contractgen/internal/gen/compat"
)

func newCompatCommand() *cobra.Command {
	var against, format string
	cmd := &cobra.Command{
		Use:   "compat --against <file | git-ref:path> [schema]",
		Short: "Classify the changes between two schema versions (exit 1 when a breaking change lacks a contract_version bump)",
		Long: "compat compares an older version of a schema (--against) with the current one (the argument, default\n" +
			DefaultSchema + ") and classifies every change as additive, breaking or annotation, with its\n" +
			"JSON pointer and rule name.\n\n" +
			"--against takes a file, or ref:path to read the old version from git (git show ref:path, so the path\n" +
			"is relative to the repository root unless it starts with ./). An existing file wins over ref:path.\n\n" +
			exitStatusHelp("compatible: no breaking change, or breaking changes with a contract_version bump",
				"a breaking change without a contract_version bump, or a schema that cannot be compared\n"+
					"     (not JSON, not an object)"),
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) (err error) {
			if format != "text" && format != "json" {
				return usage("--format must be text or json, not %q", format)
			}
			if against == "" {
				return usage("--against is required: the older schema, as a file or git-ref:path")
			}
			var newPath string
			if len(args) == 1 {
				newPath = args[0]
			} else if newPath, err = defaultSchema("the schema argument"); err != nil {
				return err
			}
			report, err := compareVersions(against, newPath)
			if err != nil {
				return err
			}
			if format == "json" {
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
		},
	}
	cmd.Flags().StringVar(&against, "against", "", "the older schema: a file, or git-ref:path (for example main:docs/contracts/schemas/agent-error.schema.json)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// compareVersions reads both documents and classifies the changes, naming both sources in errors
// because the classifier only knows them as "old" and "new".
func compareVersions(against, newPath string) (*compat.Report, error) {
	oldDoc, err := readAgainst(against)
	if err != nil {
		return nil, err
	}
	newDoc, err := os.ReadFile(newPath)
	if err != nil {
		return nil, fail(err)
	}
	report, err := compat.Compare(oldDoc, newDoc)
	if err != nil {
		return nil, fail(fmt.Errorf("comparing %s (old) with %s (new): %w", against, newPath, err))
	}
	return report, nil
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
