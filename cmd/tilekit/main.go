// Command tilekit checks, runs and publishes Carcassonne rules data.
package main

import "os"

func main() { os.Exit(Main()) }
