package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/run"
)

// Exit statuses shared by all commands; exitStatusHelp explains them in every command's help.
const (
	ExitOK    = 0
	ExitFail  = 1 // the input has problems: a schema that cannot be read or is invalid, drift, a breaking change, an invalid instance
	ExitError = 2 // the command could not run as asked: a usage error, a missing default, output it cannot write
)

// exitStatusHelp is the "Exit status:" section of a command's help; success says what 0 means.
func exitStatusHelp(success, problems string) string {
	return "\n\nExit status:\n" +
		"  0  " + success + "\n" +
		"  1  " + problems + "\n" +
		"  2  the command could not run as asked: a usage error (unknown command or flag, bad flag\n" +
		"     value, missing argument, no schema given and none at the default path), or output it\n" +
		"     cannot write (a file in the way, a directory it cannot create)"
}

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

func (e *exitError) Unwrap() error { return e.err }

// fail wraps err with exit status 1; silent errors (err == nil) only set the status.
func fail(err error) error { return &exitError{code: ExitFail, err: err} }

// usage wraps a message about how the command was called with exit status 2.
func usage(format string, args ...any) error {
	return &exitError{code: ExitError, err: fmt.Errorf(format, args...)}
}

// exitCode maps an error to the exit status: its own when it carries one, 1 for problems found in
// the input files (reported as diagnostics, or a target's refusal of the schema), 2 for everything else (usage errors from flag and
// argument parsing, I/O failures).
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var dl diag.List
	if errors.As(err, &dl) {
		return ExitFail
	}
	// A target asked for with --targets that cannot follow the schema: the schema is invalid for
	// that target, a problem of the input like any other.
	var te *run.TargetError
	if errors.As(err, &te) {
		return ExitFail
	}
	return ExitError
}

// errorJSON is the document --format json prints on stdout when a command fails, so that a program
// reading stdout learns why (the same text also goes to stderr).
type errorJSON struct {
	Error errorBody `json:"error"`
}

type errorBody struct {
	Message    string           `json:"message"`
	ExitStatus int              `json:"exit_status"`
	Diags      []diagnosticJSON `json:"diagnostics"`
}

type diagnosticJSON struct {
	File    string `json:"file"`
	Pointer string `json:"pointer"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// writeErrorJSON prints err as an errorJSON document, listing its diagnostics one by one.
func writeErrorJSON(w io.Writer, err error, code int) error {
	body := errorBody{Message: err.Error(), ExitStatus: code, Diags: []diagnosticJSON{}}
	var dl diag.List
	if errors.As(err, &dl) {
		for _, d := range dl.Sorted() {
			body.Diags = append(body.Diags, diagnosticJSON{File: d.File, Pointer: d.Pointer, Line: d.Line, Column: d.Column, Message: d.Message})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(errorJSON{Error: body})
}

// wantsJSON reports whether the command that ran was asked for --format json.
func wantsJSON(cmd *cobra.Command) bool {
	if cmd == nil {
		return false
	}
	f := cmd.Flags().Lookup("format")
	return f != nil && f.Value.String() == "json"
}

// flagError adds the nearest flag's name to an unknown-flag error and makes it a usage error.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
		if near := nearest(name, names); near != "" {
			msg += fmt.Sprintf(" (did you mean --%s?)", near)
		}
	}
	return usage("%s\nRun '%s --help' for the flags.", msg, cmd.CommandPath())
}

// nearest returns the candidate closest to word when it is close enough to be a likely typo: at
// most a third of the word's letters apart, or word a prefix of it. It returns "" otherwise.
func nearest(word string, candidates []string) string {
	best, bestDist := "", len(word)/3+1
	for _, c := range candidates {
		d := editDistance(word, c)
		if strings.HasPrefix(c, word) && len(word) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist || (d == bestDist && best != "" && c < best) {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes (flag and key names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
