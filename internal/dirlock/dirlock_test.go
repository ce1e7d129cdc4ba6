package dirlock

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// While one holder has the folder, another waits for it.
func TestLockKeepsOthersOut(t *testing.T) {
	if !Supported {
		t.Skip("no advisory locks on this system")
	}
	dir := t.TempDir()
	first, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		second, err := Lock(dir)
		if err != nil {
			t.Error(err)
			return
		}
		got.Store(true)
		second.Unlock()
	})
	time.Sleep(100 * time.Millisecond)
	if got.Load() {
		t.Error("the second holder got the lock while the first held it")
	}
	first.Unlock()
	wg.Wait()
	if !got.Load() {
		t.Error("the second holder did not get the lock once it was released")
	}
	first.Unlock() // a second Unlock does nothing
}

// A folder replaced under the name after it was locked is noticed.
func TestLockNoticesAReplacedFolder(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "d")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if err := l.Names(dir); err != nil {
		t.Fatalf("the folder locked: %v", err)
	}
	if err := os.Rename(dir, filepath.Join(parent, "moved")); err != nil {
		t.Fatal(err)
	}
	if err := l.Names(dir); !errors.Is(err, ErrChanged) {
		t.Errorf("the name is free: got %v, want ErrChanged", err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := l.Names(dir); !errors.Is(err, ErrChanged) {
		t.Errorf("another folder has the name: got %v, want ErrChanged", err)
	}
}

func TestLockMissingFolder(t *testing.T) {
	_, err := Lock(filepath.Join(t.TempDir(), "missing"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got %v, want a not-exist error", err)
	}
}
