package site_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tilekit/tilekit/site"
	"github.com/tilekit/tilekit/validator"
)

// The browser tests drive headless Chromium (Debian's chromium package, which
// `make chromium` installs) with chromedp over pages opened from file://, as
// a reader who downloaded the site would. Without Chromium they skip, unless
// TILEKIT_REQUIRE_BROWSER=1 (set by .ci/run), which makes a missing browser
// a failure.

const chromiumPath = "/usr/bin/chromium"

// browserTimeout bounds one browser test, start-up included.
const browserTimeout = 60 * time.Second

// stepTimeout bounds one step in a tab (opening a page, an evaluation):
// the largest pages (every tile, in German) take over 15 seconds to open
// while the rest of `go test ./...` runs beside the browser on two cores.
const stepTimeout = 40 * time.Second

// browser is a headless Chromium tab for one test, with the console
// messages that report a problem collected as they come.
type browser struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	problems []string
	done     chan struct{}
	stop     context.CancelFunc
}

// newBrowser starts Chromium with a fresh profile (so localStorage starts
// empty) and the flags this machine needs: no sandbox as root, no GPU, and
// no background connections, which a closed network refuses.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	return newBrowserWithin(t, browserTimeout)
}

// newBrowserWithin is newBrowser for a test bounded by a timeout of its own.
func newBrowserWithin(t *testing.T, timeout time.Duration) *browser {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		msg := fmt.Sprintf("%s not found (run `make chromium`, which installs Debian's chromium): %v", chromiumPath, err)
		if os.Getenv("TILEKIT_REQUIRE_BROWSER") == "1" {
			t.Fatalf("TILEKIT_REQUIRE_BROWSER=1 but %s", msg)
		}
		t.Skip("browser test skipped: " + msg)
	}
	profile := t.TempDir()
	parent, cancelParent := context.WithTimeout(context.Background(), timeout)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(parent,
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1024),
	)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	b := &browser{t: t, ctx: ctx, done: make(chan struct{})}
	t.Cleanup(func() {
		b.checkConsole()
		cancelCtx()
		cancelAlloc()
		cancelParent()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chromiumPath, err)
	}
	b.watchConsole()
	return b
}

// watchConsole collects console errors, uncaught exceptions and browser
// log errors (a script or stylesheet that failed to load, say).
func (b *browser) watchConsole() {
	ctx, stop := context.WithCancel(b.ctx)
	b.stop = stop
	messages := chromedp.Console(ctx)
	go func() {
		defer close(b.done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				b.mu.Lock()
				b.problems = append(b.problems, fmt.Sprintf("%s (%s:%d)", m, m.URL, m.Line+1))
				b.mu.Unlock()
			}
		}
	}()
}

// stopConsole ends the collection of console messages and waits for it.
func (b *browser) stopConsole() {
	if b.stop != nil {
		b.stop()
		<-b.done
		b.stop = nil
	}
}

// checkConsole fails the test for every problem the console reported; it
// runs when the test ends, also after a fatal failure.
func (b *browser) checkConsole() {
	b.t.Helper()
	if b.stop == nil {
		return
	}
	// A last round trip, so that earlier messages have come.
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`1`))
	cancel()
	b.stopConsole()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		b.t.Errorf("console: %s", p)
	}
}

// step runs actions in the tab, failing the test with what it was doing.
func (b *browser) step(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// navigate opens an address and waits for the page to load.
func (b *browser) navigate(target string) {
	b.t.Helper()
	b.step("opening "+target, chromedp.Navigate(target))
}

// click clicks an element with the mouse, as a reader does, after opening
// the folded <details> it is in by a click on its summary.
func (b *browser) click(css string) {
	b.t.Helper()
	closed := b.evalBool(fmt.Sprintf(`(() => { const d = document.querySelector(%q).closest("details");
		if (d === null || d.open) return false; d.setAttribute("data-test-closed", ""); return true; })()`, css))
	if closed {
		b.step("opening the folded parent of "+css, chromedp.Click(chromedp.CSS(`details[data-test-closed] > summary`)))
		b.eval(`document.querySelector("details[data-test-closed]").removeAttribute("data-test-closed")`)
	}
	b.step("clicking "+css, chromedp.Click(chromedp.CSS(css)))
}

// eval evaluates a JavaScript expression and decodes its JSON value.
func (b *browser) eval(expression string) json.RawMessage {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expression))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expression, err)
	}
	return raw
}

// evalAwait evaluates an expression whose value is a promise of a string
// and waits for it, longer than eval does.
func (b *browser) evalAwait(expression string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expression, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %.80s...: %v", expression, err)
	}
	return v
}

