package site_test

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// fitWidths are the window widths a page must fit: a phone's and a
// desktop's.
var fitWidths = []int64{390, 1280}

// Every page type fits the window at a phone's and a desktop's width: the
// page is never wider than the window, so nothing is cut off at the right
// and no page scrolls sideways; and the script hides the "(needs ...)"
// labels written for readers without it. It opens every table page, the
// single pages, and the five largest pages of each folder of the others:
// expansions, worked examples, the order of play of each expansion (the
// largest carry the widest tables).
func TestBrowserPagesFitTheWindow(t *testing.T) {
	t.Parallel()
	// It opens some 60 pages twice, beside the accessibility test: 40 s on
	// a quiet machine, over a minute on a busy one. The bound is against
	// a hang, not a measure of speed.
	b := newBrowserWithin(t, 3*browserTimeout)
	dir := buildSite(t, "de")
	pages := fitPages(t, dir)
	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	if n := b.evalString(`String(document.querySelectorAll(".needs").length)`); n == "0" {
		t.Fatal("tables/dragon-diet.html has no (needs ...) labels to hide")
	}
	if b.visible(".needs") {
		t.Error("with the script running, the (needs ...) labels written for readers without it still show")
	}
	for _, width := range fitWidths {
		b.setWidth(width)
		for _, p := range pages {
			b.navigate(fileURL(dir, p))
			wide := b.evalString(`(() => {
				const w = document.documentElement.scrollWidth;
				if (w <= window.innerWidth) return "";
				const over = Array.from(document.querySelectorAll("body *"))
					.filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
					.filter(e => !e.parentElement || e.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
					.slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? "." + String(e.className).split(" ")[0] : "") + (e.id ? "#" + e.id : ""));
				return w + " px, " + over.join(", ");
			})()`)
			if wide != "" {
				t.Errorf("%s at %d px: the page is %s wider than the window", p, width, wide)
			}
		}
	}
}

// fitPages lists the pages the fit test opens, relative to the site's
// folder.
func fitPages(t *testing.T, dir string) []string {
	t.Helper()
	type page struct {
		path string
		size int64
	}
	byFolder := map[string][]page{}
	err := filepath.WalkDir(dir, func(name string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".html") {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, name)
		rel = filepath.ToSlash(rel)
		// The German edition's pages (de/) are grouped by their own
		// folders, a few of each, as another language's words are
		// longer.
		inner, german := strings.CutPrefix(rel, "de/")
		folder, _, _ := strings.Cut(inner, "/")
		if !strings.Contains(inner, "/") {
			folder = ""
		}
		if german {
			folder = "de:" + folder
		}
		byFolder[folder] = append(byFolder[folder], page{rel, info.Size()})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for folder, ps := range byFolder {
		slices.SortFunc(ps, func(a, b page) int { return cmp.Or(cmp.Compare(b.size, a.size), strings.Compare(a.path, b.path)) })
		switch {
		case strings.HasPrefix(folder, "de:"):
			ps = ps[:min(3, len(ps))]
		case folder != "tables" && folder != "":
			ps = ps[:min(5, len(ps))]
		}
		for _, p := range ps {
			out = append(out, p.path)
		}
	}
	slices.Sort(out)
	return out
}

// The selector and the search box work only with the script: without it
// they are not drawn, and a line says where one expansion's rules are;
// with it they are drawn and the line is not.
func TestControlsNeedTheScript(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	dir := buildSite(t)
	b.step("turning the script off", scripts(false))
	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	if b.visible("details.selector") || b.visible(".search") {
		t.Error("without the script: the selector or the search box is drawn")
	}
	if !b.visible(".no-script") {
		t.Error("without the script: no line says where one expansion's rules are")
	}
	b.step("turning the script on", scripts(true))
	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	if !b.visible("details.selector") || !b.visible(".search") {
		t.Error("with the script: the selector or the search box is not drawn")
	}
	if b.visible(".no-script") {
		t.Error("with the script: the line for readers without it shows")
	}
}

// scripts turns the page's scripts on or off.
func scripts(on bool) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !on})
		return chromedp.Void{}, err
	}
}
