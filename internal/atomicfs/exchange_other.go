//go:build !linux

package atomicfs

// ExchangeDirs would swap the names of two folders a and b in one step;
// outside Linux there is no such call, and it returns ErrNoExchange.
func ExchangeDirs(a, b string) error { return ErrNoExchange }