// setWidth sets the window's width, with a height of 900 px.
func (b *browser) setWidth(width int64) {
	b.t.Helper()
	b.step(fmt.Sprintf("setting the window to %d px", width), chromedp.EmulateViewport(width, 900))
}

// evalString evaluates an expression whose value is a string.
func (b *browser) evalString(expression string) string {
	b.t.Helper()
	var s string
	if err := json.Unmarshal(b.eval(expression), &s); err != nil {
		b.t.Fatalf("evaluating %s: not a string: %v", expression, err)
	}
	return s
}

// evalBool evaluates an expression whose value is a boolean.
func (b *browser) evalBool(expression string) bool {
	b.t.Helper()
	var v bool
	if err := json.Unmarshal(b.eval(expression), &v); err != nil {
		b.t.Fatalf("evaluating %s: not a boolean: %v", expression, err)
	}
	return v
}

// evalStrings evaluates an expression whose value is a list of strings.
func (b *browser) evalStrings(expression string) []string {
	b.t.Helper()
	var v []string
	if err := json.Unmarshal(b.eval(expression), &v); err != nil {
		b.t.Fatalf("evaluating %s: not a list of strings: %v", expression, err)
	}
	return v
}

// visibleAttr lists an attribute of the elements matching css that the
// page renders (a hidden element, or one inside a hidden element, has no
// box), in document order.
func (b *browser) visibleAttr(css, attr string) []string {
	b.t.Helper()
	return b.evalStrings(fmt.Sprintf(`Array.from(document.querySelectorAll(%q))
		.filter(e => e.getClientRects().length > 0).map(e => e.getAttribute(%q) || "")`, css, attr))
}

// visibleIDs lists the ids of the elements matching css that the page
// renders.
func (b *browser) visibleIDs(css string) []string {
	b.t.Helper()
	return b.visibleAttr(css, "id")
}

// visible reports whether the element matching css is rendered.
func (b *browser) visible(css string) bool {
	b.t.Helper()
	return b.evalBool(fmt.Sprintf(`(() => { const e = document.querySelector(%q);
		return e !== null && e.getClientRects().length > 0; })()`, css))
}

// checked lists the values of the checked selector boxes.
func (b *browser) checked() []string {
	b.t.Helper()
	return b.evalStrings(`Array.from(document.querySelectorAll('#selector input[name="x"]'))
		.filter(e => e.checked).map(e => e.value)`)
}

// query returns the page's query string, without "?", decoded.
func (b *browser) query() string {
	b.t.Helper()
	q, err := url.QueryUnescape(strings.TrimPrefix(b.evalString(`location.search`), "?"))
	if err != nil {
		b.t.Fatal(err)
	}
	return q
}

// typeSearch types words into the search box with the keyboard.
func (b *browser) typeSearch(words string) {
	b.t.Helper()
	b.eval(`document.getElementById("search").value = ""`)
	b.step("typing "+words, chromedp.SendKeys(chromedp.CSS("#search"), words))
}

// screenshotHeight bounds a screenshot: the top of a long page is what a
// closing note shows.
const screenshotHeight = 2400

// screenshot saves the page, full width and at most screenshotHeight pixels
// from the top, as PNG.
func (b *browser) screenshot(path string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	var size struct{ Width, Height float64 }
	if err := json.Unmarshal(b.eval(`({Width: document.documentElement.scrollWidth, Height: document.documentElement.scrollHeight})`), &size); err != nil {
		b.t.Fatal(err)
	}
	capture := func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
		r, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format:                page.CaptureScreenshotFormatPng,
			Clip:                  &page.Viewport{Width: size.Width, Height: min(size.Height, screenshotHeight), Scale: 1},
			CaptureBeyondViewport: new(true),
			FromSurface:           new(true),
		})
		return r.Data, err
	}
	png, err := chromedp.Run(ctx, chromedp.Action[[]byte](capture))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// fileURL is the file:// address of a page in a folder.
func fileURL(dir, page string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, page))}).String()
}

