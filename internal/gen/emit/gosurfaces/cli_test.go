package gosurfaces_test

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// TestExampleCLI builds a real program that fails with --json and checks what a shell sees:
// nothing on stdout, one contract line on stderr, and the origin's exit status.
func TestExampleCLI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to build the example CLI:", err)
	}
	bin := filepath.Join(t.TempDir(), "examplecli")
	build := exec.Command("go", "build", "-o", bin, "./testdata/examplecli")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the example CLI: %v\n%s", err, out)
	}
	for _, kind := range []ae.Kind{ae.KindInvalidParam, ae.KindForbidden, ae.KindTimeout, "made_up_kind"} {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, "--json", "deploy", string(kind))
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%s: the command did not fail: %v", kind, err)
		}
		want := ae.CLIExitCode(ae.New(kind, "x"))
		if exit.ExitCode() != want || want < 10 || want >= 126 {
			t.Errorf("%s: exit status %d, want %d", kind, exit.ExitCode(), want)
		}
		if stdout.Len() != 0 {
			t.Errorf("%s: stdout %q, want nothing", kind, stdout.String())
		}
		line := stderr.Bytes()
		if bytes.Count(line, []byte("\n")) != 1 || !bytes.HasSuffix(line, []byte("\n")) {
			t.Errorf("%s: stderr is not one line: %q", kind, line)
		}
		command, e, err := ae.ReadCLI(line)
		if err != nil || command != "deploy" || e.Kind != kind {
			t.Fatalf("%s: read back %q %+v %v", kind, command, e, err)
		}
		if bytes.Contains(line, []byte("ghp_FAKE")) {
			t.Errorf("%s: the token in the cause reached stderr: %s", kind, line)
		}
	}
}
