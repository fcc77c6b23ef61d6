package conformance

import (
	"github.com/contractgen/contractgen/internal/sharedtest"

	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestOptionalECMARegex runs the suite's optional/ecmascript-regex.json of every dialect through
// generated Parse functions: the yardstick for patterns (RE2 where the translation is exact, the
// ECMAScript engine for lookaround and backreferences). Its figures are the "optional-regex"
// matrices of docs/validation.md.
func TestOptionalECMARegex(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the generated packages; not in -short mode")
	}
	for _, d := range load.Dialects {
		t.Run(d.String(), func(t *testing.T) { testOptionalECMARegex(t, d, true) })
	}
}

// TestOptionalECMARegexInterpreter runs the same groups through contractgen validate's interpreter.
func TestOptionalECMARegexInterpreter(t *testing.T) {
	for _, d := range load.Dialects {
		t.Run(d.String(), func(t *testing.T) { testOptionalECMARegex(t, d, false) })
	}
}

func testOptionalECMARegex(t *testing.T, d load.Dialect, compile bool) {
	file := filepath.Join(sharedtest.Suite(t), "tests", d.String(), "optional", "ecmascript-regex.json")
	testSuiteFiles(t, d, []string{file}, "optional-regex:"+d.String(), build.Options{}, compile)
}

// TestOptionalFormat runs the suite's optional/format/*.json of every dialect with --formats
// assert through generated Parse functions; hostname and the idn- formats are refused at
// generation under --formats assert. Its figures are the "optional-format" matrices of
// docs/validation.md.
func TestOptionalFormat(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the generated packages; not in -short mode")
	}
	for _, d := range load.Dialects {
		t.Run(d.String(), func(t *testing.T) { testOptionalFormat(t, d, true) })
	}
}

// TestOptionalFormatInterpreter runs the same groups through contractgen validate's interpreter.
func TestOptionalFormatInterpreter(t *testing.T) {
	for _, d := range load.Dialects {
		t.Run(d.String(), func(t *testing.T) { testOptionalFormat(t, d, false) })
	}
}

func testOptionalFormat(t *testing.T, d load.Dialect, compile bool) {
	files, _ := filepath.Glob(filepath.Join(sharedtest.Suite(t), "tests", d.String(), "optional", "format", "*.json"))
	testSuiteFiles(t, d, files, "optional-format:"+d.String(), build.Options{AssertFormats: true}, compile)
}