// copyFixture copies the hand-written pages of testdata/selector, which
// follow the site contract's markup, into a folder with the real script.
func copyFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/selector")); err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("assets/site.js")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "assets", "site.js"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestScriptSelector checks the script's selector on hand-written pages: the
// expected rows follow from each row's data-needs and data-publishers by the
// rules of the site contract (a part is selected when it or its expansion
// is, an expansion when it or any of its parts is).
func TestScriptSelector(t *testing.T) {
	dir := copyFixture(t)
	b := newBrowser(t)
	home := fileURL(dir, "index.html")
	rows := `#dragon-diet tr`
	all := []string{"answer-base", "answer-meeple", "answer-fairy", "answer-black-dragon", "answer-expansion", "answer-rgg"}

	b.navigate(home)
	if got := b.checked(); len(got) != 6 {
		t.Errorf("a first visit checks every box (no x: everything), got %v", got)
	}
	if got := b.visibleIDs(rows); !slices.Equal(got, all) {
		t.Errorf("everything selected: visible rows %v, want %v", got, all)
	}
	if b.visible(`p.hidden-count`) {
		t.Errorf("everything selected: a hidden count shows")
	}
	if b.visible(`#without-black-dragon`) {
		t.Errorf("data-unless=black-dragon shows while the Black Dragon is chosen")
	}

	// The reader unticks the Black Dragon.
	b.click(`input[value="black-dragon"]`)
	if !b.visible(`#without-black-dragon`) {
		t.Errorf("data-unless=black-dragon stays hidden without the Black Dragon")
	}
	want := []string{"answer-base", "answer-meeple", "answer-fairy", "answer-expansion", "answer-rgg"}
	if got := b.visibleIDs(rows); !slices.Equal(got, want) {
		t.Errorf("without the Black Dragon: visible rows %v, want %v", got, want)
	}
	if got := b.evalString(`document.querySelector('p[data-for="dragon-diet"]').textContent`); got != "1 row hidden by your choice" {
		t.Errorf("hidden count %q, want %q (the superseded ruling inside the hidden row is not counted again)", got, "1 row hidden by your choice")
	}
	// The choice is written as the shorter of its two forms: the one
	// expansion left out.
	if got := b.query(); got != "n=black-dragon" {
		t.Errorf("URL query %q, want n=black-dragon", got)
	}
	if got := b.evalString(`localStorage.getItem("tilekit-choice")`); got != "n=black-dragon" {
		t.Errorf("stored choice %q, want n=black-dragon", got)
	}
	links := b.evalStrings(`["to-table", "to-anchor", "to-outside"].map(id => document.getElementById(id).getAttribute("href"))`)
	wantLinks := []string{"tables/dragon-diet.html?n=black-dragon#answer-meeple", "#notes", "https://example.com/page.html"}
	if !slices.Equal(links, wantLinks) {
		t.Errorf("links %q, want %q (internal pages carry the choice, anchors and other sites do not)", links, wantLinks)
	}

	testParts(t, b)
	testPublisher(t, b)
	testRestore(t, b, dir)
}

// testParts unticks a part: the expansion stays selected through its other
// parts, and what needs the dragon goes.
func testParts(t *testing.T, b *browser) {
	b.click(`input[value="princess-dragon/dragon"]`)
	want := []string{"answer-base", "answer-expansion", "answer-rgg"}
	if got := b.visibleIDs(`#dragon-diet tr`); !slices.Equal(got, want) {
		t.Errorf("without the dragon: visible rows %v, want %v", got, want)
	}
	if b.evalBool(`document.querySelector('input[value="princess-dragon"]').checked`) ||
		!b.evalBool(`document.querySelector('input[value="princess-dragon"]').indeterminate`) {
		t.Errorf("with two of three parts, the expansion's box should be unchecked and indeterminate")
	}
	if got := b.query(); got != "n=princess-dragon/dragon,black-dragon" {
		t.Errorf("URL query %q, want the part and the expansion left out", got)
	}
	// Ticking the expansion again ticks all its parts.
	b.click(`input[value="princess-dragon"]`)
	if got := b.checked(); !slices.Equal(got, []string{"princess-dragon", "princess-dragon/princess", "princess-dragon/dragon", "princess-dragon/fairy", "drawbridges"}) {
		t.Errorf("after ticking the expansion: checked %v", got)
	}
	b.click(`input[value="drawbridges"]`)
	if b.visible(`#note-drawbridges`) || !b.visible(`#note-plain`) {
		t.Errorf("without drawbridges: the drawbridge note should hide and the plain one stay")
	}
	if got := b.evalString(`document.querySelector('p[data-for="notes"]').textContent`); got != "1 Notiz ausgeblendet" {
		t.Errorf("hidden count of the notes %q, want the page's own wording %q", got, "1 Notiz ausgeblendet")
	}
}

