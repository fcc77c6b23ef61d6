package load

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Confinement: a "$ref" may name a file only under the reference root — the directories of the
// root schemas, or the one directory given as --ref-root (config ref_root). The check is made
// on the cleaned absolute path and again after resolving symbolic links, so neither "..", an
// absolute path nor a link leads outside. Every schema file, a root as well, must be a regular
// file: a FIFO, a device or /dev/stdin is refused after a Stat, before any open that could block,
// and opened without blocking besides. A refused file is never read, so its content cannot reach
// a message or an output.

// refRoot is one directory under which references may read, lexically and with links resolved.
type refRoot struct{ abs, real string }

func newRefRoots(dirs []string) ([]refRoot, error) {
	roots := []refRoot{} // never nil: nil roots would mean no confinement at all
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("reference root %s: %w", dir, err)
		}
		roots = append(roots, refRoot{abs: abs, real: real})
	}
	return roots, nil
}

// within reports whether path lies in dir or below it (both absolute and clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsLocal(rel) || rel == "."
}

// errOutside is a reference that leaves the reference root.
type errOutside struct{ roots []refRoot }

func (e errOutside) Error() string {
	dirs := make([]string, len(e.roots))
	for i, r := range e.roots {
		dirs[i] = r.abs
	}
	return fmt.Sprintf("it lies outside the reference root %s; schemas may reference only files under it (widen it with --ref-root or config ref_root)", strings.Join(dirs, ", "))
}

// readSchemaFile reads a schema file. With roots (for a $ref target) the file must lie under one
// of them, also after resolving symbolic links; without (a schema named on the command line) it
// only has to be a regular file.
func readSchemaFile(path string, roots []refRoot) ([]byte, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if roots != nil && !anyWithin(abs, roots, func(r refRoot) string { return r.abs }) {
		return nil, errOutside{roots}
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if roots != nil && !anyWithin(real, roots, func(r refRoot) string { return r.real }) {
		return nil, errOutside{roots}
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s); contractgen never reads FIFOs, devices or directories", kind(fi.Mode()))
	}
	f, err := os.OpenFile(real, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(fi, opened) {
		return nil, errors.New("the file changed while it was opened")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("the file is larger than %d MiB", MaxFileSize>>20)
	}
	return data, nil
}

func anyWithin(path string, roots []refRoot, dir func(refRoot) string) bool {
	for _, r := range roots {
		if within(path, dir(r)) {
			return true
		}
	}
	return false
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return m.Type().String()
}
