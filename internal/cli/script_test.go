package cli_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/contractgen/contractgen/internal/cli"
)

// TestMain lets the test binary stand in for the contractgen command: testscript puts a copy
// named contractgen on the scripts' PATH, so go:generate directives and script lines run the
// real command line, each in its own process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"contractgen": func() { os.Exit(cli.Main()) },
	})
}

// TestScripts runs the command-line scripts in testdata/script: drift cases of check, and
// compat against files and git refs.
func TestScripts(t *testing.T) {
	root := checkoutRoot(t)
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(env *testscript.Env) error {
			env.Setenv("CHECKOUT", root)
			env.Setenv("CONTRACTS", filepath.Join(root, "testdata", "contracts"))
			setGitIdentity(env)
			return nil
		},
		Cmds: scriptCommands(),
	})
}

// checkoutRoot is the absolute path of this repository, two levels above the package.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at the expected checkout root %s: %v", root, err)
	}
	return root
}

// setGitIdentity makes git usable without the user's configuration: scripts commit with a fixed
// author and never read ~/.gitconfig or /etc/gitconfig.
func setGitIdentity(env *testscript.Env) {
	env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	env.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	for _, who := range []string{"AUTHOR", "COMMITTER"} {
		env.Setenv("GIT_"+who+"_NAME", "contractgen test")
		env.Setenv("GIT_"+who+"_EMAIL", "test@contractgen.invalid")
	}
}

// scriptCommands are the script commands testscript lacks.
func scriptCommands() map[string]func(*testscript.TestScript, bool, []string) {
	return map[string]func(*testscript.TestScript, bool, []string){
		"exits":   cmdExits,
		"replace": cmdReplace,
	}
}

// cmdExits runs a program and requires an exact exit status, because "! exec" cannot tell drift
// (1) from an error (2):
//
//	exits CODE program [args...]
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("exits does not support !; give the expected status instead")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits CODE program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		got = ee.ExitCode()
	default:
		ts.Fatalf("%s: %v", args[1], err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdReplace edits a file in place, replacing exactly one occurrence of old with new; it fails
// when old is missing or ambiguous, so a script cannot silently edit nothing. In both strings \n
// stands for a newline:
//
//	replace FILE OLD NEW
func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace FILE OLD NEW")
	}
	name := ts.MkAbs(args[0])
	data, err := os.ReadFile(name)
	ts.Check(err)
	oldText, newText := unescape.Replace(args[1]), unescape.Replace(args[2])
	if n := strings.Count(string(data), oldText); n != 1 {
		ts.Fatalf("replace: %q occurs %d times in %s, want exactly once", oldText, n, args[0])
	}
	ts.Check(os.WriteFile(name, []byte(strings.Replace(string(data), oldText, newText, 1)), 0o666))
}

// unescape turns the two-character sequence \n of a script argument into a newline.
var unescape = strings.NewReplacer(`\n`, "\n")
