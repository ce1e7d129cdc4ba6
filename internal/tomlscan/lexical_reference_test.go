package tomlscan

import "bytes"

// The scanners below answer one question each with the lexer of
// position.go; Check asks all of them in one pass, and the tests keep
// these single-purpose ones as a reference that the one pass must agree
// with.

// inlineTableExtensions returns the invalid TOML that BurntSushi/toml
// accepts (see Check), in the order it occurs. A file without a
// brace and without a dot cannot have any, and is rejected after one quick
// look at its bytes; most others after one scan.
func inlineTableExtensions(src []byte) []Problem {
	if bytes.IndexByte(src, '{') < 0 && bytes.IndexByte(src, '.') < 0 {
		return nil
	}
	lx := newLexer(src, scanSuspects)
	lx.run()
	if !lx.suspect {
		return nil
	}
	return findProblems(src)
}

// findNewerSyntax returns the places where a file uses TOML 1.1 syntax, in
// the order they occur. Most files use none, so a quick look at the bytes
// decides whether the file needs scanning at all.
func findNewerSyntax(src []byte) []NewerSyntax {
	if !mayUseNewerSyntax(src) {
		return nil
	}
	lx := newLexer(src, scanNewer)
	lx.run()
	newer, _ := lx.results()
	return newer
}

// mayUseNewerSyntax reports whether src may use TOML 1.1 syntax: a \e or \x
// escape in a basic string, a time hh:mm without seconds, a comma before a
// closing brace, or a line break inside braces. It reads each byte once,
// skipping strings and comments but not following the structure, so it may
// say yes for a valid file that needs no warning, but never no for one that
// does.
func mayUseNewerSyntax(src []byte) bool {
	braces := 0 // braces not yet closed
	escape := false
	noteEscape := func(j int) {
		if j+1 < len(src) && (src[j+1] == 'e' || src[j+1] == 'x') {
			escape = true
		}
	}
	n := len(src)
	for i := 0; i < n; {
		switch src[i] {
		case '#':
			i = lineEnd(src, i)
			continue
		case '"':
			i, _ = stringEnd(src, i, noteEscape)
			if escape {
				return true
			}
			continue
		case '\'':
			i, _ = stringEnd(src, i, nil)
			continue
		case ':':
			// hh:mm not preceded by a colon nor followed by :ss.
			if i >= 2 && i+2 < n && isDigit(src[i-2]) && isDigit(src[i-1]) && isDigit(src[i+1]) && isDigit(src[i+2]) &&
				(i < 3 || src[i-3] != ':' && !isDigit(src[i-3])) &&
				(i+3 == n || src[i+3] != ':' && !isDigit(src[i+3])) {
				return true
			}
		case ',':
			// The blanks after a comma are read again by the main loop,
			// but only after this comma: each byte at most twice.
			j := i + 1
			for j < n && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r' || src[j] == '\n') {
				j++
			}
			if j < n && src[j] == '}' {
				return true
			}
		case '{':
			braces++
		case '}':
			if braces > 0 {
				braces--
			}
		case '\n':
			if braces > 0 {
				return true
			}
		}
		i++
	}
	return braces > 0
}
