package atomicfs_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/tilekit/tilekit/internal/atomicfs"
)

// Example writes two files into a folder as one: both appear at Commit,
// or, when anything fails, neither, and the folder is as it was.
func Example() {
	dir, err := os.MkdirTemp("", "atomicfs-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	files, err := atomicfs.IntoFolder(filepath.Join(dir, "out"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer files.Discard()
	for name, data := range map[string]string{"a.txt": "a", "sub/b.txt": "b"} {
		if err := files.Add(name, []byte(data)); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := files.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(filepath.Join(dir, "out", "sub", "b.txt"))
	fmt.Println(string(b))
	// Output: b
}

// ExampleWriteFile replaces one file whole: a reader sees the old content
// or the new, never part of it.
func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "atomicfs-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "notes", "today.txt")
	for _, text := range []string{"first", "second"} {
		if err := atomicfs.WriteFile(name, []byte(text)); err != nil {
			fmt.Println(err)
			return
		}
	}
	b, _ := os.ReadFile(name)
	fmt.Println(string(b))
	// Output: second
}

// ExampleNewFolder claims a new folder: a second set for the same folder
// finds it taken.
func ExampleNewFolder() {
	dir, err := os.MkdirTemp("", "atomicfs-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	target := filepath.Join(dir, "project")
	for range 2 {
		files, err := atomicfs.NewFolder(target)
		if err == nil {
			err = files.Add("README.md", []byte("hello\n"))
		}
		if err == nil {
			err = files.Commit()
		}
		if files != nil {
			files.Discard()
		}
		fmt.Println(err == nil, errors.Is(err, atomicfs.ErrNotEmpty))
	}
	// Output:
	// true false
	// false true
}

// site is a folder's whole content for ExampleSwap.
type site map[string]string

func (s site) Paths() []string {
	var paths []string
	for p := range s {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

func (s site) File(p string) ([]byte, bool) {
	data, ok := s[p]
	return []byte(data), ok
}

// ExampleSwap replaces a folder's whole content: what the new content
// does not have is gone, and a crash at any point would have left the old
// folder or the new one, whole.
func ExampleSwap() {
	dir, err := os.MkdirTemp("", "atomicfs-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	public := filepath.Join(dir, "public")
	for _, s := range []site{{"index.html": "old", "old.html": "old"}, {"index.html": "new"}} {
		w := &atomicfs.Swap{Dir: public, NewPrefix: atomicfs.StagePrefix + "example-new-", OldPrefix: atomicfs.StagePrefix + "example-old-"}
		if err := w.Write(s); err != nil {
			fmt.Println(err)
			return
		}
	}
	entries, _ := os.ReadDir(public)
	for _, e := range entries {
		fmt.Println(e.Name())
	}
	// Output: index.html
}
