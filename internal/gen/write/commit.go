package write

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// A commit is all-or-nothing. Every new file is first staged beside its target under a temporary
// name; nothing visible has changed yet, so a failure while staging only removes what was staged.
// Then a journal listing every step is written, and each old file is renamed to a backup name and
// the staged file renamed into its place (removals are renames to a backup). Removing the journal
// is the commit point; only then are the backups deleted. A failure before the commit point puts
// every backup back and removes every new file, and a run killed before it leaves the journal, by
// which the next run does the same before anything else (recoverJournal). Either way the tree is
// entirely old or, after the commit point, entirely new.
//
// The same holds after a power loss, which keeps only what was synced: the journal is synced
// (its file, then its directory) before the first visible change; every staged file is synced
// before it is renamed into place; and every directory the commit changed is synced before the
// journal says committed, so a journal that says committed is never durable ahead of the tree it
// vouches for. A rollback syncs the directories it restored before it removes the journal.

// journal is the record of a commit in progress.
type journal struct {
	// Committed is set once every rename is done: recovery then only removes the backups.
	Committed bool   `json:"committed"`
	Ops       []step `json:"ops"`
	// Dirs are the directories the commit created, outermost first.
	Dirs []string `json:"dirs"`
}

// step replaces, creates or removes one file; paths are relative to the output root.
type step struct {
	Target string `json:"target"`
	// Temp holds the staged new content; "" for a removal.
	Temp string `json:"temp,omitempty"`
	// Backup is where the old file goes; "" when there was none.
	Backup string `json:"backup,omitempty"`
	// Sum is the SHA-256 of the new content: on recovery, a new file is removed only if it still
	// holds what the commit put there.
	Sum string `json:"sum,omitempty"`
}

func tempName(dir, kind string) string {
	return path.Join(dir, tempPrefix+kind+"-"+rand.Text())
}

func commit(fsys FS, root string, writes []emit.File, removes []string) (err error) {
	if len(writes) == 0 && len(removes) == 0 {
		return nil // disk already matches: no journal for nothing
	}
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	// Plan every step and write the journal before the first change, so that a run killed at any
	// later point leaves a journal from which the next run restores the old tree.
	j := &journal{}
	for _, f := range writes {
		dir := path.Dir(f.Path)
		if err := missingDirs(fsys, root, dir, &j.Dirs); err != nil {
			return err
		}
		sum := sha256.Sum256(f.Bytes)
		st := step{Target: f.Path, Temp: tempName(dir, "tmp"), Sum: hex.EncodeToString(sum[:])}
		if _, err := fsys.Lstat(abs(f.Path)); err == nil {
			st.Backup = tempName(dir, "old")
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot inspect %s: %w", abs(f.Path), err)
		}
		j.Ops = append(j.Ops, st)
	}
	for _, p := range removes {
		j.Ops = append(j.Ops, step{Target: p, Backup: tempName(path.Dir(p), "old")})
	}
	// The journal's own directory is made by writeJournal, before the journal exists.
	j.Dirs = slices.DeleteFunc(j.Dirs, func(d string) bool { return d == metaDir })
	if err := writeJournal(fsys, root, j); err != nil {
		return err
	}
	defer func() {
		if _, done := err.(*committedError); err != nil && !done {
			rerr := rollback(fsys, root, j)
			if rerr == nil {
				rerr = syncDirs(fsys, root, j)
			}
			if rerr != nil {
				err = &rollbackError{fmt.Errorf("%w\nrestoring the previous files failed too (%v); the journal %s is kept and the next generate run restores them",
					err, rerr, abs(journalName))}
				return
			}
			if rerr := fsys.Remove(abs(journalName)); rerr != nil {
				err = fmt.Errorf("%w\nthe previous files are restored, but the journal %s could not be removed (%v); the next generate run removes it", err, abs(journalName), rerr)
				return
			}
			fsys.Remove(abs(metaDir)) // only if this run created it and nothing else is there
			err = fmt.Errorf("%w\nnothing was changed: every file is as before the run", err)
		}
	}()
	for _, dir := range j.Dirs {
		if err := fsys.Mkdir(abs(dir)); err != nil {
			return fmt.Errorf("cannot create directory: %w", err)
		}
	}
	for i, st := range j.Ops {
		if st.Temp == "" {
			continue
		}
		if err := fsys.WriteNew(abs(st.Temp), writes[i].Bytes); err != nil {
			return fmt.Errorf("cannot stage %s: %w", abs(st.Target), err)
		}
		if err := fsys.Sync(abs(st.Temp)); err != nil {
			return fmt.Errorf("cannot stage %s: %w", abs(st.Target), err)
		}
	}
	for _, st := range j.Ops {
		if st.Backup != "" {
			if err := fsys.Rename(abs(st.Target), abs(st.Backup)); err != nil {
				return fmt.Errorf("cannot replace %s: %w", abs(st.Target), err)
			}
		}
		if st.Temp != "" {
			if err := fsys.Rename(abs(st.Temp), abs(st.Target)); err != nil {
				return fmt.Errorf("cannot write %s: %w", abs(st.Target), err)
			}
		}
	}
	if err := syncDirs(fsys, root, j); err != nil {
		return fmt.Errorf("cannot make the new files durable: %w", err)
	}
	// The commit point: the journal now says committed, so a run killed from here on is
	// completed by the next one, which removes the backups that are left.
	j.Committed = true
	if err := writeJournal(fsys, root, j); err != nil {
		j.Committed = false
		return fmt.Errorf("cannot complete the commit: %w", err)
	}
	if err := finish(fsys, root, j); err != nil {
		err = fmt.Errorf("the new files are in place, but cleaning up failed (%w); the next generate run completes it", err)
		return &committedError{err}
	}
	return nil
}

