package write

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
)

// Names the writer keeps for itself under the output root.
const (
	// metaDir holds the contracts' manifests and, during a commit, the journal.
	metaDir = ".contractgen"
	// manifestExt ends a manifest's name: .contractgen/<contract>.manifest.
	manifestExt = ".manifest"
	// journalName is the journal of a commit in progress (relative to the root).
	journalName = metaDir + "/journal"
	// lockName is the lock file that serializes runs on one output root (relative to the root).
	lockName = ".contractgen.lock"
	// tempPrefix starts the name of every staged file and backup the writer makes.
	tempPrefix = ".contractgen-"
)

// PathError reports a path the writer refuses to touch.
type PathError struct {
	Root, Path, Reason string
}

func (e *PathError) Error() string {
	return fmt.Sprintf("refusing to write %q under the output directory %s: %s; nothing was written", e.Path, e.Root, e.Reason)
}

// checkRel checks that p, a slash-separated path relative to the output root, names a file inside
// the root after cleaning, whatever a flag, config value, package or schema name put into it.
func checkRel(root, p string) error {
	reason := ""
	switch {
	case !fs.ValidPath(p) || p == ".":
		reason = "it is not a clean relative path (no \"..\", \".\", empty or leading \"/\" elements)"
	case strings.ContainsAny(p, "\\\x00") || !filepath.IsLocal(filepath.FromSlash(p)):
		reason = "it leaves the output directory or is not a portable file name"
	case strings.HasPrefix(path.Base(p), tempPrefix) || p == lockName || strings.HasPrefix(p, metaDir+"/"):
		reason = "the name is reserved for contractgen's own bookkeeping"
	}
	if reason != "" {
		return &PathError{Root: root, Path: p, Reason: reason}
	}
	return nil
}

// checkNoLinks refuses a path whose existing directories below the root include a symbolic link
// (a link would carry the write outside the root) and returns whether the file itself exists.
func checkNoLinks(fsys FS, root, p string) error {
	dir := ""
	elems := strings.Split(p, "/")
	for i, e := range elems {
		dir = path.Join(dir, e)
		fi, err := fsys.Lstat(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return nil // does not exist yet: created as a real directory or file
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return &PathError{Root: root, Path: p, Reason: dir + " is a symbolic link; contractgen writes only through real directories under --out"}
		}
		if i < len(elems)-1 && !fi.IsDir() {
			return &PathError{Root: root, Path: p, Reason: dir + " is not a directory"}
		}
	}
	return nil
}
