package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/cli"
)

// TestValidateCommandAgrees runs contractgen validate over the whole corpus in one call and requires
// its verdict on every file to match generated Parse and, except for repeated member names, the
// reference validator; the exit status must say whether any file was invalid.
func TestValidateCommandAgrees(t *testing.T) {
	setup(t)
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	var stdout, stderr bytes.Buffer
	code := cli.Run(append([]string{"validate", "--schema", contractSchema, "--format", "json"}, files...), &stdout, &stderr)
	if code != cli.ExitFail {
		t.Fatalf("exit status %d for a corpus with invalid files, want %d; stderr: %s", code, cli.ExitFail, stderr.String())
	}
	seen := 0
	scanner := bufio.NewScanner(&stdout)
	scanner.Buffer(nil, 1<<20)
	for scanner.Scan() {
		var rep struct {
			File       string
			Valid      bool
			Violations []struct{ InstanceLocation, KeywordLocation, Error string }
		}
		if err := json.Unmarshal(scanner.Bytes(), &rep); err != nil {
			t.Fatalf("unreadable output line %q: %v", scanner.Text(), err)
		}
		seen++
		v := judge(t, readFile(t, rep.File))
		if rep.Valid != v.parse {
			t.Errorf("%s: validate says valid=%v, Parse says valid=%v", rep.File, rep.Valid, v.parse)
		}
		if !strings.HasPrefix(filepath.Base(rep.File), "dup-") && rep.Valid != v.reference {
			t.Errorf("%s: validate says valid=%v, the reference says valid=%v", rep.File, rep.Valid, v.reference)
		}
		if !rep.Valid && len(rep.Violations) == 0 {
			t.Errorf("%s: invalid without a violation to show", rep.File)
		}
		for _, viol := range rep.Violations {
			if viol.Error == "" || (viol.InstanceLocation != "" && !strings.HasPrefix(viol.InstanceLocation, "/")) {
				t.Errorf("%s: malformed violation %+v", rep.File, viol)
			}
		}
	}
	if seen != len(files) {
		t.Errorf("validate reported %d files of %d", seen, len(files))
	}
}

// TestValidateCommandExitStatus checks the three exit statuses and the text output's pointers.
func TestValidateCommandExitStatus(t *testing.T) {
	run := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		code := cli.Run(append([]string{"validate", "--schema", contractSchema}, args...), &out, &errOut)
		return code, out.String() + errOut.String()
	}
	valid := filepath.Join(corpusDir, "valid-base.json")
	if code, out := run(valid); code != cli.ExitOK || !strings.Contains(out, "valid-base.json: valid") {
		t.Errorf("valid file: exit %d, output %q", code, out)
	}
	bad := filepath.Join(corpusDir, "invalid-recovery-missing-guidance.json")
	code, out := run(valid, bad)
	if code != cli.ExitFail || !strings.Contains(out, `#/recovery: missing required member "guidance" (/properties/recovery/$ref/required)`) {
		t.Errorf("invalid file: exit %d, output %q", code, out)
	}
	if code, out := run(filepath.Join(corpusDir, "no-such-file.json")); code != cli.ExitFail { // an unreadable input, as an unreadable schema
		t.Errorf("missing file: exit %d, output %q", code, out)
	}
}
