package cli_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestGoGenerate runs the scripts in testdata/gogenerate: each makes a throwaway consumer module
// that points at this checkout with a replace directive, runs go generate, go build, go vet and
// contractgen check, edits its schema, sees check fail with the matching diff, and regenerates.
// The directives run contractgen three ways: the binary on PATH, go run, and go tool.
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds consumer modules with the go command; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to run go generate in a consumer module: ", err)
	}
	root := checkoutRoot(t)
	goEnv := goEnvironment(t)
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "gogenerate"),
		Setup: func(env *testscript.Env) error {
			env.Setenv("CHECKOUT", root)
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			return nil
		},
		Cmds: scriptCommands(),
	})
}

// goEnvironment is what the go command in a script needs from this machine: the module and build
// caches (the scripts run offline, from the modules this checkout already downloaded), and the
// local toolchain only.
func goEnvironment(t *testing.T) map[string]string {
	t.Helper()
	names := []string{"GOCACHE", "GOMODCACHE", "GOPATH"}
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(values) != len(names) {
		t.Fatalf("go env printed %q for %v", values, names)
	}
	env := map[string]string{"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "", "GOWORK": "off"}
	for i, name := range names {
		env[name] = values[i]
	}
	return env
}
