package site_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// axePath is axe-core's script, which `make axe` installs from the npm
// registry.
var axePath = filepath.Join("..", "testdata", "axe", "node_modules", "axe-core", "axe.min.js")

// axeViolation is one rule axe-core found broken on a page, with the first
// elements that break it.
type axeViolation struct {
	ID    string `json:"id"`
	Help  string `json:"help"`
	Nodes []struct {
		Target []string `json:"target"`
	} `json:"nodes"`
}

// Every page type passes axe-core's checks (WCAG 2.1 AA: contrast, names
// of links and controls, landmarks, headings, the language) at a phone's
// and a desktop's width, with the script running: the same pages as the
// fit test.
func TestBrowserPagesPassAxe(t *testing.T) {
	t.Parallel()
	script, err := os.ReadFile(axePath)
	if err != nil {
		msg := fmt.Sprintf("%s not found (run `make axe`, which installs axe-core from the npm registry): %v", axePath, err)
		if os.Getenv("TILEKIT_REQUIRE_BROWSER") == "1" {
			t.Fatalf("TILEKIT_REQUIRE_BROWSER=1 but %s", msg)
		}
		t.Skip("accessibility test skipped: " + msg)
	}
	start := time.Now()
	// Some 50 pages at two widths: two and a half minutes on a quiet
	// machine, more on a busy one. The bound is against a hang.
	b := newBrowserWithin(t, 8*browserTimeout)
	dir := buildSite(t, "de")
	// axe sees a fault: a paragraph of light grey on white fails contrast.
	b.navigate(fileURL(dir, "index.html"))
	b.eval(string(script) + ";true")
	b.eval(`(() => { const p = document.createElement("p"); p.textContent = "faint"; p.style.color = "#cccccc"; document.querySelector("main").append(p); return true; })()`)
	if got := axeRun(t, b, "index.html"); len(got) == 0 || got[0].ID != "color-contrast" {
		t.Fatalf("axe on a page with light grey text: %v, want a color-contrast violation", got)
	}
	for _, width := range fitWidths {
		b.setWidth(width)
		for _, p := range fitPages(t, dir) {
			b.navigate(fileURL(dir, p))
			b.eval(string(script) + ";true")
			for _, v := range axeRun(t, b, p) {
				var where []string
				for _, n := range v.Nodes {
					where = append(where, strings.Join(n.Target, " "))
				}
				t.Errorf("%s at %d px: %s (%s), at %s", p, width, v.ID, v.Help, strings.Join(where, "; "))
			}
		}
	}
	t.Logf("axe checked %d pages at %d widths in %v", len(fitPages(t, dir)), len(fitWidths), time.Since(start).Round(time.Millisecond))
}

// axeRun runs axe-core, loaded in the page, for the WCAG 2.1 A and AA rules
// and returns the rules the page breaks. It reads no stylesheet by
// request (preload), which file:// pages refuse.
func axeRun(t *testing.T, b *browser, page string) []axeViolation {
	t.Helper()
	raw := b.evalAwait(`axe.run(document, {preload: false, runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]})
		.then(r => JSON.stringify(r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map(n => ({target: n.target}))}))))`)
	var vs []axeViolation
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		t.Fatalf("%s: axe's result %q: %v", page, raw, err)
	}
	return vs
}
