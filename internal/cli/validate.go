package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// validateOptions are the flags of contractgen validate.
type validateOptions struct {
	schema  string
	format  string
	formats string
	loaderFlags
}

func newValidateCommand() *cobra.Command {
	var o validateOptions
	cmd := &cobra.Command{
		Use:   "validate [--schema S] FILE...",
		Short: "Validate JSON or YAML instance files against the contract (exit 1 when any is invalid)",
		Long: "validate checks each JSON file (YAML for .yaml and .yml) against the schema with the semantics of\n" +
			"the generated Parse: the interpreter that generated packages carry runs here over the same table, so\n" +
			"the command and the generated code cannot disagree. Every violation is printed with the instance's\n" +
			"JSON pointer, the schema keyword's pointer and a message. A member name that occurs twice in one\n" +
			"object is a violation." +
			exitStatusHelp("every file is valid", "some file is invalid, not JSON or cannot be read, or the schema cannot be\n"+
				"     read or is invalid"),
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return o.run(cmd.OutOrStdout(), cmd.ErrOrStderr(), files)
		},
	}
	cmd.Flags().StringVar(&o.schema, "schema", "", "schema file to validate against (default "+DefaultSchema+")")
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text, or json (one object per file)")
	registerFormats(cmd.Flags(), &o.formats)
	o.loaderFlags.register(cmd.Flags(), "the schema's directory")
	return cmd
}

// fileReport is the JSON output for one instance file.
type fileReport struct {
	File       string          `json:"file"`
	Valid      bool            `json:"valid"`
	Error      string          `json:"error,omitempty"`
	Violations []run.Violation `json:"violations,omitempty"`
}

func (o *validateOptions) run(out, errOut io.Writer, files []string) error {
	if o.format != "text" && o.format != "json" {
		return usage("--format must be text or json, not %q", o.format)
	}
	schema := o.schema
	if schema == "" {
		var err error
		if schema, err = defaultSchema("--schema"); err != nil {
			return err
		}
	}
	lopts, err := run.LoadOptions(o.dialect, o.refMap, o.refRoot)
	if err != nil {
		return usage("%v", err)
	}
	assert, err := formatsMode(o.formats)
	if err != nil {
		return err
	}
	v, err := run.NewValidator(run.Options{Schemas: []string{schema}, Load: lopts, Strict: o.strict, AssertFormats: assert})
	if err != nil {
		return err
	}
	printWarnings(errOut, v.Warnings)
	invalid := 0
	for _, file := range files {
		rep := fileReport{File: file}
		data, err := readInstance(file)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the file's name leads the line already
			}
			rep.Error = "cannot read: " + err.Error()
		} else if data, err = run.InstanceJSON(file, data); err != nil {
			rep.Error = "not YAML: " + err.Error()
		} else if rep.Violations, err = v.Validate(data); err != nil {
			rep.Error = "not JSON: " + err.Error()
		}
		rep.Valid = err == nil && len(rep.Violations) == 0
		if !rep.Valid {
			invalid++
		}
		if err := writeReport(out, o.format, rep); err != nil {
			return err
		}
	}
	if invalid > 0 {
		return &exitError{code: ExitFail}
	}
	return nil
}

func readInstance(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, run.MaxInstanceSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(data) > run.MaxInstanceSize {
		return nil, fmt.Errorf("%s: larger than %d MiB", file, run.MaxInstanceSize>>20)
	}
	return data, nil
}

// writeReport prints one file's verdict: "FILE: valid", or one line per violation in the form
// "FILE#/instance/pointer: message (schema keyword pointer)".
func writeReport(out io.Writer, format string, rep fileReport) error {
	if format == "json" {
		line, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", line)
		return err
	}
	var err error
	switch {
	case rep.Error != "":
		_, err = fmt.Fprintf(out, "%s: %s\n", rep.File, rep.Error)
	case rep.Valid:
		_, err = fmt.Fprintf(out, "%s: valid\n", rep.File)
	}
	for _, v := range rep.Violations {
		if err != nil {
			break
		}
		kw := v.KeywordLocation
		if kw == "" {
			kw = "#"
		}
		_, err = fmt.Fprintf(out, "%s#%s: %s (%s)\n", rep.File, v.InstanceLocation, v.Message, kw)
	}
	return err
}
