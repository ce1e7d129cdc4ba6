package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// searchEntry is one entry of the search index: what a reader can find,
// where, and the text that is searched.
type searchEntry struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	Kind  string `json:"kind"`
	Text  string `json:"text"`
	// Needs are the expansion and part ids the entry applies to, as a
	// page's data-needs, so that the search follows the reader's choice;
	// Publishers likewise.
	Needs      string `json:"needs,omitempty"`
	Publishers string `json:"publishers,omitempty"`
	// Verdict is an answer's verdict, which the result shows beside the
	// question it answers.
	Verdict  string `json:"verdict,omitempty"`
	Question string `json:"question,omitempty"`
}

// maxSearchText is the longest text an entry keeps, in bytes, so that the
// index stays small.
const maxSearchText = 400

// addSearch adds an entry for a page (its path without extension) and an
// anchor on it, and returns it for the caller to say what it needs.
func (b *builder) addSearch(title, page, anchor, kind, text string) *searchEntry {
	url := page + b.ext()
	if anchor != "" {
		url += "#" + anchor
	}
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > maxSearchText {
		cut := maxSearchText
		for cut > 0 && text[cut]&0xC0 == 0x80 {
			cut--
		}
		text = text[:cut] + "…"
	}
	b.search = append(b.search, searchEntry{Title: title, URL: url, Kind: kind, Text: text})
	return &b.search[len(b.search)-1]
}

// needing notes what a search entry applies to.
func (e *searchEntry) needing(n needs) *searchEntry {
	e.Needs, e.Publishers = n.Attr(), n.PublishersAttr()
	return e
}

// writeSearchIndex writes assets/search-index.js, which sets
// window.tilekitSearch to the entries in the order the pages were built.
func (b *builder) writeSearchIndex() error {
	if b.opt.Format != HTML {
		return nil
	}
	data, err := json.Marshal(b.search)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	var buf bytes.Buffer
	buf.WriteString("// The search index of the tilekit rules reference, written by tilekit site build.\nwindow.tilekitSearch = ")
	buf.Write(data)
	buf.WriteString(";\n")
	b.put("assets/search-index.js", buf.Bytes())
	return nil
}
