package site

import (
	"regexp"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/yuin/goldmark/ast"
)

// The links of a rules text (see tilekit.TextLinkKind): a KIND:ID link
// becomes a relative link to that page of the site, or its plain text
// when the site leaves the page out (a selection without it); a "#anchor"
// link goes to the heading's id on the page; an image from elsewhere,
// which the validator refuses, is shown as its text, since the site
// fetches nothing from elsewhere. The HTML is made from the changed tree,
// the Markdown page from edits of the source.

// linkResolver returns the relative link, from the page a rules text is
// on, to the page a KIND:ID link names, and false when the site has no
// such page.
type linkResolver func(kind tilekit.TextLinkKind, id string) (string, bool)

// wikiEdit replaces cut bytes of a text's source at an offset with other
// text, for its Markdown page.
type wikiEdit struct {
	at   int
	with string
	cut  int
}

// referenceDefinition matches a link reference definition's label and the
// start of its destination.
var referenceDefinition = regexp.MustCompile(`(?m)^ {0,3}\[[^\]\n]+\]:[ \t]*<?([a-z]+:[^\s>]+)`)

// textLinks returns the resolver of KIND:ID links for a page.
func (b *builder) textLinks(page string) linkResolver {
	return func(kind tilekit.TextLinkKind, id string) (string, bool) {
		switch kind {
		case tilekit.TextLinkExpansion:
			if !b.cat.HasExpansionOrPart(id) || !b.covers(id) {
				return "", false
			}
			exp := tilekit.ParentExpansion(id)
			if exp == id {
				return b.pageLink(page, "expansions/"+exp, ""), true
			}
			return b.pageLink(page, "expansions/"+exp, "part-"+anchorID(id)), true
		case tilekit.TextLinkTable:
			if b.answers[id] == nil {
				return "", false
			}
			return b.pageLink(page, "tables/"+id, ""), true
		case tilekit.TextLinkExample:
			if s := b.cat.Scenario(id); s == nil || !b.covers(tilekit.ParentExpansion(id)) || !b.coversAll(s.Expansions) {
				return "", false
			}
			return b.pageLink(page, "examples/"+slug(id), ""), true
		case tilekit.TextLinkTile:
			if t := b.cat.Tile(id); t == nil || !b.covers(t.Expansion()) {
				return "", false
			}
			return b.pageLink(page, "tiles", "tile-"+anchorID(id)), true
		}
		return "", false
	}
}

// resolveLinks rewrites the links and images of a parsed text and returns
// the edits that do the same to its Markdown source.
func resolveLinks(doc ast.Node, src []byte, ids *tilekit.TextIDs, resolve linkResolver) []wikiEdit {
	var nodes []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && (n.Kind() == ast.KindLink || n.Kind() == ast.KindImage) {
			nodes = append(nodes, n)
		}
		return ast.WalkContinue, nil
	})
	var edits []wikiEdit
	for _, n := range nodes {
		switch l := n.(type) {
		case *ast.Image:
			if tilekit.IsElsewhere(string(l.Destination)) {
				edits = append(edits, unlinkEdits(l, src, 2)...)
				unlink(l)
			}
		case *ast.Link:
			dest := string(l.Destination)
			if anchor, ok := strings.CutPrefix(dest, "#"); ok {
				if ids.Has(anchor) {
					l.Destination = []byte("#" + ids.Prefix + anchor) // the wiki makes its own ids
				}
				continue
			}
			kind, id, ok := tilekit.ParseTextLink(dest)
			if !ok {
				continue
			}
			href, found := resolve(kind, id)
			if !found {
				edits = append(edits, unlinkEdits(l, src, 1)...)
				unlink(l)
				continue
			}
			if at, ok := inlineDestination(l, src); ok {
				edits = append(edits, wikiEdit{at: at, with: href, cut: len(dest)})
			}
			l.Destination = []byte(href)
		}
	}
	return append(edits, definitionEdits(doc, src, resolve)...)
}

// definitionEdits rewrites, in the Markdown source, the KIND:ID
// destinations of link reference definitions outside code.
func definitionEdits(doc ast.Node, src []byte, resolve linkResolver) []wikiEdit {
	var edits []wikiEdit
	code := codeRanges(doc)
	for _, m := range referenceDefinition.FindAllSubmatchIndex(src, -1) {
		if inRanges(code, m[2]) {
			continue
		}
		dest := string(src[m[2]:m[3]])
		if kind, id, ok := tilekit.ParseTextLink(dest); ok {
			if href, found := resolve(kind, id); found {
				edits = append(edits, wikiEdit{at: m[2], with: href, cut: len(dest)})
			}
		}
	}
	return edits
}

// codeRanges returns the source ranges of a text's code blocks.
func codeRanges(doc ast.Node) [][2]int {
	var out [][2]int
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && (n.Kind() == ast.KindFencedCodeBlock || n.Kind() == ast.KindCodeBlock) {
			for i := range n.Lines().Len() {
				seg := n.Lines().At(i)
				out = append(out, [2]int{seg.Start, seg.Stop})
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// inRanges reports whether an offset lies in one of the ranges.
func inRanges(ranges [][2]int, at int) bool {
	for _, r := range ranges {
		if at >= r[0] && at < r[1] {
			return true
		}
	}
	return false
}

// unlink replaces a link or image with its content.
func unlink(n ast.Node) {
	parent := n.Parent()
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		parent.InsertBefore(parent, n, c)
		c = next
	}
	parent.RemoveChild(parent, n)
}

// textSpan returns the source range of the text of a link or image.
func textSpan(n ast.Node) (start, stop int, ok bool) {
	start = -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, isText := c.(*ast.Text); entering && isText {
			if start < 0 {
				start = t.Segment.Start
			}
			stop = t.Segment.Stop
		}
		return ast.WalkContinue, nil
	})
	return start, stop, start >= 0
}

// inlineDestination returns where an inline link's destination starts in
// the source, "](" and a "<" after its text.
func inlineDestination(n *ast.Link, src []byte) (int, bool) {
	_, stop, ok := textSpan(n)
	if !ok || !strings.HasPrefix(string(src[stop:min(stop+2, len(src))]), "](") {
		return 0, false
	}
	at := stop + 2
	for at < len(src) && (src[at] == ' ' || src[at] == '\t' || src[at] == '<') {
		at++
	}
	if !strings.HasPrefix(string(src[at:]), string(n.Destination)) {
		return 0, false
	}
	return at, true
}

// unlinkEdits returns the edits that leave only the text of an inline
// link or image (opener "[" or "![") in the source, or none when it is
// not written inline.
func unlinkEdits(n ast.Node, src []byte, opener int) []wikiEdit {
	start, stop, ok := textSpan(n)
	if !ok || start < opener || !strings.HasPrefix(string(src[stop:min(stop+2, len(src))]), "](") {
		return nil
	}
	end := strings.IndexByte(string(src[stop:]), ')')
	if end < 0 {
		return nil
	}
	return []wikiEdit{{at: start - opener, cut: opener}, {at: stop, cut: end + 1}}
}
