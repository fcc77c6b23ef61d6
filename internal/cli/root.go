// Package cli is contractgen's command line: a thin cobra layer over the generator packages. Each
// command lives in its own file, takes an options struct, and writes only through the command's
// output streams, so tests run commands in-process.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
)

// NewRootCommand builds the command tree.
func NewRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "contractgen",
		Short: "Generate code, validators, OpenAPI and docs from a JSON Schema contract",
		Long: "contractgen reads a JSON Schema (draft 2020-12) contract and emits everything the code needs so that\n" +
			"no surface drifts from it. Inside contractgen's repository, 'contractgen generate' (no flags needed)\n" +
			"regenerates generated/ from the bundled contract; elsewhere name your schema with --schema." +
			exitStatusHelp("success", "the input has problems: a schema that cannot be read or is invalid, drift\n"+
				"     (check), a breaking change without a contract_version bump (compat), an invalid\n"+
				"     instance (validate)"),
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       toolVersion(),
	}
	root.SetVersionTemplate("contractgen {{.Version}}\n")
	root.AddCommand(newGenerateCommand(), newCheckCommand(), newCompatCommand(), newValidateCommand(), newVersionCommand())
	root.SetFlagErrorFunc(flagError) // inherited by every command
	return root
}

// Run executes the command line and returns the process exit status. Errors go to stderr; with
// --format json they also go to stdout as a JSON document, where the command's report would be.
func Run(args []string, stdout, stderr io.Writer) int {
	root := NewRootCommand()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteC()
	if err == nil {
		return ExitOK
	}
	code := exitCode(err)
	var ee *exitError
	if errors.As(err, &ee) && ee.err == nil {
		return code // reported already
	}
	fmt.Fprintln(stderr, "contractgen:", err)
	if wantsJSON(cmd) {
		if werr := writeErrorJSON(stdout, err, code); werr != nil {
			fmt.Fprintln(stderr, "contractgen:", werr)
		}
	}
	return code
}

// Main runs the command line of the current process.
func Main() int { return Run(os.Args[1:], os.Stdout, os.Stderr) }
