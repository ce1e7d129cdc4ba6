package validator

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/yuin/goldmark/ast"
)

// The checks of a rules text's links and images, on its tree
// (texts_markdown.go): an image from elsewhere, which the site would have
// the reader's browser fetch; a "#anchor" that no heading of the text
// has; a KIND:ID link (tilekit.TextLinkKind) to nothing in the catalog.
// Each is reported at its opener ("![" or "[").

// checkImage reports an image from another site.
func (m *markdownText) checkImage(img *ast.Image) {
	if dest := string(img.Destination); tilekit.IsElsewhere(dest) {
		m.report(img.Pos(), "text-remote-image", Error, "the image %s is on another site: the rules reference fetches nothing from elsewhere, so link to it instead ([...](%s)) or leave it out", dest, dest)
	}
}

// checkLink reports a link to an anchor or a page that is not there.
func (m *markdownText) checkLink(cat *tilekit.Catalog, l *ast.Link) {
	msg := linkProblem(cat, &m.anchors.HeadingIDs, string(l.Destination))
	if msg == "" {
		return
	}
	code := "text-unknown-link"
	if strings.HasPrefix(string(l.Destination), "#") {
		code = "text-unknown-anchor"
	}
	m.report(l.Pos(), code, Error, "%s", msg)
}

// linkProblem says what is wrong with a link's destination, or "".
func linkProblem(cat *tilekit.Catalog, ids *tilekit.HeadingIDs, dest string) string {
	if anchor, ok := strings.CutPrefix(dest, "#"); ok {
		if ids.Has(anchor) {
			return ""
		}
		return fmt.Sprintf("the link goes to #%s, which no heading of this text has; a heading's anchor is its text in lower case, with hyphens between words (## The tiles is #the-tiles)", anchor)
	}
	kind, id, ok := tilekit.ParseTextLink(dest)
	if !ok || cat.HasTextLinkTarget(kind, id) {
		return ""
	}
	return fmt.Sprintf("the link goes to %s:%s, but no loaded file defines the %s %q%s", kind, id, kind, id, Suggest(id, knownIDs(cat, string(kind))))
}
