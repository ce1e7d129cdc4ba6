package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit/site"
)

// siteServeOptions holds what "tilekit site serve" was asked for.
type siteServeOptions struct {
	siteOptions
	addr string
	// poll is how often the data folders are looked at for changes.
	poll time.Duration
}

// sitePollInterval is how often site serve looks for changed data files.
const sitePollInterval = time.Second

func newSiteServeCmd() *cobra.Command {
	opts := &siteServeOptions{poll: sitePollInterval}
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Build the site in memory and serve it for preview, rebuilding when data changes",
		Long: `serve builds the rules reference in memory, as site build would, and
serves it over HTTP at --addr for a preview in a browser. Every second it
looks at the .toml and .md files of the --data folders, and when one was
added, removed or changed, and stayed so at the next look, it builds the
site again. It answers GET and HEAD, and any other method with 405. A build that fails
prints the problems and the last good site is still served; when the data
has problems at the start, nothing is served and the run exits 1. Ctrl-C
stops it. To publish the site, use site build.`,
		Example: `  tilekit site serve
  tilekit site serve --data ./my-expansion --addr 127.0.0.1:9000`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("site serve takes no arguments; it builds in memory (site build DIR writes a folder)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSiteServe(cmd, opts)
		},
	}
	opts.siteOptions.register(cmd)
	cmd.Flags().StringVar(&opts.addr, "addr", "127.0.0.1:8080", "the address to listen at, host:port")
	return cmd
}

// runSiteServe listens at the address and serves until interrupted.
func runSiteServe(cmd *cobra.Command, opts *siteServeOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return usagef("--addr %s: %v", opts.addr, unwrapNetError(err))
	}
	return serveSite(ctx, cmd, ln, opts)
}

// unwrapNetError drops the "listen tcp ADDR:" the address is already named in.
func unwrapNetError(err error) error {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err
	}
	return err
}

// sitePreview is the site being served: the last good build, replaced
// whole when a rebuild succeeds.
type sitePreview struct {
	current atomic.Pointer[http.Handler]
}

func (p *sitePreview) set(s *site.Site) {
	h := http.FileServer(http.FS(s.FS()))
	p.current.Store(&h)
}

// ServeHTTP serves the current site to GET and HEAD, and answers any other
// method with 405, as a static host does; the browser is told to ask again
// each time, so that a reload shows the latest build.
func (p *sitePreview) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed: the preview serves pages to GET and HEAD only", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	(*p.current.Load()).ServeHTTP(w, r)
}

// serveSite builds the site, serves it on ln and rebuilds it when a data
// file changes, until ctx is done. A failed first build is the run's
// error; a failed rebuild is printed and the last good site kept.
func serveSite(ctx context.Context, cmd *cobra.Command, ln net.Listener, opts *siteServeOptions) error {
	defer ln.Close() // Serve closes it too, but a failed first build returns before
	stderr := cmd.ErrOrStderr()
	dirs := opts.data.folders() // the built-in data never changes
	seen := dataFingerprint(dirs)
	s, err := loadAndBuildSite(cmd, &opts.siteOptions, site.Options{Stats: opts.stats})
	if err != nil {
		return err
	}
	preview := &sitePreview{}
	preview.set(s)
	srv := &http.Server{Handler: preview, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	fmt.Fprintf(stderr, "tilekit: serving the site (%d files) at http://%s/ (Ctrl-C stops)\n", len(s.Paths()), ln.Addr())
	watchCtx, stopWatching := context.WithCancel(ctx)
	var watching sync.WaitGroup
	watching.Go(func() { watchData(watchCtx, cmd, opts, dirs, seen, preview) })
	select {
	case <-ctx.Done():
		err = nil
	case err = <-served:
		err = fmt.Errorf("serving the site: %w", err)
	}
	stopWatching()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(shutdown)
	watching.Wait()
	if err == nil {
		fmt.Fprintln(stderr, "tilekit: stopped")
	}
	return err
}

// watchData looks at the data files every opts.poll until ctx is done, and
// rebuilds the site when they changed and then held still for a poll.
func watchData(ctx context.Context, cmd *cobra.Command, opts *siteServeOptions, dirs []string, seen map[string]fileStamp, preview *sitePreview) {
	if len(dirs) == 0 {
		<-ctx.Done()
		return
	}
	tick := time.NewTicker(opts.poll)
	defer tick.Stop()
	watch := &dataWatch{built: seen, last: seen}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if watch.settled(dataFingerprint(dirs)) {
			rebuildSite(cmd, opts, preview)
		}
	}
}

// dataWatch decides when changed data files are worth a rebuild: once
// their fingerprint differs from the one last built and has held for two
// polls in a row, so that a file an editor is still writing is not built
// half-written.
type dataWatch struct {
	built, last map[string]fileStamp
}

// settled takes the fingerprint of one poll and reports whether to
// rebuild now; it then counts the fingerprint as built.
func (w *dataWatch) settled(now map[string]fileStamp) bool {
	held := maps.Equal(now, w.last)
	w.last = now
	if !held || maps.Equal(now, w.built) {
		return false
	}
	w.built = now
	return true
}

// rebuildSite builds the site again and serves it, or prints why it
// could not and keeps the last good one.
func rebuildSite(cmd *cobra.Command, opts *siteServeOptions, preview *sitePreview) {
	start := time.Now()
	stderr := cmd.ErrOrStderr()
	s, err := loadAndBuildSite(cmd, &opts.siteOptions, site.Options{Stats: opts.stats})
	if err != nil {
		if !errors.Is(err, errProblems) { // errProblems: already printed
			fmt.Fprintf(stderr, "tilekit: %v\n", err)
		}
		fmt.Fprintln(stderr, "tilekit: the site was not rebuilt; still serving the last good one")
		return
	}
	preview.set(s)
	fmt.Fprintf(stderr, "tilekit: rebuilt the site (%d files) in %s\n", len(s.Paths()), time.Since(start).Round(time.Millisecond))
}

// fileStamp is what tells that a file changed: its size and time of
// change.
type fileStamp struct {
	size    int64
	modTime time.Time
}

// dataFingerprint stamps every .toml and .md file below the folders (not
// hidden ones, such as an editor's lock or swap files), by path.
func dataFingerprint(dirs []string) map[string]fileStamp {
	stamps := map[string]fileStamp{}
	for _, dir := range dirs {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil // gone meanwhile, or unreadable: the build says so
			case p != dir && strings.HasPrefix(d.Name(), "."):
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			case d.IsDir() || !(strings.HasSuffix(p, ".toml") || strings.HasSuffix(p, ".md")):
				return nil
			}
			if info, err := os.Stat(p); err == nil { // follows a link, as loading does
				stamps[p] = fileStamp{info.Size(), info.ModTime()}
			}
			return nil
		})
	}
	return stamps
}
