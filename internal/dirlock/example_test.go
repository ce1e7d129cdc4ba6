package dirlock_test

import (
	"fmt"
	"os"

	"github.com/tilekit/tilekit/internal/dirlock"
)

// Example holds the lock on a folder while it changes what is in it: a
// second process that locks the same folder waits until Unlock.
func Example() {
	dir, err := os.MkdirTemp("", "dirlock-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	l, err := dirlock.Lock(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Unlock()
	// ... change the folder's files ...
	fmt.Println(l.Names(dir) == nil)
	// Output: true
}
