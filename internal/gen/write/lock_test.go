package write

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// TestConcurrentRunsTakeTurns: a run waits, saying so, while another holds the output root, and
// writes nothing until it may; the lock file is gone afterwards.
func TestConcurrentRunsTakeTurns(t *testing.T) {
	root := t.TempDir()
	unlock, err := lock(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{})
	done := make(chan error)
	go func() {
		_, err := Apply(root, []emit.File{gen("pkg/a.go", "package pkg\n")}, Options{Contract: "pkg", Waiting: func() { close(waiting) }})
		done <- err
	}()
	select {
	case <-waiting:
	case err := <-done:
		t.Fatalf("Apply finished (%v) while another run held the lock", err)
	case <-time.After(10 * time.Second):
		t.Fatal("Apply neither waited nor said so")
	}
	if _, err := os.Stat(filepath.Join(root, "pkg")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a waiting run wrote files")
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, lockName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lock file is left behind")
	}
}

// TestConcurrentRunsNeverMix runs two contracts' worth of different trees of one contract
// concurrently, many times: the result is always exactly one of the two trees.
func TestConcurrentRunsNeverMix(t *testing.T) {
	a := []emit.File{gen("pkg/a.go", "A\n"), gen("pkg/shared.go", "A\n"), gen("docs/x-contract.md", "A\n")}
	b := []emit.File{gen("pkg/b.go", "B\n"), gen("pkg/shared.go", "B\n"), gen("ts/x.ts", "B\n")}
	trees := map[string]map[string]string{}
	for name, files := range map[string][]emit.File{"a": a, "b": b} {
		root := t.TempDir()
		if _, err := Apply(root, files, opts("pkg")); err != nil {
			t.Fatal(err)
		}
		trees[name] = snapshot(t, root)
	}
	for i := 0; i < 20; i++ {
		root := t.TempDir()
		errs := make(chan error, 2)
		for _, files := range [][]emit.File{a, b} {
			go func() { _, err := Apply(root, files, opts("pkg")); errs <- err }()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		got := snapshot(t, root)
		if cmp.Diff(trees["a"], got) != "" && cmp.Diff(trees["b"], got) != "" {
			t.Fatalf("round %d: a mixed tree: %v", i, got)
		}
	}
}

// TestKilledRunIsRolledBack kills (SIGKILL) a real process in the middle of its commit, after
// some renames: check then refuses to call the tree clean or anything in it generated earlier,
// and the next run restores the old tree before doing its own work.
func TestKilledRunIsRolledBack(t *testing.T) {
	if dir := os.Getenv("CONTRACTGEN_WRITE_KILL_HELPER"); dir != "" {
		at, _ := strconv.Atoi(os.Getenv("CONTRACTGEN_WRITE_KILL_AT"))
		_, newFiles := killTrees()
		Apply(dir, newFiles, Options{Contract: "pkg", FS: &stallFS{FS: OS, at: at, marker: filepath.Join(dir, "..", "stalled")}})
		return
	}
	oldFiles, newFiles := killTrees()
	for _, at := range []int{1, 2, 3, 5} { // the how-manieth rename stalls
		parent := t.TempDir()
		root := filepath.Join(parent, "out")
		if _, err := Apply(root, oldFiles, opts("pkg")); err != nil {
			t.Fatal(err)
		}
		oldTree := snapshot(t, root)
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledRunIsRolledBack$")
		cmd.Env = append(os.Environ(), "CONTRACTGEN_WRITE_KILL_HELPER="+root, "CONTRACTGEN_WRITE_KILL_AT="+strconv.Itoa(at))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			if _, err := os.Stat(filepath.Join(parent, "stalled")); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("the helper never reached its stall point")
			}
			time.Sleep(10 * time.Millisecond)
		}
		if err := cmd.Process.Kill(); err != nil { // SIGKILL: no deferred cleanup runs
			t.Fatal(err)
		}
		cmd.Wait()
		if diff := cmp.Diff(oldTree, snapshot(t, root)); diff == "" {
			t.Fatalf("rename %d: the killed run changed nothing; the test does not exercise a half-done commit", at)
		}
		var interrupted *InterruptedError
		if _, err := Compare(root, newFiles, opts("pkg")); !errors.As(err, &interrupted) {
			t.Errorf("rename %d: Compare after a kill = %v, want an InterruptedError", at, err)
		}
		if _, err := Apply(root, oldFiles, opts("pkg")); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(oldTree, snapshot(t, root)); diff != "" {
			t.Errorf("rename %d: after recovery the tree is not the old one (-want +got):\n%s", at, diff)
		}
	}
}

func killTrees() (old, new []emit.File) {
	old = []emit.File{gen("pkg/a.go", "old\n"), gen("pkg/b.go", "old\n"), gen("pkg/gone.go", "old\n"), gen("docs/x-contract.md", "old\n")}
	new = []emit.File{gen("pkg/a.go", "new\n"), gen("pkg/b.go", "new\n"), gen("pkg/c.go", "new\n"), gen("docs/x-contract.md", "new\n")}
	return old, new
}

// stallFS stops the process at its at-th rename: it writes a marker file and sleeps until killed.
type stallFS struct {
	FS
	at, n  int
	marker string
}

func (s *stallFS) Rename(o, n string) error {
	s.n++
	if s.n == s.at+1 { // the first rename moves the journal into place
		os.WriteFile(s.marker, nil, 0o644)
		time.Sleep(time.Hour)
	}
	return s.FS.Rename(o, n)
}
