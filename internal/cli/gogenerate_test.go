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
	goEnv := goEnvironment(t, root)
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

// noSumDB names a checksum database on a host that cannot exist, with a well-formed key that signs
// nothing. A script whose consumer go.sum lacks a hash the go command needs fails with "verifying
// module" on every machine, not only on one that cannot reach sum.golang.org and has no checksum
// cache yet: the scripts must verify against the go.sum they start from, never a database.
// Checksum verification itself stays on.
const noSumDB = "sumdb.contractgen.invalid+243ef0e6+AfnB8kbnpvxuT6OTQufEELdp+pFTpYdB67StpzZ8Eiin"

// goEnvironment is what the go command in a script needs from this machine: the module and build
// caches and the local toolchain only. The scripts run offline (GOPROXY=off): first the checkout's
// own modules are downloaded into the cache, through the proxy this machine uses and verified
// against the checkout's go.sum, so a fresh machine with an empty module cache works as well as a
// warm one. The download covers every platform's imports (cobra's Windows-only mousetrap, say),
// which go get and go mod tidy in a consumer resolve too.
func goEnvironment(t *testing.T, root string) map[string]string {
	t.Helper()
	download := exec.Command("go", "mod", "download")
	download.Dir = root
	if out, err := download.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", root, err, out)
	}
	names := []string{"GOCACHE", "GOMODCACHE", "GOPATH"}
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(values) != len(names) {
		t.Fatalf("go env printed %q for %v", values, names)
	}
	env := map[string]string{"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "", "GOWORK": "off",
		"GOSUMDB": noSumDB, "GONOSUMDB": "", "GONOSUMCHECK": "", "GOPRIVATE": "", "GOINSECURE": ""}
	for i, name := range names {
		env[name] = values[i]
	}
	return env
}