// testPublisher chooses a publisher: a row for another publisher hides.
func testPublisher(t *testing.T, b *browser) {
	b.step("choosing hig", chromedp.SetValue(chromedp.CSS(`select[name="p"]`), "hig"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('select[name="p"]').dispatchEvent(new Event("change", {bubbles: true}))`))
	want := []string{"answer-base", "answer-meeple", "answer-fairy", "answer-expansion"}
	if got := b.visibleIDs(`#dragon-diet tr`); !slices.Equal(got, want) {
		t.Errorf("publisher hig: visible rows %v, want %v", got, want)
	}
	if got := b.query(); got != "x=princess-dragon&p=hig" {
		t.Errorf("URL query %q, want x=princess-dragon&p=hig", got)
	}
}

// testRestore opens the permalink with nothing stored, then a bare address
// with the choice stored, then a form submitted without the script.
func testRestore(t *testing.T, b *browser, dir string) {
	permalink := b.evalString(`location.href`)
	b.eval(`localStorage.clear()`)
	b.navigate(fileURL(dir, "index.html"))
	if got := b.checked(); len(got) != 6 {
		t.Errorf("nothing in the URL or stored: every box should be checked, got %v", got)
	}
	b.navigate(permalink)
	want := []string{"princess-dragon", "princess-dragon/princess", "princess-dragon/dragon", "princess-dragon/fairy"}
	if got := b.checked(); !slices.Equal(got, want) {
		t.Errorf("permalink %s: checked %v, want %v", permalink, got, want)
	}
	if got := b.evalString(`document.querySelector('select[name="p"]').value`); got != "hig" {
		t.Errorf("permalink %s: publisher %q, want hig", permalink, got)
	}
	// The link to the table page carries the choice; the table page, opened
	// later without it, finds it in localStorage.
	b.navigate(b.evalString(`document.getElementById("to-table").href`))
	if got := b.visibleIDs(`#dragon-diet tr`); !slices.Equal(got, []string{"answer-meeple"}) {
		t.Errorf("table page from the link: visible rows %v, want only answer-meeple", got)
	}
	if got := b.evalString(`document.getElementById("to-home").getAttribute("href")`); got != "../index.html?x=princess-dragon&p=hig" {
		t.Errorf("table page: link home %q, want it to carry the choice", got)
	}
	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	if got := b.query(); got != "x=princess-dragon&p=hig" {
		t.Errorf("bare address: the stored choice should come back into the URL, got %q", got)
	}
	// A form submitted without the script repeats x.
	b.navigate(fileURL(dir, "index.html") + "?x=black-dragon&x=princess-dragon/fairy&p=")
	if got := b.checked(); !slices.Equal(got, []string{"princess-dragon/fairy", "black-dragon"}) {
		t.Errorf("repeated x: checked %v", got)
	}
	if got := b.visibleIDs(`#dragon-diet tr`); !slices.Equal(got, []string{"answer-base", "answer-expansion", "answer-rgg"}) {
		t.Errorf("repeated x: visible rows %v", got)
	}
}

// TestScriptTileFilters checks the tile gallery's filters on a
// hand-written page: a tile shows when it has every checked kind and its
// expansion is chosen; the kinds live in the gallery's URL alone.
func TestScriptTileFilters(t *testing.T) {
	dir := copyFixture(t)
	b := newBrowser(t)
	gallery := fileURL(dir, "tiles.html")
	tiles := `#tile-gallery li`
	count := `document.querySelector('p[data-for="tile-gallery"]').textContent`

	b.navigate(gallery)
	if got := b.visibleIDs(tiles); len(got) != 4 {
		t.Errorf("no filter: visible tiles %v, want all 4", got)
	}
	b.click(`input[name="kind"][value="city"]`)
	if got := b.visibleIDs(tiles); !slices.Equal(got, []string{"tile-base", "tile-dragon"}) {
		t.Errorf("city: visible tiles %v, want the two with a city", got)
	}
	if got := b.evalString(count); got != "2 tiles hidden" {
		t.Errorf("city: hidden count %q, want %q", got, "2 tiles hidden")
	}
	b.click(`input[name="kind"][value="dragon"]`)
	if got := b.visibleIDs(tiles); !slices.Equal(got, []string{"tile-dragon"}) {
		t.Errorf("city and dragon: visible tiles %v, want the one with both", got)
	}
	if got := b.query(); got != "k=city,dragon" {
		t.Errorf("city and dragon: URL query %q, want k=city,dragon", got)
	}
	b.click(`input[name="x"][value="princess-dragon"]`)
	if got := b.visibleIDs(tiles); len(got) != 0 {
		t.Errorf("city and dragon without The Princess & the Dragon: visible tiles %v, want none", got)
	}
	if got := b.query(); got != "x=black-dragon&k=city,dragon" {
		t.Errorf("URL query %q, want x=black-dragon&k=city,dragon", got)
	}
	if got := b.evalString(`document.getElementById("to-home").getAttribute("href")`); got != "index.html?x=black-dragon" {
		t.Errorf("link home %q: it should carry the choice of expansions but not the tile filters", got)
	}
	// Reopened, the gallery's permalink restores both.
	b.navigate(fileURL(dir, "tiles.html") + "?x=princess-dragon&k=volcano")
	if got := b.visibleIDs(tiles); !slices.Equal(got, []string{"tile-volcano"}) {
		t.Errorf("permalink x=princess-dragon&k=volcano: visible tiles %v, want the volcano", got)
	}
}

// TestScriptSearch checks the search box on the fixture's index: every word
// must match, in any case, and at most 20 results are listed; a result's
// kind is worded as the page says (data-kind-answer).
func TestScriptSearch(t *testing.T) {
	dir := copyFixture(t)
	b := newBrowser(t)
	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	results := `Array.from(document.querySelectorAll("#search-results li a")).map(a => a.textContent)`

	b.typeSearch("FAIRY")
	got := b.evalStrings(results)
	if len(got) != 20 || got[0] != "Fairy 01" {
		t.Errorf("FAIRY: %d results starting %q, want 20 (of 24) in the index's order", len(got), got)
	}
	if note := b.evalString(`document.querySelector("#search-results li.search-note").textContent`); !strings.HasPrefix(note, "4 more") {
		t.Errorf("FAIRY: note %q, want it to say 4 more", note)
	}
	b.typeSearch("fairy  black")
	got = b.evalStrings(results)
	if !slices.Equal(got, []string{"The Black Dragon eats the fairy"}) {
		t.Errorf("fairy black: results %q, want the one entry with both words", got)
	}
	if kind := b.evalString(`document.querySelector("#search-results li .kind").textContent`); kind != " Antwort" {
		t.Errorf("fairy black: the result's kind reads %q, want the page's word for an answer, %q", kind, " Antwort")
	}
	href := b.evalString(`document.querySelector("#search-results li a").getAttribute("href")`)
	if href != "../tables/dragon-diet.html#answer-black-dragon" {
		t.Errorf("result link %q, want it relative to this page", href)
	}
	b.typeSearch("dragon bridge")
	if got = b.evalStrings(results); len(got) != 0 {
		t.Errorf("dragon bridge: results %q, want none (no entry has both words)", got)
	}
	b.typeSearch("   ")
	if n := b.evalString(`String(document.querySelectorAll("#search-results li").length)`); n != "0" {
		t.Errorf("blank search: %s items listed, want none", n)
	}
}

// buildSite builds the built-in site (every expansion, the reader chooses)
// into a temporary folder, as `tilekit site build` writes it, in English
// and in the translations given, each in its folder.
func buildSite(t *testing.T, translations ...string) string {
	t.Helper()
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		t.Fatal(err)
	}
	built, err := site.Build(cat, site.Options{Translations: translations})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, p := range built.Paths() {
		data, ok := built.File(p)
		if !ok {
			t.Fatalf("Paths lists %s but File has no such file", p)
		}
		name := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// screenshotDir is where the browser test leaves its screenshots for the
// closing note of issue 12 (ignored by git).
const screenshotDir = "testdata/screenshots"

// dietRows are the answer rows of the dragon-diet table ("What the red
// dragon eats"), by subject.
const dietRows = `table.answers#dragon-diet tr[data-subject]`

// TestBrowserSite drives the built-in site as a reader does (issue 12): on
// the home page they choose The Princess & the Dragon without the Black
// Dragon; the dragon-diet table then hides the row about the Black Dragon;
// the permalink, reloaded with nothing remembered, restores the choice; a
// search for "fairy" finds pages that exist; and no page writes an error to
// the console. It saves screenshots of three pages.
func TestBrowserSite(t *testing.T) {
	start := time.Now()
	b := newBrowser(t)
	dir := buildSite(t)

	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	before := b.visibleAttr(dietRows, "data-subject")
	if !slices.Contains(before, "black-dragon") || !slices.Contains(before, "fairy") {
		t.Fatalf("every expansion selected: the dragon-diet rows %v should include black-dragon and fairy", before)
	}

	b.navigate(fileURL(dir, "index.html"))
	all := b.evalStrings(`Array.from(document.querySelectorAll('#selector input[name="x"]')).map(e => e.value)`)
	if got := b.checked(); len(all) == 0 || !slices.Equal(got, all) {
		t.Fatalf("first visit: checked %d of %d boxes, want all", len(got), len(all))
	}
	chooseOnly(t, b, "princess-dragon")
	if got := b.query(); got != "x=princess-dragon" {
		t.Errorf("after choosing The Princess & the Dragon alone: URL query %q, want x=princess-dragon", got)
	}

	// Follow the home page's link to the table: it carries the choice.
	b.navigate(b.evalString(`(() => { const a = Array.from(document.querySelectorAll("a[href]"))
		.find(a => (a.getAttribute("data-href") || a.getAttribute("href")).split(/[?#]/)[0].endsWith("tables/dragon-diet.html"));
		return a ? a.href : ""; })()`))
	after := b.visibleAttr(dietRows, "data-subject")
	checkDietRows(t, b, before, after)
	b.screenshot(filepath.Join(screenshotDir, "table-dragon-diet.png"))

	// Reload the permalink with nothing remembered.
	permalink := b.evalString(`location.href`)
	b.eval(`localStorage.clear()`)
	b.step("reloading "+permalink, chromedp.Reload())
	if got := b.query(); got != "x=princess-dragon" {
		t.Errorf("reloaded permalink %s: query %q", permalink, got)
	}
	if got := b.visibleAttr(dietRows, "data-subject"); !slices.Equal(got, after) {
		t.Errorf("reloaded permalink %s: visible rows %v, want %v as before the reload", permalink, got, after)
	}
	if got := b.checked(); !slices.Contains(got, "princess-dragon") || slices.Contains(got, "black-dragon") {
		t.Errorf("reloaded permalink %s: checked %v, want princess-dragon without black-dragon", permalink, got)
	}

	// Another page opened without the query remembers the choice.
	b.navigate(fileURL(dir, "expansions/princess-dragon.html"))
	if got := b.query(); got != "x=princess-dragon" {
		t.Errorf("expansion page opened bare: query %q, want the remembered x=princess-dragon", got)
	}
	b.screenshot(filepath.Join(screenshotDir, "expansion-princess-dragon.png"))

	checkGallery(t, b, dir)
	searchQuestion(t, b, dir)
	searchFairy(t, b, dir)
	b.screenshot(filepath.Join(screenshotDir, "home.png"))
	t.Logf("browser test of the built-in site: %v", time.Since(start).Round(time.Millisecond))
}

// chooseOnly unticks every box, as a reader clicking each would, and then
// ticks one expansion with the mouse.
func chooseOnly(t *testing.T, b *browser, expansion string) {
	t.Helper()
	b.eval(`for (const box of document.querySelectorAll('#selector input[name="x"]')) { if (box.checked) box.click(); }`)
	if got := b.checked(); len(got) != 0 {
		t.Fatalf("after unticking every box: still checked %v", got)
	}
	b.click(fmt.Sprintf(`#selector input[name="x"][value=%q]`, expansion))
	got := b.checked()
	if len(got) == 0 || got[0] != expansion {
		t.Fatalf("after ticking %s: checked %v", expansion, got)
	}
	for _, id := range got {
		if id != expansion && !strings.HasPrefix(id, expansion+"/") {
			t.Errorf("after ticking %s: %s is checked too", expansion, id)
		}
	}
}

// checkDietRows checks the dragon-diet table for The Princess & the Dragon
// alone: the rows of the Black Dragon (a fan expansion) and of another
// expansion's figure (the barn, from Abbey & Mayor) hide, the fairy's and
// the meeple's stay, and the page counts what it hid.
func checkDietRows(t *testing.T, b *browser, before, after []string) {
	t.Helper()
	if len(after) >= len(before) {
		t.Errorf("The Princess & the Dragon alone: %d visible rows, want fewer than the %d with everything", len(after), len(before))
	}
	for _, subject := range []string{"black-dragon", "barn"} {
		if slices.Contains(after, subject) {
			t.Errorf("The Princess & the Dragon alone: the %s row still shows", subject)
		}
	}
	for _, subject := range []string{"fairy", "meeple"} {
		if !slices.Contains(after, subject) {
			t.Errorf("The Princess & the Dragon alone: the %s row is hidden", subject)
		}
	}
	count := b.evalString(`(() => { const p = document.querySelector('p.hidden-count[data-for="dragon-diet"]');
		return p && p.getClientRects().length > 0 ? p.textContent : ""; })()`)
	if n := regexp.MustCompile(`\d+`).FindString(count); n != fmt.Sprint(len(before)-len(after)) {
		t.Errorf("hidden count %q, want it to say %d", count, len(before)-len(after))
	}
}

// checkGallery filters the tile gallery, with The Princess & the Dragon
// remembered, for tiles with a dragon symbol: some show, each has the
// symbol and belongs to the base game or the chosen expansion.
func checkGallery(t *testing.T, b *browser, dir string) {
	t.Helper()
	b.navigate(fileURL(dir, "tiles.html"))
	b.click(`#tile-filters input[name="kind"][value="dragon"]`)
	tiles := b.evalStrings(`Array.from(document.querySelectorAll("#tile-gallery li"))
		.filter(e => e.getClientRects().length > 0)
		.map(e => (e.getAttribute("data-needs") || "") + "|" + e.getAttribute("data-kinds"))`)
	if len(tiles) == 0 {
		t.Fatalf("tile gallery, The Princess & the Dragon, kind dragon: no tile shows")
	}
	for _, tile := range tiles {
		needs, kinds, _ := strings.Cut(tile, "|")
		if !slices.Contains(strings.Fields(kinds), "dragon") || (needs != "" && !strings.HasPrefix(needs, "princess-dragon")) {
			t.Errorf("tile gallery, The Princess & the Dragon, kind dragon: a tile with data-needs %q and data-kinds %q shows", needs, kinds)
		}
	}
}

// searchQuestion asks the search, with The Princess & the Dragon alone
// chosen, the reader's question "can the dragon eat my fairy": the first
// result is the fairy's answer in the red dragon's diet, shown with the
// table's question and its verdict, and no result is of an expansion not
// chosen (the Black Dragon's diet). "/" opens the search box.
func searchQuestion(t *testing.T, b *browser, dir string) {
	t.Helper()
	b.navigate(fileURL(dir, "expansions/princess-dragon.html"))
	b.eval(`document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "/", bubbles: true})); true`)
	if got := b.evalString(`document.activeElement ? document.activeElement.id : ""`); got != "search" {
		t.Errorf(`after "/": the focus is on %q, want the search box`, got)
	}
	b.typeSearch("Can the dragon eat my fairy?")
	results := b.evalStrings(`Array.from(document.querySelectorAll("#search-results li")).filter(li => li.querySelector("a"))
		.map(li => li.querySelector("a").getAttribute("data-href") + "|" + li.textContent)`)
	if len(results) == 0 {
		t.Fatal(`search "Can the dragon eat my fairy?": nothing found`)
	}
	href, text, _ := strings.Cut(results[0], "|")
	if !strings.Contains(href, "tables/dragon-diet.html#") || !strings.HasPrefix(text, "Fairy") || !strings.Contains(text, "Can the red dragon eat it?") {
		t.Errorf(`search "Can the dragon eat my fairy?": first result %q (%s), want the fairy's answer in the red dragon's diet with its question`, text, href)
	}
	for _, r := range results {
		if strings.Contains(r, "black-dragon") {
			t.Errorf("search with The Princess & the Dragon alone: a result of the Black Dragon, %q", r)
		}
	}
}

// searchFairy searches the home page for "fairy": results appear, each a
// link to a page of the site.
func searchFairy(t *testing.T, b *browser, dir string) {
	t.Helper()
	b.navigate(fileURL(dir, "index.html"))
	b.typeSearch("fairy")
	links := b.evalStrings(`Array.from(document.querySelectorAll("#search-results li a")).map(a => a.getAttribute("data-href"))`)
	if len(links) == 0 || len(links) > 20 {
		t.Fatalf("search for fairy: %d results, want 1 to 20", len(links))
	}
	for _, link := range links {
		page := strings.SplitN(strings.SplitN(link, "#", 2)[0], "?", 2)[0]
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(page))); err != nil {
			t.Errorf("search result %s: %v", link, err)
		}
	}
}

