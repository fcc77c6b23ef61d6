package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/run"
	"github.com/contractgen/contractgen/internal/gen/write"
)

func newGenerateCommand() *cobra.Command {
	var o genOptions
	var quiet bool
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate every target from the schema (defaults: the bundled contract into generated/)",
		Long: "generate generates every target from the schema and writes only the files whose content changes\n" +
			"(atomically), removes files it generated earlier and no longer produces, and never replaces a file\n" +
			"without its generated-code header. When anything is wrong it writes nothing." +
			exitStatusHelp("generated (or already up to date)",
				"the schema cannot be read or is invalid (every problem is listed as file#/pointer: message),\n"+
					"     or a target named with --targets cannot follow it"),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
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
			written := time.Now()
			wopts := write.Options{Contract: opts.Package, Waiting: func() {
				fmt.Fprintf(cmd.ErrOrStderr(), "waiting for another contractgen run on %s to finish (it holds %s)\n", out, joinOut(out, ".contractgen.lock"))
			}}
			if wopts.GoGenerate, err = goGenerate(); err != nil {
				return err
			}
			report, err := write.Apply(out, res.Files, wopts)
			if err != nil {
				return writeError(err)
			}
			if os.Getenv("CONTRACTGEN_TIMINGS") != "" {
				// For measuring a cold process stage by stage (bench/run.sh does): one line on stderr.
				t := res.Timings
				fmt.Fprintf(cmd.ErrOrStderr(), "timings: load %.2f ms, build %.2f ms, emit %.2f ms, write %.2f ms\n",
					ms(t.Load), ms(t.Build), ms(t.Emit), ms(time.Since(written)))
			}
			if !quiet {
				for _, p := range report.Written {
					fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", joinOut(out, p))
				}
				for _, p := range report.Retired {
					fmt.Fprintf(cmd.OutOrStdout(), "retired %s (%s)\n", joinOut(out, p), retiredNote(p))
				}
				for _, p := range report.Removed {
					fmt.Fprintf(cmd.OutOrStdout(), "removed %s\n", joinOut(out, p))
				}
				if len(report.Written)+len(report.Retired)+len(report.Removed) == 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "%d files up to date\n", len(res.Files))
				}
			}
			return nil
		},
	}
	o.register(cmd)
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print nothing on success")
	return cmd
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

func joinOut(out, rel string) string {
	if out == "." || out == "" {
		return rel
	}
	return out + "/" + rel
}

// printWarnings prints the problems that did not stop a run, one "warning: " line each, grouped
// as errors are.
func printWarnings(w io.Writer, warnings diag.List) {
	if len(warnings) == 0 {
		return
	}
	for _, line := range warnings.Lines() {
		fmt.Fprintf(w, "warning: %s\n", line)
	}
}

// printSkipped prints one line for each default target that could not follow the schema.
func printSkipped(w io.Writer, skipped []run.Skipped) {
	for _, s := range skipped {
		fmt.Fprintf(w, "skipped target %s (not asked for with --targets): %s\n", s.Target, s.Reason)
	}
}
