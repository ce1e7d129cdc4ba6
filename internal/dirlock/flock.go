//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package dirlock

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock (flock) on the open file,
// waiting for it; closing the file releases it.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// Supported says whether Lock really keeps other processes out. Where it
// does not, code that would remove what a run killed before it finished
// left cannot tell that from what a running one is making.
const Supported = true