// The selector's presets and short permalinks: "None" leaves the base game
// alone (no row of the dragon-diet table that needs an expansion shows) and
// says so when folded, "All" brings every row back, one unticked box is
// written as the one id left out (n=), which a reload reads back, and an
// expansion page's "only this expansion" link chooses it alone.
func TestScriptSelectorPresets(t *testing.T) {
	b := newBrowser(t)
	dir := buildSite(t)
	b.navigate(fileURL(dir, "tables/dragon-diet.html"))
	all := b.visibleAttr(dietRows, "data-subject")
	b.click(`#selector button[data-select="none"]`)
	if got := b.checked(); len(got) != 0 {
		t.Errorf(`after "None": checked %v`, got)
	}
	for _, row := range b.evalStrings(`Array.from(document.querySelectorAll("` + dietRows + `")).filter(e => e.getClientRects().length > 0).map(e => e.getAttribute("data-needs") || "")`) {
		if row != "" {
			t.Errorf(`after "None": a row that needs %q shows`, row)
		}
	}
	if got := b.evalString(`(() => { const n = document.querySelector(".needs-note"); return n && n.getClientRects().length > 0 ? n.textContent : ""; })()`); !strings.Contains(got, "The Princess & the Dragon") {
		t.Errorf(`after "None": the dragon-diet table does not say which expansion it needs: %q`, got)
	}
	if got := b.evalString(`document.querySelector(".choice-now").textContent`); got != "0 expansions" {
		t.Errorf(`after "None": the folded selector says %q, want "0 expansions"`, got)
	}
	b.click(`#selector button[data-select="all"]`)
	if got := b.evalString(`String(document.querySelector(".needs-note").getClientRects().length)`); got != "0" {
		t.Errorf(`after "All": the note that the table needs its expansion shows`)
	}
	if got := b.visibleAttr(dietRows, "data-subject"); !slices.Equal(got, all) {
		t.Errorf(`after "All": rows %v, want every row %v`, got, all)
	}
	if got := b.query(); got != "" {
		t.Errorf(`after "All": query %q, want none`, got)
	}
	// The bundle of the expansions whose rules are written here chooses
	// exactly the expansions with a rules text, parts with them.
	b.click(`#selector button[data-bundle]`)
	want := strings.Fields(b.evalString(`document.querySelector("#selector button[data-bundle]").getAttribute("data-bundle")`))
	got := b.checked()
	for _, id := range want {
		if !slices.Contains(got, id) {
			t.Errorf("after the rules bundle: %s is not checked (checked %v)", id, got)
		}
	}
	for _, id := range got {
		if parent, _, _ := strings.Cut(id, "/"); !slices.Contains(want, parent) {
			t.Errorf("after the rules bundle: %s is checked, which the bundle %v does not name", id, want)
		}
	}
	if !slices.Equal(want, []string{"abbey-mayor", "abbot", "black-dragon", "drawbridges", "inns-cathedrals", "phantom", "princess-dragon", "tower", "traders-builders"}) {
		t.Errorf("the rules bundle names %v: want the expansions with rules texts", want)
	}
	checkBoxBundle(t, b, "big-box-6")
	b.click(`#selector button[data-select="all"]`)
	b.click(`#selector input[name="x"][value="black-dragon"]`)
	if got := b.query(); got != "n=black-dragon" {
		t.Errorf("after unticking the Black Dragon alone: query %q, want n=black-dragon", got)
	}
	b.step("reloading", chromedp.Reload())
	if got := b.checked(); slices.Contains(got, "black-dragon") || !slices.Contains(got, "princess-dragon") {
		t.Errorf("reloaded with n=black-dragon: checked %v", got)
	}
	b.navigate(fileURL(dir, "expansions/drawbridges.html"))
	b.navigate(b.evalString(`document.querySelector(".only-this a").href`))
	if got := b.query(); got != "x=drawbridges" {
		t.Errorf(`after "only this expansion" on the Drawbridges' page: query %q`, got)
	}
	if got := b.checked(); !slices.Equal(got, []string{"drawbridges"}) {
		t.Errorf(`after "only this expansion": checked %v`, got)
	}
	if got := b.evalString(`document.querySelector(".choice-now").textContent`); got != "1 expansion" {
		t.Errorf(`after "only this expansion": the folded selector says %q, want "1 expansion"`, got)
	}
}

