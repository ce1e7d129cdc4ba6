package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockedBuffer is a bytes.Buffer that the server's goroutines and the test
// may use at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// fanExpansion is a data file for a fan expansion with the given name.
func fanExpansion(name string) string {
	return "[[expansion]]\nid = \"moats\"\nname = \"" + name + "\"\nkind = \"fan\"\neditions = [\"C3\"]\n"
}

// get fetches a page of the server and returns its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// waitFor fetches url until its body satisfies ok, for at most 30 seconds:
// a rebuild takes well under a second, but a machine running every test
// package at once may be slow.
func waitFor(t *testing.T, url string, ok func(string) bool) bool {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, body := get(t, url); ok(body) {
			return true
		}
	}
	return false
}

// The preview server serves the built site, rebuilds it when a data file
// changes, keeps the last good site when a rebuild fails, and stops when
// its context is done.
func TestSiteServeRebuildsWhenDataChanges(t *testing.T) {
	data := filepath.Join(t.TempDir(), "moats")
	file := filepath.Join(data, "expansions", "moats.toml")
	writeFile(t, file, fanExpansion("Moats and Ditches"))
	var stderr lockedBuffer
	cmd := &cobra.Command{}
	cmd.SetErr(&stderr)
	opts := &siteServeOptions{siteOptions: siteOptions{data: dataFlags{dirs: []string{data}}}, poll: 10 * time.Millisecond}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- serveSite(ctx, cmd, ln, opts) }()
	defer func() {
		cancel()
		assert.NoError(t, <-served, "a stop is no error")
		assert.Contains(t, stderr.String(), "tilekit: stopped")
		_, err := http.Get("http://" + ln.Addr().String() + "/index.html")
		assert.Error(t, err, "nothing listens after the stop")
	}()
	index := "http://" + ln.Addr().String() + "/index.html"

	require.True(t, waitFor(t, index, func(body string) bool { return strings.Contains(body, "Moats and Ditches") }), "the first build is served; stderr:\n%s", stderr.String())
	status, _ := get(t, "http://"+ln.Addr().String()+"/")
	assert.Equal(t, http.StatusOK, status, "the root serves index.html")

	replaceFile(t, file, fanExpansion("Moats and Drawbridges"))
	require.True(t, waitFor(t, index, func(body string) bool { return strings.Contains(body, "Moats and Drawbridges") }), "the change is served; stderr:\n%s", stderr.String())
	assert.Contains(t, stderr.String(), "tilekit: rebuilt the site")

	replaceFile(t, file, "[[expansion]\nid = \"moats\"\n")
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "still serving the last good one") }, 30*time.Second, 10*time.Millisecond)
	assert.Contains(t, stderr.String(), "moats.toml:1:", "the problem is located")
	assert.Contains(t, stderr.String(), "[toml-syntax]")
	_, body := get(t, index)
	assert.Contains(t, body, "Moats and Drawbridges", "the last good site is still served")

	replaceFile(t, file, fanExpansion("Moats Mended"))
	require.True(t, waitFor(t, index, func(body string) bool { return strings.Contains(body, "Moats Mended") }), "a fixed file is served again; stderr:\n%s", stderr.String())
}

// replaceFile gives a file new content in one step, as an editor that
// saves atomically does: written in full beside it under a hidden name,
// then renamed over it, so that no poll sees it half-written.
func replaceFile(t *testing.T, file, content string) {
	t.Helper()
	tmp := filepath.Join(filepath.Dir(file), ".new-"+filepath.Base(file))
	require.NoError(t, os.WriteFile(tmp, []byte(content), 0o644))
	require.NoError(t, os.Rename(tmp, file))
}

