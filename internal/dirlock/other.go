//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package dirlock

import "os"

// lockFile does nothing where flock is not available: there, concurrent
// runs that change one folder are not kept apart.
func lockFile(*os.File) error { return nil }

// Supported says whether Lock really keeps other processes out. Where it
// does not, code that would remove what a run killed before it finished
// left cannot tell that from what a running one is making.
const Supported = false
