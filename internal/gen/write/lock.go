package write

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// waitNotice is how long a run waits for the lock silently before it says that it is waiting.
const waitNotice = 200 * time.Millisecond

// lock serializes runs on one output root: concurrent runs take turns (the later one waits)
// instead of mixing their trees. The lock is an OS file lock (flock, LockFileEx), so the kernel
// releases it when a holder is killed; the lock file is removed on release, and a run that locked
// a file somebody removed meanwhile locks afresh. waiting, when not nil, is called once if the
// lock is held by another run.
func lock(root string, waiting func()) (unlock func(), err error) {
	name := filepath.Join(root, lockName)
	notified := false
	for {
		f, err := openLocked(name, func() {
			if waiting != nil && !notified {
				notified = true
				waiting()
			}
		})
		if err != nil {
			return nil, err
		}
		held, err1 := f.Stat()
		onDisk, err2 := os.Stat(name)
		if err := errors.Join(err1, err2); err == nil && os.SameFile(held, onDisk) {
			return func() {
				os.Remove(name) // before unlocking: a waiter then finds its file gone and locks afresh
				f.Close()
			}, nil
		}
		f.Close() // the previous holder removed the file we locked: lock the new one
	}
}

// openLocked opens and write-locks name, calling slow if the lock is not free within waitNotice.
func openLocked(name string, slow func()) (*lockedfile.File, error) {
	type result struct {
		f   *lockedfile.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := lockedfile.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		return r.f, r.err
	case <-time.After(waitNotice):
		slow()
		r := <-done
		return r.f, r.err
	}
}