// A change is rebuilt once the fingerprint has held for two polls in a
// row: a file still being written (its size or time changing at every
// poll) is not built, and a fingerprint already built is not built again.
func TestSiteDataWatchWaitsForTheDataToSettle(t *testing.T) {
	stamp := func(size int64) map[string]fileStamp {
		return map[string]fileStamp{"moats.toml": {size: size, modTime: time.Unix(size, 0)}}
	}
	w := &dataWatch{built: stamp(10), last: stamp(10)}
	assert.False(t, w.settled(stamp(10)), "nothing changed")
	assert.False(t, w.settled(stamp(0)), "a file just truncated, being written")
	assert.False(t, w.settled(stamp(5)), "still growing")
	assert.True(t, w.settled(stamp(5)), "held for two polls: rebuild")
	assert.False(t, w.settled(stamp(5)), "already built")
	assert.False(t, w.settled(stamp(10)), "changed back, once")
	assert.True(t, w.settled(stamp(10)), "and held")
	assert.False(t, w.settled(stamp(11)), "changed")
	assert.False(t, w.settled(stamp(10)), "back to what was built before it settled")
	assert.False(t, w.settled(stamp(10)), "what was built is not built again")
}

// The data folders' .toml and .md files make the fingerprint; hidden files
// and other files do not.
func TestSiteDataFingerprint(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "expansions", "a.toml"), "x")
	writeFile(t, filepath.Join(dir, "expansions", "text", "en", "a.md"), "# A\n")
	writeFile(t, filepath.Join(dir, "expansions", ".#a.toml"), "lock")
	writeFile(t, filepath.Join(dir, ".git", "x.toml"), "x")
	writeFile(t, filepath.Join(dir, "notes.txt"), "x")
	got := dataFingerprint([]string{dir})
	var names []string
	for p := range got {
		rel, err := filepath.Rel(dir, p)
		require.NoError(t, err)
		names = append(names, filepath.ToSlash(rel))
	}
	assert.ElementsMatch(t, []string{"expansions/a.toml", "expansions/text/en/a.md"}, names)
	assert.Equal(t, int64(4), got[filepath.Join(dir, "expansions", "text", "en", "a.md")].size)
}

// When the listener fails, the server stops with an error instead of
// watching the data for ever.
func TestSiteServeStopsWhenTheListenerFails(t *testing.T) {
	var stderr lockedBuffer
	cmd := &cobra.Command{}
	cmd.SetErr(&stderr)
	data := filepath.Join(t.TempDir(), "moats")
	writeFile(t, filepath.Join(data, "expansions", "moats.toml"), fanExpansion("Moats"))
	opts := &siteServeOptions{siteOptions: siteOptions{data: dataFlags{dirs: []string{data}}}, poll: 10 * time.Millisecond}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- serveSite(context.Background(), cmd, ln, opts) }()
	require.True(t, waitFor(t, "http://"+ln.Addr().String()+"/index.html", func(body string) bool { return strings.Contains(body, "Moats") }))
	ln.Close()
	select {
	case err := <-served:
		require.Error(t, err)
		assert.Contains(t, err.Error(), "serving the site")
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
}

// The preview answers GET and HEAD with the page and any other method
// with 405 and the methods it allows, as a static host does.
func TestSitePreviewAllowsOnlyGetAndHead(t *testing.T) {
	preview := &sitePreview{}
	h := http.FileServer(http.FS(fstest.MapFS{"tables.html": {Data: []byte("<p>the page</p>")}}))
	preview.current.Store(&h)
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		rec := httptest.NewRecorder()
		preview.ServeHTTP(rec, httptest.NewRequest(method, "/tables.html", nil))
		assert.Equal(t, http.StatusOK, rec.Code, method)
	}
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions} {
		rec := httptest.NewRecorder()
		preview.ServeHTTP(rec, httptest.NewRequest(method, "/tables.html", strings.NewReader("x")))
		assert.Equal(t, http.StatusMethodNotAllowed, rec.Code, method)
		assert.Equal(t, "GET, HEAD", rec.Header().Get("Allow"), method)
		assert.NotContains(t, rec.Body.String(), "the page", method)
	}
}