// rollbackError is a failure whose rollback failed too: the journal is kept for the next run.
type rollbackError struct{ error }

func (e *rollbackError) Unwrap() error { return e.error }

// committedError is a failure after the commit point: the new tree is in place and must stay.
type committedError struct{ error }

func (e *committedError) Unwrap() error { return e.error }

// finish removes the backups of a committed journal, then the journal.
func finish(fsys FS, root string, j *journal) error {
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	for _, st := range j.Ops {
		if st.Backup != "" {
			if err := fsys.Remove(abs(st.Backup)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return fsys.Remove(abs(journalName))
}

// missingDirs appends dir (relative to root) and its parents that do not exist yet to dirs,
// outermost first, once each.
func missingDirs(fsys FS, root, dir string, dirs *[]string) error {
	if dir == "." || slices.Contains(*dirs, dir) {
		return nil
	}
	_, err := fsys.Lstat(filepath.Join(root, filepath.FromSlash(dir)))
	if err == nil {
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot inspect %s: %w", filepath.Join(root, filepath.FromSlash(dir)), err)
	}
	if err := missingDirs(fsys, root, path.Dir(dir), dirs); err != nil {
		return err
	}
	*dirs = append(*dirs, dir)
	return nil
}

// syncDirs syncs every directory a commit changes: those of its targets, their backups and the
// directories it creates, and the parents those were created in.
func syncDirs(fsys FS, root string, j *journal) error {
	var dirs []string
	add := func(d string) {
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	for _, d := range j.Dirs {
		add(path.Dir(d))
		add(d)
	}
	for _, st := range j.Ops {
		add(path.Dir(st.Target))
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		if err := fsys.Sync(filepath.Join(root, filepath.FromSlash(d))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// writeJournal replaces the journal with j and makes it durable: the file is synced before it is
// renamed into place, then its directory (and the root, when the directory is new).
func writeJournal(fsys FS, root string, j *journal) error {
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if _, err := fsys.Lstat(filepath.Join(root, metaDir)); errors.Is(err, fs.ErrNotExist) {
		if err := fsys.Mkdir(filepath.Join(root, metaDir)); err != nil {
			return fmt.Errorf("cannot create directory: %w", err)
		}
		if err := fsys.Sync(root); err != nil {
			return fmt.Errorf("cannot write the journal: %w", err)
		}
	}
	tmp := filepath.Join(root, filepath.FromSlash(tempName(metaDir, "tmp")))
	if err := fsys.WriteNew(tmp, data); err != nil {
		return fmt.Errorf("cannot write the journal: %w", err)
	}
	if err := fsys.Sync(tmp); err != nil {
		fsys.Remove(tmp)
		return fmt.Errorf("cannot write the journal: %w", err)
	}
	if err := fsys.Rename(tmp, filepath.Join(root, filepath.FromSlash(journalName))); err != nil {
		fsys.Remove(tmp)
		return fmt.Errorf("cannot write the journal: %w", err)
	}
	if err := fsys.Sync(filepath.Join(root, metaDir)); err != nil {
		return fmt.Errorf("cannot write the journal: %w", err)
	}
	return nil
}

// rollback undoes the steps of a commit that did not reach its commit point, in reverse order,
// from what is on disk: it is the same whether the commit failed in this process or a killed
// process left the journal behind.
func rollback(fsys FS, root string, j *journal) error {
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	var errs []error
	for i := len(j.Ops) - 1; i >= 0; i-- {
		if err := undo(fsys, abs, j.Ops[i]); err != nil {
			errs = append(errs, err)
		}
	}
	for i := len(j.Dirs) - 1; i >= 0; i-- {
		fsys.Remove(abs(j.Dirs[i])) // fails, harmlessly, when something else was put there
	}
	return errors.Join(errs...)
}

// undo reverts one step, whichever of its renames were done.
func undo(fsys FS, abs func(string) string, st step) error {
	tempThere := false
	if st.Temp != "" {
		var err error
		if tempThere, err = present(fsys, abs(st.Temp)); err != nil {
			return err
		}
	}
	if st.Backup != "" {
		backupThere, err := present(fsys, abs(st.Backup))
		if err != nil {
			return err
		}
		if backupThere {
			if err := fsys.Rename(abs(st.Backup), abs(st.Target)); err != nil {
				return err
			}
		}
	} else if st.Temp != "" && !tempThere {
		// A new file was renamed into place (or never staged): remove it if it holds what was staged.
		data, err := fsys.ReadFile(abs(st.Target))
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		default:
			if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) == st.Sum {
				if err := fsys.Remove(abs(st.Target)); err != nil {
					return err
				}
			}
		}
	}
	if tempThere {
		return fsys.Remove(abs(st.Temp))
	}
	return nil
}

// recoverJournal rolls back the commit a killed run left behind, if any.
func recoverJournal(fsys FS, root string) error {
	name := filepath.Join(root, filepath.FromSlash(journalName))
	data, err := fsys.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot read the journal of an interrupted run: %w", err)
	}
	var j journal
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("%s is not a journal contractgen can read (%v); restore the output directory from version control and delete it", name, err)
	}
	for _, st := range j.Ops {
		for _, p := range []string{st.Target, st.Temp, st.Backup} {
			if p != "" && !journalPathOK(root, p) {
				return fmt.Errorf("%s names %q, which contractgen would never write; delete the journal", name, p)
			}
		}
	}
	if j.Committed {
		if err := finish(fsys, root, &j); err != nil {
			return fmt.Errorf("cannot complete the commit of an interrupted run: %w", err)
		}
		return nil
	}
	if err := rollback(fsys, root, &j); err != nil {
		return fmt.Errorf("cannot restore the files of an interrupted run: %w", err)
	}
	if err := syncDirs(fsys, root, &j); err != nil {
		return fmt.Errorf("cannot make the restored files durable: %w", err)
	}
	return fsys.Remove(name)
}

// journalPathOK reports whether a journal may name p: a path contractgen writes, or one of its
// temporary names in such a path's directory.
func journalPathOK(root, p string) bool {
	if !isTemp(path.Base(p)) {
		dir, base, _ := strings.Cut(p, "/")
		manifest := dir == metaDir && strings.HasSuffix(base, manifestExt) && !strings.Contains(base, "/")
		return manifest || checkRel(root, p) == nil
	}
	dir := path.Dir(p)
	return dir == "." || dir == metaDir || checkRel(root, dir) == nil
}