// checkBoxBundle clicks the button of a built-in boxed set and checks
// that exactly the expansions its data lists, with their parts, and the
// parts it lists are then checked.
func checkBoxBundle(t *testing.T, b *browser, id string) {
	t.Helper()
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		t.Fatal(err)
	}
	x := cat.Box(id)
	if x == nil {
		t.Fatalf("the built-in data has no box %s", id)
	}
	var want []string
	for _, id := range boxIDs(x, func(string) bool { return true }) {
		want = append(want, id)
		if e := cat.Expansion(id); e != nil {
			for _, p := range e.Parts {
				want = append(want, p.ID)
			}
		}
	}
	b.click(`#selector button[data-box="` + id + `"]`)
	got := b.checked()
	slices.Sort(want)
	slices.Sort(got)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("after the %s bundle: checked %v, want %v", x.Name, got, want)
	}
}

// The "my game" sheet of the three expansions with rules here prints on at
// most two A4 pages, and that because the choice hides the rest: every
// expansion's sheet is longer.
func TestSheetPrintsOnTwoPages(t *testing.T) {
	b := newBrowser(t)
	dir := buildSite(t)
	pages := func(query string) int {
		b.navigate(fileURL(dir, "sheet.html") + query)
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		print := func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
			r, err := cdp.Call(ctx, tg, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: 8.27, PaperHeight: 11.69})
			return r.Data, err
		}
		pdf, err := chromedp.Run(ctx, chromedp.Action[[]byte](print))
		if err != nil {
			t.Fatalf("printing the sheet: %v", err)
		}
		return len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
	}
	seeds := pages("?x=princess-dragon,black-dragon,drawbridges")
	if seeds < 1 || seeds > 2 {
		t.Errorf("the sheet of the three expansions prints on %d A4 pages, want 1 or 2", seeds)
	}
	if all := pages("?n="); all <= seeds {
		t.Errorf("every expansion's sheet prints on %d pages, the three's on %d: the choice hides nothing", all, seeds)
	}
}
