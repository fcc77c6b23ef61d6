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

// Exit statuses shared by all commands.
const (
	ExitOK    = 0
	ExitFail  = 1 // invalid input, drift, a breaking change, an invalid instance
	ExitError = 2 // the command could not do its work (usage, I/O)
)

// exitError carries an exit status with an error that has already been reported, or a message.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

// fail wraps err with exit status 1; silent errors (err == nil) only set the status.
func fail(err error) error { return &exitError{code: ExitFail, err: err} }

// NewRootCommand builds the command tree.
func NewRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "contractgen",
		Short: "Generate code, validators, OpenAPI and docs from a JSON Schema contract",
		Long: "contractgen reads a JSON Schema (draft 2020-12) contract and emits everything the code needs so that\n" +
			"no surface drifts from it. Run it without flags inside this repository to regenerate from the bundled contract.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       toolVersion(),
	}
	root.SetVersionTemplate("contractgen {{.Version}}\n")
	root.AddCommand(newGenerateCommand(), newCheckCommand(), newCompatCommand(), newValidateCommand(), newVersionCommand())
	return root
}

// Run executes the command line and returns the process exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	root := NewRootCommand()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "contractgen:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "contractgen:", err)
	return ExitError
}

// Main runs the command line of the current process.
func Main() int { return Run(os.Args[1:], os.Stdout, os.Stderr) }
